"""Scripts/check-time-limits.py over small trees of test sources, its whole report compared."""

import importlib.util
import os
import tempfile
import unittest

spec = importlib.util.spec_from_file_location(
    "check_time_limits", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-time-limits.py"))
limits = importlib.util.module_from_spec(spec)
spec.loader.exec_module(limits)

SUPPORT = '''
package enum Subprocess {
    package static func run(_ path: String) throws {}
}
'''

HELPERS = '''
enum CLI {
    static func profile(_ arguments: [String]) throws { try Subprocess.run("profile") }
}
final class Project {
    func profile() throws { try CLI.profile([]) }
}
'''

SUITES = """
import Testing

@Suite struct PureTests {
    // Subprocess.run in a comment starts nothing.
    @Test func text() { _ = "Subprocess.run(\\"x\\") in a string starts nothing" }
    @Test func raw() { _ = #"Process() \\#(1 + 1)"# }
    @Test func multi() {
        _ = \"\"\"
            CLI.profile([])
            {
            \"\"\"
    }
}

@Suite(.serialized) struct ThroughProjectTests {
    @Test func runs() throws { try Project().profile() }
}

@Suite(.timeLimit(.minutes(2)))
struct LimitedTests {
    @Test func runs() throws { try CLI.profile(["lint"]) }
}

struct ImplicitTests {
    @Test func runs() throws { try CLI.profile(["lint"]) }
}

@Suite struct ForkingTests {}
extension ForkingTests {
    @Test func forks() { _ = fork() }
}
"""


class CheckTimeLimitsTests(unittest.TestCase):
    def tree(self, files):
        root = tempfile.mkdtemp()
        for path, text in files.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as file:
                file.write(text)
        return root

    def test_suites_found_from_what_they_call(self):
        root = self.tree({
            "Tests/TestSupport/Subprocess.swift": SUPPORT,
            "Tests/AppTests/Support/CLI.swift": HELPERS,
            "Tests/AppTests/AppTests.swift": SUITES,
            # A package of its own under Tests is not a test target of ours.
            "Tests/Consumer/Package.swift": "",
            "Tests/Consumer/Sources/x.swift": "struct X { func f() { Process() } }\n@Suite struct CTests {}\n",
        })
        counted, missing = limits.check(root)
        self.assertEqual(counted, 4)
        self.assertEqual(missing, [
            "Tests/AppTests/AppTests.swift:29: error: suite `ForkingTests` starts processes but has no `.timeLimit`",
            "Tests/AppTests/AppTests.swift:25: error: suite `ImplicitTests` starts processes but has no `.timeLimit`",
            "Tests/AppTests/AppTests.swift:16: error: suite `ThroughProjectTests` starts processes but has no "
            "`.timeLimit`",
        ])

    def test_strip_keeps_lines_and_blanks_literals(self):
        source = 'let a = "x{" // }\nlet b = #"\\#("{")"#\n/* { /* } */ */let c = 1\n'
        stripped = limits.strip(source)
        self.assertEqual(stripped.count("\n"), source.count("\n"))
        self.assertNotIn("{", stripped)
        self.assertNotIn("}", stripped)
        self.assertIn("let c = 1", stripped)

    def test_the_repository_passes(self):
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
        counted, missing = limits.check(os.path.normpath(root))
        self.assertEqual(missing, [])
        self.assertGreater(counted, 40)


if __name__ == "__main__":
    unittest.main()
