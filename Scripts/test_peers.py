"""Holds Tests/peers.txt to what the tests use (run by `.ci/run` with the other script tests):

- every name a Swift test passes to `Tools.path`, `Tools.available` or `Tools.missing` is a peer of the list;
- every Python module a test imports — in a Python file under Tests/ or in a `python3 -c "import …"` of a Swift test —
  is in Python's standard library or a `python` peer of the list;
- the list parses, and `.ci/run` and the workflow's macOS job install from it.

So a peer added to a test cannot be forgotten by CI again: the list fails here first.
"""

import ast
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
peers = __import__("peers")

ROOT = peers.ROOT


def swift_test_sources():
    for directory, _, files in os.walk(os.path.join(ROOT, "Tests")):
        for name in files:
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    yield path, file.read()


def python_test_sources():
    for directory, folders, files in os.walk(os.path.join(ROOT, "Tests")):
        folders[:] = [folder for folder in folders if not folder.startswith(".")]
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    yield path, file.read()


def top_level_imports(source):
    modules = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            modules.add(node.module)
    return modules


def third_party(modules):
    return {module for module in modules if module.split(".")[0] not in sys.stdlib_module_names}


class PeersTests(unittest.TestCase):
    def setUp(self):
        self.peers = peers.read()
        self.names = {peer.name for peer in self.peers}
        self.python = {peer.name for peer in self.peers if peer.kind == "python"}

    def test_every_tool_a_test_names_is_listed(self):
        used = {}
        for path, text in swift_test_sources():
            for call in re.finditer(r"Tools\.(?:path|available|missing)\(([^)]*)\)", text):
                for name in re.findall(r'"([^"]+)"', call.group(1)):
                    used.setdefault(name, os.path.relpath(path, ROOT))
        self.assertTrue(used, "no Tools call found: the scan is broken")
        unlisted = {name: path for name, path in used.items() if name not in self.names}
        self.assertEqual(unlisted, {}, "tools the tests use that Tests/peers.txt does not list")

    def test_every_python_module_a_test_imports_is_listed(self):
        used = {}
        for path, text in python_test_sources():
            for module in third_party(top_level_imports(text)):
                used.setdefault(module, os.path.relpath(path, ROOT))
        for path, text in swift_test_sources():
            # Python in a Swift test: a `python3 -c "import …"` and the import lines of its multi-line strings.
            scripts = re.findall(r'"-c",\s*"((?:import|from) [^"]*)"', text)
            for literal in text.split('"""')[1::2]:
                scripts += re.findall(r"^\s*((?:import|from) [\w., ]+(?: import [\w, ]+)?)\s*$", literal, re.M)
            for script in scripts:
                try:
                    modules = top_level_imports("\n".join(part.strip() for part in script.split(";")))
                except SyntaxError:
                    continue
                # Swift in a Swift test's strings (`import ProfileRuntime`) is not Python: its modules are capitalized.
                for module in third_party(modules):
                    if module[0].islower():
                        used.setdefault(module, os.path.relpath(path, ROOT))
        self.assertIn("dotenv", used, "the scan missed DotenvPeerTests' `import dotenv`: it is broken")
        unlisted = {module: path for module, path in used.items()
                    if module not in self.python and module.split(".")[0] not in self.python}
        self.assertEqual(unlisted, {}, "Python modules the tests import that Tests/peers.txt does not list")

    def test_ci_and_the_macos_job_install_from_the_list(self):
        with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as file:
            self.assertTrue("python3 Scripts/peers.py install" in file.read(), ".ci/run does not install the peers")
        with open(os.path.join(ROOT, ".github", "workflows", "ci.yml"), encoding="utf-8") as file:
            workflow = file.read()
        self.assertTrue("python3 Scripts/peers.py install" in workflow.split("\n  macos:")[1],
                        "the workflow's macOS job does not install the peers")

    def test_a_malformed_line_names_its_line(self):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
            file.write("# comment\nbash command all bash bash - why\nzsh command\n")
        try:
            with self.assertRaises(ValueError) as raised:
                peers.read(file.name)
            self.assertEqual(str(raised.exception), f"{file.name}:3: expected 7 columns (name kind on apt brew pip why)")
        finally:
            os.unlink(file.name)

    def test_the_list_parses_into_known_kinds_and_systems(self):
        self.assertEqual([peer.name for peer in self.peers if peer.needed_on("macos") and peer.on == "linux"], [])
        self.assertIn("bash", self.names)
        bash = next(peer for peer in self.peers if peer.name == "bash")
        self.assertEqual((bash.kind, bash.apt, bash.brew), ("command:5", ["bash"], ["bash"]))


if __name__ == "__main__":
    unittest.main()
