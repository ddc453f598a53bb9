/*
 * yaml-walk: the floor for loading profiles. For every file named on the command line (a directory stands
 * for every *.yml / *.yaml file in it), read the whole file into memory and walk libyaml's parser events
 * (yaml_parser_parse until STREAM_END), nothing else. Prints "<files> files, <bytes> bytes, <events> events".
 *
 *     cc -O2 -o yaml-walk yaml-walk.c -lyaml
 *     yaml-walk DIR|FILE...
 *
 * Exits 1 on a read or syntax error.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

static unsigned long long total_files, total_bytes, total_events;
static unsigned char *buffer;
static size_t capacity;

static int walk_file(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) { perror(path); return 1; }
    struct stat info;
    if (fstat(fd, &info) != 0) { perror(path); close(fd); return 1; }
    size_t size = (size_t)info.st_size;
    if (size + 1 > capacity) {
        capacity = size + 1;
        buffer = realloc(buffer, capacity);
        if (!buffer) { perror("realloc"); exit(1); }
    }
    size_t count = 0;
    while (count < size) {
        ssize_t got = read(fd, buffer + count, size - count);
        if (got < 0) { perror(path); close(fd); return 1; }
        if (got == 0) break;
        count += (size_t)got;
    }
    close(fd);

    yaml_parser_t parser;
    yaml_event_t event;
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, buffer, count);
    int done = 0, failed = 0;
    while (!done) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%zu:%zu: %s\n", path, parser.problem_mark.line + 1, parser.problem_mark.column + 1,
                    parser.problem ? parser.problem : "syntax error");
            failed = 1;
            break;
        }
        done = event.type == YAML_STREAM_END_EVENT;
        total_events++;
        yaml_event_delete(&event);
    }
    yaml_parser_delete(&parser);
    total_files++;
    total_bytes += count;
    return failed;
}

static int has_yaml_suffix(const char *name) {
    size_t length = strlen(name);
    return (length > 4 && strcmp(name + length - 4, ".yml") == 0) ||
           (length > 5 && strcmp(name + length - 5, ".yaml") == 0);
}

static int walk_directory(const char *path) {
    DIR *dir = opendir(path);
    if (!dir) { perror(path); return 1; }
    int failed = 0;
    struct dirent *entry;
    size_t base = strlen(path);
    char *full = malloc(base + 2 + 256);
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.' || !has_yaml_suffix(entry->d_name)) continue;
        sprintf(full, "%s/%s", path, entry->d_name);
        failed |= walk_file(full);
    }
    free(full);
    closedir(dir);
    return failed;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR|FILE...\n", argv[0]);
        return 2;
    }
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        struct stat info;
        if (stat(argv[i], &info) == 0 && S_ISDIR(info.st_mode)) failed |= walk_directory(argv[i]);
        else failed |= walk_file(argv[i]);
    }
    printf("%llu files, %llu bytes, %llu events\n", total_files, total_bytes, total_events);
    return failed;
}
