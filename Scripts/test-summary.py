#!/usr/bin/env python3
"""The summary line of a `swift test` run, read from its output: `.ci/run` and the workflow's macOS job end with it.

    swift test 2>&1 | tee tests.log; python3 Scripts/test-summary.py tests.log [--name NAME] [--wall SECONDS]

Prints, from Swift Testing's console output:

    === tests (NAME): 1234 passed, 5 skipped, 0 failed; the run took 76.1 s (150.2 s with the build)
      skipped: aTest() — "its reason"
      slowest: 12.3 s  aSlowTest()
      ...        (the ten slowest tests)

Exit status 0; 1 when the log has no end-of-run line (the run did not finish).
"""

import re
import sys

TEST = re.compile(r"^(\S+) Test (.+?) (passed|failed) after ([\d.]+) seconds")
SKIPPED = re.compile(r"^➜ Test (.+?) skipped(?:: (\".*\"))?")
RUN = re.compile(r"^\S+ Test run with (\d+) tests? in \d+ suites? (?:passed|failed) after ([\d.]+) seconds")


def summarize(lines, name="swift test", wall=None):
    passed, failed, skipped, durations, total, elapsed = set(), set(), {}, {}, None, None
    for line in lines:
        line = line.rstrip("\n")
        if found := RUN.match(line):
            total, elapsed = int(found.group(1)), float(found.group(2))
        elif found := TEST.match(line):
            test = found.group(2)
            (passed if found.group(3) == "passed" else failed).add(test)
            durations[test] = max(durations.get(test, 0.0), float(found.group(4)))
        elif found := SKIPPED.match(line):
            skipped[found.group(1)] = found.group(2) or ""
    if elapsed is None:
        return 1, [f"=== tests ({name}): the run did not finish (no `Test run with …` line)"]
    passed -= failed
    took = f"the run took {elapsed:.1f} s" + (f" ({wall:.1f} s with the build)" if wall is not None else "")
    out = [f"=== tests ({name}): {len(passed)} passed, {len(skipped)} skipped, {len(failed)} failed; {took}"]
    for test, reason in sorted(skipped.items()):
        out.append(f"  skipped: {test}" + (f" — {reason}" if reason else ""))
    for test in sorted(failed):
        out.append(f"  failed: {test}")
    for test, seconds in sorted(durations.items(), key=lambda item: -item[1])[:10]:
        out.append(f"  slowest: {seconds:6.1f} s  {test}")
    return 0, out


def main(arguments):
    if not arguments:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, name, wall = arguments[0], "swift test", None
    rest = arguments[1:]
    while rest:
        option, value, rest = rest[0], rest[1], rest[2:]
        if option == "--name":
            name = value
        elif option == "--wall":
            wall = float(value)
    with open(path, encoding="utf-8", errors="replace") as file:
        status, out = summarize(file, name, wall)
    print("\n".join(out))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
