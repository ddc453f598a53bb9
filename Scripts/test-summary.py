#!/usr/bin/env python3
"""The summary of a `swift test` run, read from its output: `.ci/run` and the workflow's macOS job end with it.

    PROFILE_TEST_COSTS=tests.costs swift test 2>&1 | tee tests.log
    python3 Scripts/test-summary.py tests.log [--name NAME] [--wall SECONDS] [--costs tests.costs]

Prints, from Swift Testing's console output and the costs file the tests write (Tests/TestSupport/TestCosts.swift: one
line per child process the tests waited for: its CPU, its time on the clock, the test that ran it, the program; and, as
it exits, one for the test process itself, whose test is `(the test process)`):

    === tests (NAME): 1234 passed, 5 skipped, 0 failed; the run took 76.1 s (150.2 s with the build)
      skipped: aTest() — "its reason"
      the test process: 40.1 s of CPU (the tests' own work in it: code tested in process, files written, ...)
      children: 5678 processes, 140.2 s of CPU (user + system, from wait4) ...
      by suite:   51.0 s CPU    980 processes  Module.Suite
      ...         (the ten suites whose children used the most CPU)
      by test:    12.3 s CPU    120 processes  Module.Suite/aTest()
      ...         (the ten tests whose children used the most CPU)

CPU, not the durations Swift Testing prints: those count the time a test waits for a thread while others run (two at
a time on two cores), so they rank tests by where they fell in the run, not by what they cost. What a test's children
used is what the test costs the machine whatever runs beside it; the test process's own CPU (code tested in
process) is not in it, and has its own line: in one process, it is not split by test.

Exit status 0; 1 when the log has no end-of-run line (the run did not finish).
"""

import re
import sys

TEST = re.compile(r"^(\S+) Test (.+?) (passed|failed) after ([\d.]+) seconds")
SKIPPED = re.compile(r"^➜ Test (.+?) skipped(?:: (\".*\"))?")
RUN = re.compile(r"^\S+ Test run with (\d+) tests? in \d+ suites? (?:passed|failed) after ([\d.]+) seconds")

# The test of the line the test process writes for itself as it exits (TestCosts.testProcess).
TEST_PROCESS = "(the test process)"

EXPLANATION = ("  (CPU of the processes each test started and waited for, user + system from wait4, their own children "
               "included: what a test costs whatever runs beside it. Not Swift Testing's durations, which count the "
               "wait for a thread while other tests run. The test process's own CPU is not in them.)")


def costs(lines):
    """The costs file's lines as (cpu, test, program); malformed lines are skipped."""
    for line in lines:
        fields = line.rstrip("\n").split("\t")
        if len(fields) != 4:
            continue
        try:
            yield float(fields[0]), fields[2], fields[3]
        except ValueError:
            continue


def ranked(entries, key, count=10):
    """The `count` keys with the most CPU: (cpu, processes, key), most first."""
    totals = {}
    for cpu, test, _ in entries:
        name = key(test)
        seconds, processes = totals.get(name, (0.0, 0))
        totals[name] = (seconds + cpu, processes + 1)
    ordered = sorted(totals.items(), key=lambda item: (-item[1][0], item[0]))
    return [(seconds, processes, name) for name, (seconds, processes) in ordered[:count]]


def summarize(lines, name="swift test", wall=None, cost_lines=None):
    passed, failed, skipped, total, elapsed = set(), set(), {}, None, None
    for line in lines:
        line = line.rstrip("\n")
        if found := RUN.match(line):
            total, elapsed = int(found.group(1)), float(found.group(2))
        elif found := TEST.match(line):
            test = found.group(2)
            (passed if found.group(3) == "passed" else failed).add(test)
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
    if cost_lines is None:
        out.append("  (no costs file: run with PROFILE_TEST_COSTS=FILE and pass --costs FILE for what each test cost)")
        return 0, out
    entries = list(costs(cost_lines))
    own = [entry[0] for entry in entries if entry[1] == TEST_PROCESS]
    entries = [entry for entry in entries if entry[1] != TEST_PROCESS]
    if own:
        out.append(f"  the test process: {sum(own):.1f} s of CPU (the tests' own work in it, not in the lines below)")
    cpu = sum(entry[0] for entry in entries)
    out.append(f"  children: {len(entries)} processes, {cpu:.1f} s of CPU")
    out.append(EXPLANATION)
    for seconds, processes, suite in ranked(entries, lambda test: test.split("/")[0]):
        out.append(f"  by suite: {seconds:6.1f} s CPU {processes:6d} processes  {suite}")
    for seconds, processes, test in ranked(entries, lambda test: test):
        out.append(f"  by test:  {seconds:6.1f} s CPU {processes:6d} processes  {test}")
    return 0, out


def main(arguments):
    if not arguments:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, name, wall, costs_path = arguments[0], "swift test", None, None
    rest = arguments[1:]
    while rest:
        option, value, rest = rest[0], rest[1], rest[2:]
        if option == "--name":
            name = value
        elif option == "--wall":
            wall = float(value)
        elif option == "--costs":
            costs_path = value
    cost_lines = None
    if costs_path is not None:
        try:
            with open(costs_path, encoding="utf-8", errors="replace") as file:
                cost_lines = file.readlines()
        except FileNotFoundError:
            cost_lines = []
    with open(path, encoding="utf-8", errors="replace") as file:
        status, out = summarize(file, name, wall, cost_lines)
    print("\n".join(out))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
