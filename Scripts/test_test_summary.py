"""Scripts/test-summary.py over a log in Swift Testing's console format (6.3), its whole output compared."""

import importlib.util
import os
import unittest

spec = importlib.util.spec_from_file_location(
    "test_summary", os.path.join(os.path.dirname(os.path.abspath(__file__)), "test-summary.py"))
summary = importlib.util.module_from_spec(spec)
spec.loader.exec_module(summary)

LOG = """[1/1] Planning build
◇ Test run started.
◇ Suite ToolsTests started.
✔ Test fast() passed after 0.071 seconds.
✘ Test broken() recorded an issue at ToolsTests.swift:3:9: Expectation failed
✘ Test broken() failed after 1.500 seconds with 1 issue.
➜ Test needsFish() skipped: "needs fish"
➜ Test quiet() skipped.
✔ Test slow(name:) passed after 12.250 seconds.
✔ Suite ToolsTests passed after 12.300 seconds.
✘ Test run with 5 tests in 1 suite failed after 12.301 seconds with 1 issue.
"""
# A run whose only issues are known ones ends with `━` (Swift Testing 6.3).
KNOWN = """━ Test flaky() passed after 0.500 seconds with 1 known issue.
━ Test run with 1 test in 1 suite passed after 0.600 seconds with 1 known issue.
"""


COSTS = """0.5000\t0.6000\tProfileCLITests.LintTests/slow(name:)\tprofile
0.2500\t0.3000\tProfileCLITests.LintTests/slow(name:)\tprofile
1.0000\t2.0000\tProfileCLITests.RunTests/broken()\tpython3
0.1000\t0.1000\t(no test)\tpython3
12.3400\t15.0000\t(the test process)\t/work/.build/debug/profilePackageTests.xctest
not a line
"""


class TestSummaryTests(unittest.TestCase):
    def test_a_whole_run(self):
        status, out = summary.summarize(LOG.splitlines(True), "swift test", 80.04, COSTS.splitlines(True))
        self.assertEqual(status, 0)
        self.assertEqual(out, [
            "=== tests (swift test): 2 passed, 2 skipped, 1 failed; the run took 12.3 s (80.0 s with the build)",
            '  skipped: needsFish() — "needs fish"',
            "  skipped: quiet()",
            "  failed: broken()",
            "  the test process: 12.3 s of CPU (the tests' own work in it, not in the lines below)",
            "  children: 4 processes, 1.9 s of CPU",
            summary.EXPLANATION,
            "  by suite:    1.0 s CPU      1 processes  ProfileCLITests.RunTests",
            "  by suite:    0.8 s CPU      2 processes  ProfileCLITests.LintTests",
            "  by suite:    0.1 s CPU      1 processes  (no test)",
            "  by test:     1.0 s CPU      1 processes  ProfileCLITests.RunTests/broken()",
            "  by test:     0.8 s CPU      2 processes  ProfileCLITests.LintTests/slow(name:)",
            "  by test:     0.1 s CPU      1 processes  (no test)",
        ])

    def test_without_costs(self):
        status, out = summary.summarize(KNOWN.splitlines(True))
        self.assertEqual((status, out), (0, [
            "=== tests (swift test): 1 passed, 0 skipped, 0 failed; the run took 0.6 s",
            "  (no costs file: run with PROFILE_TEST_COSTS=FILE and pass --costs FILE for what each test cost)",
        ]))

    def test_a_run_that_did_not_finish(self):
        status, out = summary.summarize(LOG.splitlines(True)[:5], "mount")
        self.assertEqual((status, out), (1, ["=== tests (mount): the run did not finish (no `Test run with …` line)"]))


if __name__ == "__main__":
    unittest.main()
