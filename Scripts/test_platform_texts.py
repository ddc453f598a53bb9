"""Tests expect the platform's texts, not glibc's (run by `.ci/run` with the other script tests).

An expected output written with glibc's `strerror` text ("No such device or address") fails on a Mac, where
Darwin's differs ("Device not configured"). Every Swift test source is scanned for glibc's text of every errno
(Python's `os.strerror`, which is glibc's on Linux); a text found there must be the same on Darwin, as Apple's Libc
words it (Tests/Fixtures/darwin-strerror.txt, from Libc-1725.0.11 gen/errlst.c). Otherwise the test must build the
text from `strerror(…)` at run time.
"""

import errno
import os
import re
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def darwin_texts():
    texts = {}
    with open(os.path.join(ROOT, "Tests", "Fixtures", "darwin-strerror.txt"), encoding="utf-8") as file:
        for line in file:
            if line.startswith("#") or not line.strip():
                continue
            name, text = line.rstrip("\n").split(" ", 1)
            texts[name] = text
    return texts


def glibc_texts():
    """glibc's text of each errno this Python knows by name, as {text: name}."""
    return {os.strerror(number): name for number, name in errno.errorcode.items()}


@unittest.skipUnless(sys.platform.startswith("linux"), "compares glibc's texts, which only Linux has")
class PlatformTextsTests(unittest.TestCase):
    def test_the_darwin_table_is_whole(self):
        darwin = darwin_texts()
        self.assertEqual(darwin["ENXIO"], "Device not configured")
        self.assertEqual(darwin["ENOENT"], "No such file or directory")
        self.assertGreater(len(darwin), 100)

    def test_no_test_expects_a_glibc_text_that_darwin_words_differently(self):
        darwin, glibc = darwin_texts(), glibc_texts()
        # The longest text first, so that "No such device or address" (ENXIO) is not also read as "No such device".
        pattern = re.compile("|".join(re.escape(text) for text in sorted(glibc, key=len, reverse=True)))
        found = {}
        for directory, folders, files in os.walk(os.path.join(ROOT, "Tests")):
            folders[:] = [folder for folder in folders if not folder.startswith(".")]
            for name in files:
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as file:
                    # Comments may name glibc's words; what a test expects is code.
                    source = "\n".join(line for line in file if not line.lstrip().startswith("//"))
                for match in pattern.finditer(source):
                    text = match.group()
                    if darwin.get(glibc[text]) != text:
                        found[f"{os.path.relpath(path, ROOT)}: {glibc[text]} {text!r}"] = darwin.get(glibc[text])
        self.assertEqual(found, {}, "glibc's text where Darwin's differs (the value): use strerror(…) instead")


if __name__ == "__main__":
    unittest.main()
