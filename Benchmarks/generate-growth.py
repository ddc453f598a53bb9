#!/usr/bin/env python3
"""Writes the inputs of Benchmarks/run.sh's growth section: each at size N and 4N, to show cost grows linearly.

    python3 Benchmarks/generate-growth.py catalog N OUT_DIR
        `_catalog.yml` declaring N values (int with a range, double, string, url, bool, enum), N/4 flags and N/4
        mock points, and profiles that set every one of them: `all` for the first 1,000 values (and their flags and
        mock points), `all-2` for the next 1,000, and so on, so that each profile's payload stays within what one
        environment variable can hold (131,072 bytes: 4,000 values in one profile would not launch).
    python3 Benchmarks/generate-growth.py chain N OUT_DIR
        N profiles in one `extends` chain: `p00000` (abstract root) <- `p00001` <- ... <- `p<N-1>` (the leaf), each
        adding an env entry, an argument, a flag and a value.
    python3 Benchmarks/generate-growth.py catalog-for SET_DIR [--unused N]
        a `_catalog.yml` in SET_DIR (a generate-profiles.py set) declaring every flag, mock point and value the set
        uses, plus N entries no profile uses (N/2 values, N/4 flags, N/4 mock points).
Same arguments, same bytes.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module

profiles = import_module("generate-profiles")


def write(path, text):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def catalog(n, out):
    os.makedirs(out, exist_ok=True)
    kinds = ["int", "double", "string", "url", "bool", "enum"]
    lines = ["flags:"]
    for i in range(n // 4):
        lines.append("  flag%05d: Flag number %d" % (i, i))
    lines.append("mocks:")
    for i in range(n // 4):
        lines += ["  point%05d:" % i, "    variants: [live, local-mock, recorded]", "    default: live"]
    lines.append("values:")
    for i in range(n):
        kind = kinds[i % len(kinds)]
        lines.append("  value%05d:" % i)
        if kind == "enum":
            lines += ["    type: enum", "    cases: [small, medium, large]"]
        else:
            lines.append("    type: %s" % kind)
        if kind == "int":
            lines += ["    minimum: 0", "    maximum: 100000"]
        lines.append("    description: Value number %d" % i)
    write(os.path.join(out, "_catalog.yml"), "\n".join(lines) + "\n")
    samples = {"int": "42", "double": "2.5", "string": "text", "url": "https://example.test/x", "bool": "true",
               "enum": "medium"}
    per_profile = 1000
    for part, start in enumerate(range(0, n, per_profile)):
        end = min(n, start + per_profile)
        body = ["description: Sets values %d to %d of the catalog, and their flags and mock points" % (start, end - 1),
                "flags:"]
        body += ["  flag%05d: true" % i for i in range(start // 4, end // 4)]
        body.append("mocks:")
        body += ["  point%05d: local-mock" % i for i in range(start // 4, end // 4)]
        body.append("values:")
        body += ["  value%05d: %s" % (i, samples[kinds[i % len(kinds)]]) for i in range(start, end)]
        write(os.path.join(out, "all.yml" if part == 0 else "all-%d.yml" % (part + 1)), "\n".join(body) + "\n")


def chain(n, out):
    os.makedirs(out, exist_ok=True)
    for i in range(n):
        lines = ["description: Link %d of the chain" % i]
        if i == 0:
            lines.append("abstract: true")
        else:
            lines.append("extends: p%05d" % (i - 1))
        lines += ["env:", "  VAR_%d: value-%d" % (i % 50, i), "arguments:", "  - -arg%d" % (i % 50),
                  "flags:", "  flag%d: %s" % (i % 50, "true" if i % 2 else "false"),
                  "values:", "  value%d: %d" % (i % 50, i)]
        write(os.path.join(out, "p%05d.yml" % i), "\n".join(lines) + "\n")


def catalog_for(directory, unused):
    flags, mocks, values = set(), {}, {}
    section = None
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".yml") or name.startswith("_"):
            continue
        for line in open(os.path.join(directory, name), encoding="utf-8"):
            if not line.startswith(" "):
                section = line.split(":")[0].strip()
                continue
            match = re.match(r"  ([^ :]+): (.*)$", line.rstrip("\n"))
            if not match:
                continue
            key, value = match.groups()
            if section == "flags":
                flags.add(key)
            elif section == "mocks":
                mocks.setdefault(key, set()).add(value)
            elif section == "values":
                values[key] = profiles.VALUE_KEYS[key]
    lines = ["flags:"]
    lines += ["  %s: The %s flag" % (key, key) for key in sorted(flags)]
    lines += ["  unusedFlag%05d: Never set" % i for i in range(unused // 4)]
    lines.append("mocks:")
    for key in sorted(mocks):
        lines += ["  %s:" % key, "    variants: [%s]" % ", ".join(profiles.MOCK_POINTS[key])]
    for i in range(unused // 4):
        lines += ["  unusedPoint%05d:" % i, "    variants: [live, local-mock]"]
    lines.append("values:")
    lines += ["  %s: {type: %s}" % (key, kind) for key, kind in sorted(values.items())]
    lines += ["  unusedValue%05d: {type: int, minimum: 0}" % i for i in range(unused - 2 * (unused // 4))]
    write(os.path.join(directory, "_catalog.yml"), "\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["catalog", "chain", "catalog-for"])
    parser.add_argument("arguments", nargs="+")
    parser.add_argument("--unused", type=int, default=0)
    options = parser.parse_args()
    if options.kind == "catalog":
        catalog(int(options.arguments[0]), options.arguments[1])
    elif options.kind == "chain":
        chain(int(options.arguments[0]), options.arguments[1])
    else:
        catalog_for(options.arguments[0], options.unused)


if __name__ == "__main__":
    main()
