#!/usr/bin/env python3
"""Checks .github/workflows/ci.yml on Linux, where its macOS job cannot run (.ci/run calls this):

- it parses as YAML 1.2 (ruamel.yaml, which .ci/run installs: GitHub reads `on:` as a key, not as YAML 1.1's true),
  and has the shape GitHub Actions needs (`on`, `jobs`, each job `runs-on` and `steps`, each step `run` or `uses`,
  actions pinned to a version);
- every script and repository path its commands name exists (`bash X`, `python3 X`, `working-directory`, any word
  that starts with a folder of the repository), and every `-scheme` it builds is a product or target of the package
  it builds in;
- the Linux job is `.ci/run` in the official Swift 6.3 image, and the macOS job runs each step issue 21 lists: Xcode
  pinned, Homebrew libyaml, swift build, swift test with PROFILE_REQUIRE_SHELLS=1, the provider, consumer, peers,
  README-snippet and bundle checks, ProfileRuntime for every Apple destination, the universal bundle variant, and
  the consumer built with `env -i PATH=/usr/bin:/bin:/usr/sbin:/sbin xcodebuild`.

Usage: python3 Scripts/check-workflow.py [WORKFLOW] (default .github/workflows/ci.yml). Prints each finding; exit 1
when there is one. Its unit tests: Scripts/test_check_workflow.py.
"""

import os
import re
import shlex
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Folders of the repository: a word of a command that starts with one of them names a path that must exist.
REPOSITORY_FOLDERS = (".ci/", "Scripts/", "Tests/", "Sources/", "Benchmarks/", "Plugins/", "man/", "completions/",
                      "Formula/", "profiles/", "Fuzzing/")
# Created by the workflow itself, so not expected in the repository.
GENERATED = ("profile.artifactbundle", ".build-bundle/", "bundle-", "variants/", "output.txt")

APPLE_DESTINATIONS = ["generic/platform=iOS", "generic/platform=iOS Simulator", "generic/platform=tvOS",
                      "generic/platform=watchOS", "generic/platform=visionOS",
                      "generic/platform=macOS,variant=Mac Catalyst"]
# (what, a regular expression one of the macOS job's commands must match)
MACOS_STEPS = [
    ("Xcode pinned", r"sudo xcode-select -s \"?(\$XCODE_APP|/Applications/Xcode_[0-9.]+\.app)"),
    ("Homebrew libyaml", r"brew install .*\blibyaml\b.*"),
    ("the peers the tests require, from Tests/peers.txt", r"^python3 Scripts/peers\.py install$"),
    ("swift build", r"^swift build$"),
    ("swift test with PROFILE_REQUIRE_SHELLS=1 on a case-insensitive volume",
     r"^PROFILE_REQUIRE_SHELLS=1 PROFILE_EXPECT_CASE_INSENSITIVE=1 swift test( |$)"),
    ("the summary line of .ci/run", r"^python3 Scripts/test-summary\.py "),
    ("the provider", r"^swift test --traits SwiftConfiguration --filter ProfileConfigurationTests$"),
    ("the consumer check", r"^bash Tests/Consumer/check\.sh$"),
    ("the peers check", r"^bash Tests/Peers/check\.sh$"),
    ("the README snippets", r"^bash Tests/ReadmeSnippets/check\.sh$"),
    ("the bundle consumer", r"^bash Tests/BundleConsumer/check\.sh$"),
    ("the universal bundle variant", r"bash Scripts/build-artifact-bundle\.sh"),
    ("ProfileRuntime for every destination", r"xcodebuild build -scheme ProfileRuntime"),
    ("the plugin in Xcode's own environment",
     r"env -i (HOME=\S+ )?PATH=/usr/bin:/bin:/usr/sbin:/sbin xcodebuild build -scheme \w+"),
    ("an Xcode project's target applying the plugin",
     r"env -i (HOME=\S+ )?PATH=/usr/bin:/bin:/usr/sbin:/sbin xcodebuild build -project \S+\.xcodeproj -scheme \w+"),
]


def load(path):
    try:
        from ruamel.yaml import YAML
    except ImportError:
        sys.exit("check-workflow: needs ruamel.yaml (python3 -m pip install ruamel.yaml; .ci/run installs it)")
    with open(path, encoding="utf-8") as file:
        return YAML(typ="safe", pure=True).load(file)


def commands(run):
    """The logical lines of a `run:` script: continuations joined, comments and blank lines dropped."""
    joined = re.sub(r"[ \t]*\\\n\s*", " ", run)
    lines = []
    for line in joined.split("\n"):
        line = line.strip()
        if line and not line.startswith("#"):
            lines.append(line)
    return lines


def words(line):
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.split()


def package_schemes(directory):
    """Names xcodebuild offers as schemes for the package in `directory`: its products and targets."""
    manifest = os.path.join(directory, "Package.swift")
    if not os.path.exists(manifest):
        return set()
    with open(manifest, encoding="utf-8") as file:
        text = file.read()
    return set(re.findall(r'\.(?:executable|library|target|executableTarget|testTarget)\(\s*name:\s*"([^"]+)"', text))


def project_schemes(directory):
    """The targets of the XcodeGen spec (project.yml) in `directory`, which the workflow generates the project from."""
    spec = os.path.join(directory, "project.yml")
    if not os.path.exists(spec):
        return set()
    return set((load(spec) or {}).get("targets", {}))


