#ifndef FUZZER_ENTRY_H
#define FUZZER_ENTRY_H
// Nothing to import: this module only supplies the executable's entry point (see FuzzerEntry.c).
#endif
