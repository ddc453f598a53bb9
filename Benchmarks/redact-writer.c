// redact-writer MIB [--lines]: writes MIB mebibytes of log text to standard output, 1 MiB per write(2), as a chatty
// test run would; with --lines, one write(2) per line, as a logger that flushes each line does. The text holds near misses of the `run --redact` benchmark's secrets (their first bytes, prefixes) but
// never a whole one, so the output's size is the input's: the benchmark checks it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
    long mib = argc > 1 ? atol(argv[1]) : 1024;
    int lines_mode = argc > 2 && strcmp(argv[2], "--lines") == 0;
    size_t size = 1 << 20, used = 0;
    char *block = malloc(size);
    const char *lines[] = {
        "2026-11-26T10:00:00Z INFO  request GET /api/v1/items?page=3 200 12ms user=42 trace=tok-7f3a\n",
        "2026-11-26T10:00:00Z DEBUG Authorization: Bearer tok-SEKRIT-00 (expired), retrying with pw-\n",
        "2026-11-26T10:00:01Z WARN  slow query SELECT * FROM items WHERE id = 1234567 (250 ms)\n",
    };
    for (int i = 0; used < size; i++) {
        const char *line = lines[i % 3];
        size_t n = strlen(line);
        if (n > size - used) n = size - used;
        memcpy(block + used, line, n);
        used += n;
    }
    for (long i = 0; i < mib; i++) {
        if (lines_mode) {
            size_t start = 0;
            while (start < size) {
                char *newline = memchr(block + start, '\n', size - start);
                size_t end = newline ? (size_t)(newline - block) + 1 : size;
                while (start < end) {
                    ssize_t w = write(1, block + start, end - start);
                    if (w < 0) return 1;
                    start += (size_t)w;
                }
            }
            continue;
        }
        size_t done = 0;
        while (done < size) {
            ssize_t w = write(1, block + done, size - done);
            if (w < 0) return 1;
            done += (size_t)w;
        }
    }
    return 0;
}
