// SwiftPM links an executable target with `main` renamed to `<Module>_main`, which libFuzzer's own `main` does not
// satisfy: these are those entry points (one per fuzzer executable), handing control to libFuzzer's driver with the
// Swift fuzz target of the executable (each defines `LLVMFuzzerTestOneInput`).
#include <stddef.h>
#include <stdint.h>
#include "FuzzerEntry.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int ProfileFuzzer_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}

int RuntimeFuzzer_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
