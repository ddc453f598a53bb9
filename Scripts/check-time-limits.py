#!/usr/bin/env python3
"""Every test suite that starts processes has a time limit: `@Suite(.timeLimit(.minutes(N)))`.

    python3 Scripts/check-time-limits.py [ROOT]

A suite that waits on a child (a peer, a shell in tmux, the built `profile`) can hang when the child does; Swift
Testing's `.timeLimit` trait ends it with a failure instead. Which suites start processes is found from what they call,
not from a list: in each test target (a folder of `Tests/`, with `Tests/TestSupport` shared by all), a top-level type
starts processes when its body (its extensions' included) calls one of the ways to start one (`Subprocess.run`,
`Subprocess.spawn`, Foundation's `Process()`, `posix_spawn`, `fork()`), or names another type that does (`CLI`,
`Project`, `TmuxServer`, ...), repeated until nothing new is found. Comments and string literals are left out first
(a test's YAML or shell text names anything).

Prints every such suite without a time limit, with its file and line, and exits 1 when there is one; 0 otherwise,
listing how many suites start processes.
"""

import os
import re
import sys

STARTS = re.compile(r"\bSubprocess\s*\.\s*(?:run|spawn)\b|\bProcess\s*\(\s*\)|\bposix_spawnp?\b|\bfork\s*\(")
DECLARATION = re.compile(
    r"(?P<attributes>(?:@\w+(?:\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?\s*)*)"
    r"(?:(?:public|package|internal|private|fileprivate|final|open)\s+)*"
    r"(?P<kind>struct|class|enum|actor|extension)\s+(?P<name>[A-Za-z_][\w.]*)[^{;]*\{"
)


def strip(source):
    """The source with comments and string literals blanked (kept as spaces, newlines kept for line numbers)."""
    out, i, n = [], 0, len(source)

    def blank(text):
        return "".join("\n" if c == "\n" else " " for c in text)

    while i < n:
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            out.append(blank(source[i:end]))
            i = end
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(blank(source[i:j]))
            i = j
        elif source[i] == '"' or (source[i] == "#" and re.match(r'#+"', source[i:])):
            j = skip_string(source, i)
            out.append(blank(source[i:j]))
            i = j
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def skip_string(source, start):
    """The index just after the string literal at `start` (raw `#"…"#`, multi-line `\"\"\"…\"\"\"`, interpolations
    `\\( … )` with their own strings inside)."""
    hashes = 0
    while source[start + hashes] == "#":
        hashes += 1
    i = start + hashes
    multi = source.startswith('"""', i)
    quote = '"""' if multi else '"'
    closing = quote + "#" * hashes
    escape = "\\" + "#" * hashes
    i += len(quote)
    n = len(source)
    while i < n:
        if source.startswith(escape, i):
            j = i + len(escape)
            if j < n and source[j] == "(":
                i = skip_interpolation(source, j)
            else:
                i = j + 1
        elif source.startswith(closing, i):
            return i + len(closing)
        elif not multi and source[i] == "\n":
            return i
        else:
            i += 1
    return n


def skip_interpolation(source, start):
    """The index just after the `)` closing the interpolation opened at `start`."""
    depth, i, n = 0, start, len(source)
    while i < n:
        c = source[i]
        if c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            i = skip_string(source, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def top_level_types(text):
    """(name, kind, attributes, body, offset) of each declaration at the top level of a stripped file."""
    found, depth, i = [], 0, 0
    while i < len(text):
        if depth == 0:
            match = DECLARATION.match(text, i)
            if match and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
                open_brace = match.end() - 1
                close = matching_brace(text, open_brace)
                found.append(
                    (
                        match.group("name").split(".")[0],
                        match.group("kind"),
                        match.group("attributes"),
                        text[open_brace:close],
                        i + len(match.group("attributes")),
                    )
                )
                i = close
                continue
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
        i += 1
    return found


def matching_brace(text, open_brace):
    depth = 0
    for i in range(open_brace, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def swift_files(folder):
    for directory, folders, files in os.walk(folder):
        folders[:] = sorted(f for f in folders if f != "Fixtures" and not f.startswith("."))
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


def read_types(paths, root):
    """name -> {'bodies': [...], 'suites': [(path, line, attributes)]}"""
    types = {}
    for path in paths:
        with open(path, encoding="utf-8") as file:
            source = file.read()
        text = strip(source)
        for name, kind, attributes, body, offset in top_level_types(text):
            entry = types.setdefault(name, {"bodies": [], "suites": []})
            entry["bodies"].append(body)
            if "@Suite" in attributes or (kind != "extension" and "@Test" in body):
                line = text.count("\n", 0, offset) + 1
                entry["suites"].append((os.path.relpath(path, root), line, attributes))
    return types


def starting_types(types):
    """The names of the types that start processes, directly or through another such type."""
    starting = {name for name, entry in types.items() if any(STARTS.search(body) for body in entry["bodies"])}
    while True:
        if not starting:
            return starting
        names = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in sorted(starting)) + r")\b")
        more = {
            name
            for name, entry in types.items()
            if name not in starting and any(names.search(body) for body in entry["bodies"])
        }
        if not more:
            return starting
        starting |= more


def check(root):
    tests = os.path.join(root, "Tests")
    shared = list(swift_files(os.path.join(tests, "TestSupport")))
    missing, counted = [], 0
    for target in sorted(os.listdir(tests)):
        folder = os.path.join(tests, target)
        if target == "TestSupport" or not os.path.isdir(folder) or os.path.exists(os.path.join(folder, "Package.swift")):
            continue
        types = read_types(shared + list(swift_files(folder)), root)
        for name in sorted(starting_types(types)):
            for path, line, attributes in types[name]["suites"]:
                counted += 1
                if ".timeLimit(" not in attributes:
                    missing.append(f"{path}:{line}: error: suite `{name}` starts processes but has no `.timeLimit`")
    return counted, missing


def main(arguments):
    root = arguments[0] if arguments else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    counted, missing = check(os.path.normpath(root))
    for line in missing:
        print(line)
    if missing:
        print(f"{len(missing)} of {counted} suites that start processes have no time limit: add `.timeLimit(.minutes(N))`")
        return 1
    print(f"{counted} suites start processes; every one has a time limit")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
