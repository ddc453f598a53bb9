"""The minimum toolchain, stated once (Package.swift's tools version) and repeated truly everywhere a user reads it
(run by `.ci/run` with the other script tests): the README, the DocC catalog's Getting Started, the iOS guide, the
Homebrew formula (`depends_on xcode:`), `.spi.yml` and the workflow's pinned Xcode. Also the licence: LICENSE, the
formula's `license` and the README agree.
"""

import os
import re
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The first Xcode of each Swift release (Apple's Xcode release notes: Xcode 16.3 ships Swift 6.1, Xcode 26 Swift 6.2).
XCODE = {"6.1": "16.3", "6.2": "26", "6.3": "26.4"}


def read(relative):
    with open(os.path.join(ROOT, relative), encoding="utf-8") as file:
        return file.read()


class ToolchainTests(unittest.TestCase):
    def setUp(self):
        self.swift = re.match(r"// swift-tools-version: ?(\d+\.\d+)", read("Package.swift")).group(1)
        self.xcode = XCODE[self.swift]

    def test_the_readme_states_the_minimum(self):
        readme = read("README.md")
        self.assertEqual(re.findall(r"tools version is (\d+\.\d+)", readme), [self.swift])
        self.assertIn(f"Xcode {self.xcode} or later\n(Swift {self.swift})", readme)
        self.assertEqual(set(re.findall(r"// swift-tools-version: ?(\d+\.\d+)", readme)), {self.swift})
        self.assertNotRegex(readme, r"Xcode 16\.3|Swift 6\.1\b")

    def test_the_docs_state_the_minimum(self):
        started = read("Sources/ProfileRuntime/Documentation.docc/GettingStarted.md")
        self.assertIn(f"tools version is {self.swift}: Xcode {self.xcode} or later (Swift {self.swift})", started)
        self.assertIn(f"Xcode {self.xcode} or later (Swift {self.swift})", read("docs/guides/ios-app.md"))
        for relative in ["docs/guides/ios-app.md", "Sources/ProfileRuntime/Documentation.docc/GettingStarted.md"]:
            self.assertNotRegex(read(relative), r"Xcode 16\.3", relative)

    def test_the_formula_and_spi_state_the_minimum(self):
        formula = read("Formula/profile.rb")
        self.assertEqual(re.findall(r'depends_on xcode: \["([\d.]+)", :build\]', formula), [f"{self.xcode}.0"])
        self.assertIn(f"Swift tools {self.swift} (Package.swift): Xcode {self.xcode} or later", formula)
        self.assertEqual(re.findall(r'swift_version: "([\d.]+)"', read(".spi.yml")), [self.swift])

    def test_the_macos_job_runs_a_supported_xcode(self):
        pinned = re.search(r"XCODE_APP: /Applications/Xcode_([\d.]+)\.app", read(".github/workflows/ci.yml")).group(1)
        self.assertGreaterEqual([int(x) for x in pinned.split(".")], [int(x) for x in self.xcode.split(".")])

    def test_the_licence_is_named_where_users_look(self):
        self.assertEqual(read("LICENSE").splitlines()[0], "MIT License")
        self.assertEqual(re.findall(r'^\s*license "([^"]+)"', read("Formula/profile.rb"), re.M), ["MIT"])
        self.assertIn("Licence: MIT ([LICENSE](LICENSE))", read("README.md"))
        self.assertIn("Licence: MIT (LICENSE)", read("Package.swift"))


if __name__ == "__main__":
    unittest.main()
