// poll-relay: copies standard input to standard output as `profile run --redact`'s relay does, without redacting:
// the input is non-blocking and waited for with poll(2), then read (128 KiB at most, as `cat`) up to 8 times in a row
// while it gives bytes, each read written out whole. The `run --redact` benchmark runs it beside `cat` as the floor
// of a relay that waits for several descriptors with poll (on Linux, for one, a polled pipe wakes its readers' queue
// on every write, not only the write into an empty pipe: fs/pipe.c, anon_pipe_write, `if (was_empty ||
// pipe->poll_usage)`, the flag set by pipe_poll; a writer of one line per write pays it on each line).
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

static char buffer[1 << 17];

int main(void) {
    if (fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK) < 0) return 1;
    for (;;) {
        struct pollfd input = {.fd = 0, .events = POLLIN};
        if (poll(&input, 1, -1) < 0) return 1;
        for (int reads = 0; reads < 8; reads++) {
            ssize_t count = read(0, buffer, sizeof buffer);
            if (count == 0) return 0;
            if (count < 0) break;  // EAGAIN: back to poll
            for (ssize_t done = 0; done < count;) {
                ssize_t written = write(1, buffer + done, (size_t)(count - done));
                if (written < 0) return 1;
                done += written;
            }
        }
    }
}
