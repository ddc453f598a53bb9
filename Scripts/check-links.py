#!/usr/bin/env python3
"""Checks every relative link of the documentation: every Markdown file of the repository (README.md, CHANGELOG.md,
docs/, the DocC catalog, the other folders' READMEs and WireFormat.md).

- In a Markdown file, a link `[text](target)` or `[text]: target` whose
  target is not a URL (`https:`, `mailto:`…) must name a file or directory that exists, relative to the file, and a
  `#fragment` must be a heading of the file it points to (GitHub's anchors: lowercased, punctuation dropped, spaces
  as `-`, `-1`, `-2`… for repeated headings).
- In the DocC catalog (Sources/*/Documentation.docc), a relative link cannot resolve on the documentation site (the
  Swift Package Index serves the catalog, not the repository): only `<doc:…>` links, symbol links and URLs are
  allowed there. `docc convert --warnings-as-errors` checks those.

Links inside code (fenced blocks and `code spans`) are not links. Prints each broken link as `path:line: message` and
exits 1 when there is one.

Usage: python3 Scripts/check-links.py [FILE...]   (default: every Markdown file git tracks or would track)
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def documents():
    """Every Markdown file of the repository that git tracks or would track (build folders are ignored)."""
    listed = subprocess.run(
        ["git", "-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", "*.md"],
        check=True, capture_output=True).stdout.decode("utf-8").split("\0")
    return sorted(os.path.join(ROOT, path) for path in set(listed) if path and os.path.exists(os.path.join(ROOT, path)))


FENCE = re.compile(r"^[ \t]*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$")
URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def prose_lines(text, blank_code_spans=True):
    """(line number, text) of every line outside fenced code, code spans blanked (unless told not to)."""
    fence = None
    for number, line in enumerate(text.split("\n"), start=1):
        match = FENCE.match(line)
        if fence is None and match:
            fence = match.group(1)
            continue
        if fence is not None:
            if match and match.group(1) == fence:
                fence = None
            continue
        yield number, CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line) if blank_code_spans else line


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"`([^`]*)`", r"\1", heading.strip())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen = set(), {}
        with open(path, encoding="utf-8") as file:
            text = file.read()
        for _, line in prose_lines(text, blank_code_spans=False):
            heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if heading:
                base = slug(heading.group(1))
                count = seen.get(base, 0)
                seen[base] = count + 1
                found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def check(path):
    problems = []
    text = open(path, encoding="utf-8").read()
    relative = os.path.relpath(path, ROOT)
    in_docc = ".docc" + os.sep in path
    for number, line in prose_lines(text):
        targets = [m.group(1) for m in INLINE.finditer(line)]
        reference = REFERENCE.match(line)
        if reference:
            targets.append(reference.group(1))
        for target in targets:
            if URL.match(target) or target.startswith("doc:"):
                continue
            if in_docc:
                problems.append(f"{relative}:{number}: `{target}`: a relative link does not resolve on the "
                                "documentation site (use <doc:…>, a symbol link or a URL)")
                continue
            file_part, _, fragment = target.partition("#")
            destination = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
            if not os.path.exists(destination):
                problems.append(f"{relative}:{number}: `{target}`: no such file "
                                f"({os.path.relpath(destination, ROOT)})")
                continue
            if not os.path.realpath(destination).startswith(ROOT + os.sep) and destination != ROOT:
                problems.append(f"{relative}:{number}: `{target}`: outside the repository")
                continue
            if fragment:
                if not destination.endswith(".md"):
                    problems.append(f"{relative}:{number}: `{target}`: a fragment of a file that is not Markdown")
                elif fragment not in anchors(destination):
                    problems.append(f"{relative}:{number}: `{target}`: no heading `#{fragment}` in "
                                    f"{os.path.relpath(destination, ROOT)}")
    return problems


def main(arguments):
    paths = [os.path.abspath(a) for a in arguments] or documents()
    problems = [problem for path in paths for problem in check(path)]
    for problem in problems:
        print(problem, file=sys.stderr)
    count = sum(1 for path in paths for _ in prose_lines(open(path, encoding="utf-8").read()))
    print(f"{len(paths)} documents ({count} lines of prose): {len(problems)} broken links")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