def check(workflow, root=ROOT):
    """The findings for the parsed `workflow` (a list of strings; empty when it is fine)."""
    findings = []
    if not isinstance(workflow, dict):
        return ["the workflow is not a mapping"]
    for key in ("name", "on", "jobs"):
        if key not in workflow:
            findings.append("no top-level `%s`" % key)
    jobs = workflow.get("jobs") or {}
    if not isinstance(jobs, dict) or not jobs:
        return findings + ["no jobs"]
    for name, job in jobs.items():
        if "runs-on" not in job:
            findings.append("job %s: no runs-on" % name)
        for need in job.get("needs", []) if isinstance(job.get("needs"), list) else [job.get("needs")] if job.get("needs") else []:
            if need not in jobs:
                findings.append("job %s: needs unknown job %s" % (name, need))
        steps = job.get("steps") or []
        if not steps:
            findings.append("job %s: no steps" % name)
        for index, step in enumerate(steps):
            where = "job %s, step %d (%s)" % (name, index + 1, step.get("name") or step.get("uses") or "")
            if ("run" in step) == ("uses" in step):
                findings.append("%s: a step has exactly one of run and uses" % where)
            if "uses" in step and not re.match(r"^[\w.-]+/[\w.-]+(/[\w./-]+)?@[\w.-]+$", str(step["uses"])):
                findings.append("%s: `uses: %s` is not pinned (owner/name@version)" % (where, step["uses"]))
            directory = root
            if "working-directory" in step:
                directory = os.path.join(root, step["working-directory"])
                if not os.path.isdir(directory):
                    findings.append("%s: working-directory %s does not exist" % (where, step["working-directory"]))
                    continue
            for line in commands(str(step.get("run", ""))):
                findings.extend("%s: %s" % (where, finding) for finding in check_line(line, directory, root))
    findings.extend(check_linux(jobs))
    findings.extend(check_macos(jobs))
    return findings


def check_line(line, directory, root):
    findings = []
    tokens = words(line)
    # The command word: the first after any NAME=value assignments.
    command = next((index for index, token in enumerate(tokens) if not re.match(r"^\w+=", token)), len(tokens))
    for index, token in enumerate(tokens):
        previous = tokens[index - 1] if index else ""
        if "$" in token or any(part in token for part in GENERATED):
            continue
        named = None
        if index == command + 1 and previous in ("bash", "sh", "python3", "source", ".") and not token.startswith("-"):
            named = token
        elif token.startswith(REPOSITORY_FOLDERS) or token.startswith("../../"):
            named = token
        if named and not os.path.exists(os.path.normpath(os.path.join(directory, named))):
            findings.append("`%s` names %s, which does not exist" % (line, named))
        if previous == "-scheme":
            project = next((tokens[i + 1] for i in range(len(tokens) - 1) if tokens[i] == "-project"), None)
            schemes = project_schemes(directory) if project else package_schemes(directory)
            if token not in schemes:
                findings.append("`%s`: no scheme %s in %s" % (line, token, os.path.relpath(directory, root)))
    return findings


def job_commands(job):
    return [line for step in job.get("steps", []) for line in commands(str(step.get("run", "")))]


def check_linux(jobs):
    linux = jobs.get("linux")
    if not linux:
        return ["no `linux` job"]
    findings = []
    container = linux.get("container")
    image = container.get("image") if isinstance(container, dict) else container
    if not (isinstance(image, str) and re.match(r"^swift:6\.3(\.\d+)?(-[\w.]+)?$", image)):
        findings.append("job linux: not in the official Swift 6.3 image (container: %s)" % image)
    # .ci/run mounts a FUSE folder (Scripts/casefold-fs.py): a container needs /dev/fuse and CAP_SYS_ADMIN.
    options = container.get("options", "") if isinstance(container, dict) else ""
    if "--device /dev/fuse" not in options or "--cap-add SYS_ADMIN" not in options:
        findings.append("job linux: its container lacks `--device /dev/fuse --cap-add SYS_ADMIN` (the casefold mount)")
    if "bash .ci/run" not in job_commands(linux):
        findings.append("job linux: does not run `bash .ci/run`")
    return findings


def check_macos(jobs):
    macos = jobs.get("macos")
    if not macos:
        return ["no `macos` job"]
    findings = []
    if macos.get("runs-on") != "macos-15":
        findings.append("job macos: runs-on is %s, not macos-15" % macos.get("runs-on"))
    xcode = str((macos.get("env") or {}).get("XCODE_APP", ""))
    lines = job_commands(macos)
    if not re.match(r"^/Applications/Xcode_[0-9.]+\.app$", xcode) and not any(
            re.search(r"xcode-select -s /Applications/Xcode_[0-9.]+\.app", line) for line in lines):
        findings.append("job macos: Xcode is not pinned (/Applications/Xcode_X.Y.app)")
    for what, pattern in MACOS_STEPS:
        if not any(re.search(pattern, line) for line in lines):
            findings.append("job macos: no step runs %s (/%s/)" % (what, pattern))
    # Each library an app links, for every destination: the runtime, and the SwiftUI preview trait.
    for scheme in ("ProfileRuntime", "ProfilePreviews"):
        text = "\n".join(
            "\n".join(commands(step.get("run", ""))) for step in macos.get("steps", [])
            if "xcodebuild build -scheme %s " % scheme in step.get("run", "").replace("\\\n", " "))
        for destination in APPLE_DESTINATIONS:
            if "'%s'" % destination not in text:
                findings.append("job macos: %s is not built for %s" % (scheme, destination))
    return findings


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".github/workflows/ci.yml")
    findings = check(load(path))
    for finding in findings:
        print("%s: %s" % (os.path.relpath(path, ROOT), finding))
    if findings:
        return 1
    jobs = load(path)["jobs"]
    print("%s: %d jobs, %d steps; every script and path it names exists" % (
        os.path.relpath(path, ROOT), len(jobs), sum(len(job.get("steps", [])) for job in jobs.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
