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


class TestSummaryTests(unittest.TestCase):
    def test_a_whole_run(self):
        status, out = summary.summarize(LOG.splitlines(True), "swift test", 80.04)
        self.assertEqual(status, 0)
        self.assertEqual(out, [
            "=== tests (swift test): 2 passed, 2 skipped, 1 failed; the run took 12.3 s (80.0 s with the build)",
            '  skipped: needsFish() — "needs fish"',
            "  skipped: quiet()",
            "  failed: broken()",
            "  slowest:   12.2 s  slow(name:)",
            "  slowest:    1.5 s  broken()",
            "  slowest:    0.1 s  fast()",
        ])

    def test_a_run_with_known_issues(self):
        status, out = summary.summarize(KNOWN.splitlines(True))
        self.assertEqual((status, out), (0, [
            "=== tests (swift test): 1 passed, 0 skipped, 0 failed; the run took 0.6 s",
            "  slowest:    0.5 s  flaky()",
        ]))

    def test_a_run_that_did_not_finish(self):
        status, out = summary.summarize(LOG.splitlines(True)[:5], "mount")
        self.assertEqual((status, out), (1, ["=== tests (mount): the run did not finish (no `Test run with …` line)"]))


if __name__ == "__main__":
    unittest.main()
