#ifndef CLIBYAML_SHIM_H
#define CLIBYAML_SHIM_H
#include <yaml.h>

#if defined(__linux__)
#include <stdint.h>
#include <sys/types.h>
/* Linux's tee(2) and splice(2) (`run --redact` passes the checked bytes of a pipe on without copying them), which
   glibc's <fcntl.h> declares only under _GNU_SOURCE (bits/fcntl-linux.h, glibc 2.36: `extern __ssize_t splice (int
   __fdin, __off64_t *__offin, int __fdout, __off64_t *__offout, size_t __len, unsigned int __flags);` and `extern
   __ssize_t tee (int __fdin, int __fdout, size_t __len, unsigned int __flags);`), and Swift's Glibc module is built
   without it. The same functions under names of their own (asm labels: the symbols are glibc's and musl's `tee` and
   `splice`), so that they never clash with a module that does declare them. */
ssize_t profile_tee(int fdin, int fdout, size_t len, unsigned int flags) __asm__("tee");
ssize_t profile_splice(int fdin, int64_t *offin, int fdout, int64_t *offout, size_t len, unsigned int flags)
    __asm__("splice");
#endif
#endif
