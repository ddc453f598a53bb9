"""Self-test of folder-dependencies.py: `python3 -m unittest discover -s Scripts` (or `cd Scripts && python3 -m
unittest test_folder_dependencies`). Each test writes its fixture tree into a temporary directory, removed after."""

import importlib.util
import io
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
from contextlib import redirect_stdout

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "folder-dependencies.py")
_spec = importlib.util.spec_from_file_location("folder_dependencies", SCRIPT)
folder_dependencies = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(folder_dependencies)

# Three folders, A -> B -> C, and every way a name can appear without being used: comments, doc comments, nested
# block comments, plain, multi-line and raw strings, argument labels, member accesses.
ACYCLIC = {
    "A/Alpha.swift": """
        /// Uses ``CType`` only in this comment; ``Beta`` is the real dependency.
        struct Alpha {
            let beta: Beta
            func describe() -> String { "Alpha (\\(beta.name)) has no CType" }
            /* a block /* nested CType */ still comment: CType */
            let raw = #"\\(CType.zero) is text in a raw string"#
            let message = \"\"\"
                CType and cFunction in a multi-line string
                \"\"\"
            func call() { configure(cFunction: 1) }  // an argument label, not the function
            func member(x: Beta) -> Int { x.cFunction }  // a member access, not the function
        }
        """,
    "B/Beta.swift": """
        struct Beta {
            var name: String { "beta \\(cFunction())" }  // interpolated code is code: B -> C
        }
        """,
    "C/Gamma.swift": """
        struct CType { static let zero = 0 }
        func cFunction() -> Int { 0 }
        // Alpha and Beta mentioned in a comment, "Alpha" in a string: no edge back.
        let greeting = "Alpha, Beta"
        """,
    "C/Nested/Deep.swift": """
        struct Deep { let value = CType.zero }
        """,
}

# A -> B (uses a type) and B -> A (extends A's type), plus B -> C -> B through a member added to String.
CYCLIC = {
    "A/Alpha.swift": """
        struct Alpha { let beta = Beta() }
        """,
    "B/Beta.swift": """
        struct Beta {}
        extension Alpha { var twice: Int { 2 } }
        func joined() -> String { "x".shouted() }
        """,
    "C/Strings.swift": """
        extension String {
            func shouted() -> String { self + "!" }
        }
        struct Gamma { let beta = Beta() }
        """,
}


class FolderDependencyTests(unittest.TestCase):
    def tree(self, files):
        directory = tempfile.TemporaryDirectory(prefix="folder-dependencies-")
        self.addCleanup(directory.cleanup)
        for path, text in files.items():
            full = os.path.join(directory.name, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as handle:
                handle.write(textwrap.dedent(text))
        return directory.name

    def run_script(self, *arguments):
        return subprocess.run([sys.executable, SCRIPT, *arguments], capture_output=True, text=True, check=False)

    def edges(self, root, nested=False):
        files = folder_dependencies.read_sources(root, nested)
        edges = folder_dependencies.dependencies(files)
        return {pair: sorted(set().union(*uses.values())) for pair, uses in edges.items()}

    def test_acyclic_tree_lists_its_edges_and_passes(self):
        root = self.tree(ACYCLIC)
        self.assertEqual(self.edges(root), {("A", "B"): ["Beta"], ("B", "C"): ["cFunction"]})
        result = self.run_script("--sources", root)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("A -> B (1 file): Beta", result.stdout)
        self.assertIn("B -> C (1 file): cFunction", result.stdout)
        self.assertIn("no cycles", result.stdout)

    def test_cyclic_tree_fails_and_lists_the_cycles(self):
        root = self.tree(CYCLIC)
        self.assertEqual(
            self.edges(root),
            {("A", "B"): ["Beta"], ("B", "A"): ["Alpha"], ("B", "C"): [".shouted"], ("C", "B"): ["Beta"]},
        )
        result = self.run_script("--sources", root)
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("{A, B, C}", result.stdout)
        self.assertIn("A <-> B", result.stdout)
        self.assertIn("B <-> C", result.stdout)

    def test_nested_folders_fold_into_their_top_folder_unless_asked(self):
        root = self.tree(ACYCLIC)
        self.assertNotIn(("C/Nested", "C"), self.edges(root))
        self.assertEqual(self.edges(root, nested=True)[("C/Nested", "C")], ["CType"])
        result = self.run_script("--sources", root, "--nested")
        self.assertIn("C/Nested -> C (1 file): CType", result.stdout)

    def test_dot_output_marks_cycle_edges(self):
        result = self.run_script("--sources", self.tree(CYCLIC), "--dot")
        self.assertEqual(result.returncode, 1)
        self.assertTrue(result.stdout.startswith("digraph folders {"), result.stdout)
        self.assertIn('"A" -> "B" [label="1", color=red', result.stdout)
        self.assertIn("cycle", result.stderr)
        acyclic = self.run_script("--sources", self.tree(ACYCLIC), "--dot")
        self.assertEqual(acyclic.returncode, 0)
        self.assertNotIn("red", acyclic.stdout)

    def test_stripping_keeps_interpolated_code_and_line_breaks(self):
        strip = folder_dependencies.strip_comments_and_strings
        self.assertEqual(strip('let a = "x \\(Code.y) z" // Comment'), 'let a = " Code.y "  ')
        self.assertEqual(strip('#"a \\(NotCode) \\#(Code)"#'), '" Code "')
        self.assertEqual(strip('"say \\"Hi\\" to \\(name(of: "Inner"))"'), '" name(of: "") "')
        self.assertEqual(strip('a /* one\n/* two */\nthree */ b'), "a \n\n  b")
        self.assertEqual(strip('"""\nText\n"""\nCode'), '"\n\n"\nCode')

    def test_missing_folder_is_a_usage_error(self):
        result = self.run_script("--sources", os.path.join(self.tree({}), "nowhere"))
        self.assertEqual(result.returncode, 2)

    def test_main_returns_the_status(self):
        with redirect_stdout(io.StringIO()):
            self.assertEqual(folder_dependencies.main(["--sources", self.tree(ACYCLIC)]), 0)
            self.assertEqual(folder_dependencies.main(["--sources", self.tree(CYCLIC)]), 1)


if __name__ == "__main__":
    unittest.main()
