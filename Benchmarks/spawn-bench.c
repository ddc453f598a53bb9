/*
 * spawn-bench: fork/exec a command N times, waiting for each, and print the elapsed wall time in ns.
 *
 *     cc -O2 -o spawn-bench spawn-bench.c
 *     spawn-bench N CMD [ARGS...]        ->  prints one line: "<elapsed ns>"
 *
 * Used by Benchmarks/run.sh so that the timed loop is a tight C loop, not shell overhead. The child's stdin,
 * stdout and stderr are /dev/null (run.sh runs each command once, visibly, before timing it), so terminal
 * output is not part of the figure. Exits 1 (after printing which) if any child does not exit 0, so a broken
 * command cannot pass for a fast one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static unsigned long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s N CMD [ARGS...]\n", argv[0]);
        return 2;
    }
    char *end = NULL;
    long n = strtol(argv[1], &end, 10);
    if (*end != '\0' || n <= 0) {
        fprintf(stderr, "spawn-bench: bad count `%s`\n", argv[1]);
        return 2;
    }
    char **command = argv + 2;
    int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);

    unsigned long long start = now_ns();
    for (long i = 0; i < n; i++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("spawn-bench: fork");
            return 1;
        }
        if (pid == 0) {
            int saved_stderr = dup(2);
            if (devnull >= 0) {
                dup2(devnull, 0);
                dup2(devnull, 1);
                dup2(devnull, 2);
            }
            if (saved_stderr >= 0) fcntl(saved_stderr, F_SETFD, FD_CLOEXEC);
            execvp(command[0], command);
            if (saved_stderr >= 0) dup2(saved_stderr, 2);
            fprintf(stderr, "spawn-bench: cannot exec `%s`: %s\n", command[0], strerror(errno));
            _exit(127);
        }
        int status = 0;
        while (waitpid(pid, &status, 0) < 0) {
            if (errno != EINTR) {
                perror("spawn-bench: waitpid");
                return 1;
            }
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "spawn-bench: `%s` failed (status %d) on run %ld\n", command[0],
                    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), i + 1);
            return 1;
        }
    }
    unsigned long long elapsed = now_ns() - start;
    printf("%llu\n", elapsed);
    return 0;
}
