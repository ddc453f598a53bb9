#!/usr/bin/env python3
"""Writes man/profile.1 (mdoc) from the command definitions: `profile --experimental-dump-help`, the JSON that
swift-argument-parser prints from the same declarations as `--help` (its `ArgumentParserToolInfo` schema, the input
of its own `generate-manual` tool). No package dependency and no build plugin: a built `profile` and python3.

    python3 Scripts/generate-manpage.py [--profile PATH] [--output FILE|-]    (make man)

The page's date is the date of the version's release heading in CHANGELOG.md (`## [0.1.0] - 2026-11-24`), so the same
sources always give the same page: `Tests/ProfileCLITests/ManPageTests.swift` regenerates it with the built binary
and compares it with the committed file, whole.
"""

import argparse
import datetime
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# What the command definitions do not say: where profiles live, the variables the tool reads and writes, and the
# companion pages. Kept short; the reference is `profile help <command>` and the README.
FILES = [
    ("profiles/<name>.yml", "One profile (also .yaml), found in the nearest profiles/ directory walking up from the "
     "working directory to the repository root."),
    ("profiles/<name>.local.yml", "A personal overlay applied last on top of <name>; meant to be git-ignored."),
    ("profiles/_catalog.yml", "The optional catalog: the flags, mock points and values that exist."),
]
ENVIRONMENT = [
    ("PROFILES_DIR", "The profiles directory, when --profiles-dir is not given."),
    ("PROFILE_PAYLOAD", "Set in the launched command's environment: the profiles, flags, mocks, values and arguments "
     "for the runtime library (its format is versioned in Sources/ProfileRuntime/WireFormat.md)."),
]
SEE_ALSO = [("env", "1"), ("xcodebuild", "1"), ("xcrun", "1")]


def escape(text):
    """Roff-safe text: backslashes, and a leading dot or quote that would read as a request."""
    text = text.replace("\\", "\\e")
    lines = []
    for line in text.split("\n"):
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def macro_argument(text):
    """One argument of a macro line: quoted when it has spaces, hyphens escaped."""
    text = escape(text).replace("-", "\\-")
    return '"%s"' % text.replace('"', '\\(dq') if (" " in text or text == "") else text


def paragraphs(text):
    """Blank-line separated paragraphs; an indented block is shown literally (examples in --help)."""
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        if all(line.startswith("  ") for line in lines if line.strip()):
            out.append(".Bd -literal -offset indent")
            out.extend(escape(line[2:]) if not line.startswith((".", "'")) else escape(line) for line in lines)
            out.append(".Ed")
        else:
            out.append(escape(" ".join(line.strip() for line in lines)))
        out.append(".Pp")
    if out and out[-1] == ".Pp":
        out.pop()
    return out


def names(argument):
    """The option's spellings as mdoc: `Fl h , Fl \\-help`."""
    spelled = []
    for name in argument.get("names", []):
        if name["kind"] == "long":
            spelled.append("Fl \\-" + name["name"].replace("-", "\\-"))
        else:  # short, longWithSingleDash
            spelled.append("Fl " + name["name"].replace("-", "\\-"))
    return " , ".join(spelled)


def shown(arguments):
    return [argument for argument in arguments if argument.get("shouldDisplay", True)]


def synopsis_item(argument):
    """One argument in a synopsis line: `.Op Fl \\-version` or `.Ar profile No ...`."""
    value = argument.get("valueName") or ""
    if argument["kind"] == "positional":
        item = "Ar " + macro_argument(value) + (" No ..." if argument.get("isRepeating") else "")
        return (".Op " + item) if argument.get("isOptional") else "." + item
    preferred = argument.get("preferredName") or argument["names"][0]
    dash = "\\-" if preferred["kind"] == "long" else ""
    item = "Fl " + dash + preferred["name"].replace("-", "\\-")
    if argument["kind"] == "option":
        item += " Ar " + macro_argument(value)
    if argument.get("isRepeating"):
        item += " No ..."
    return (".Op " + item) if argument.get("isOptional", True) else "." + item


def describe(argument):
    """The body of an argument's entry: its help, possible values and default."""
    text = argument.get("abstract", "")
    if argument.get("discussion"):
        discussion = argument["discussion"]
        if isinstance(discussion, dict):  # `.enumerated` discussions carry a value list
            discussion = " ".join("%s: %s" % (v, h) for v, h in sorted(discussion.get("values", {}).items()))
        text = (text + " " + discussion).strip()
    if argument.get("allValues"):
        text += " One of: " + ", ".join(argument["allValues"]) + "."
    if argument.get("defaultValue") not in (None, "") and argument["kind"] == "option":
        text += " Default: " + argument["defaultValue"] + "."
    return [escape(text)] if text else []


def argument_list(arguments):
    lines = [".Bl -tag -width 6n"]
    for argument in shown(arguments):
        if argument["kind"] == "positional":
            head = ".It Ar " + macro_argument(argument.get("valueName", ""))
            if argument.get("isRepeating"):
                head += " No ..."
        else:
            head = ".It " + names(argument)
            if argument["kind"] == "option":
                head += " Ar " + macro_argument(argument.get("valueName", ""))
        lines.append(head)
        lines.extend(describe(argument))
    lines.append(".El")
    return lines


def release_date():
    """The date of the current version's heading in CHANGELOG.md, as mdoc writes dates."""
    version_file = os.path.join(ROOT, "Sources/ProfilePlatform/Support/ProfileVersion.swift")
    version = re.search(r'package static let current = "([0-9.]+)"', open(version_file, encoding="utf-8").read())
    changelog = open(os.path.join(ROOT, "CHANGELOG.md"), encoding="utf-8").read()
    match = re.search(r"^## \[%s\] - (\d{4})-(\d{2})-(\d{2})" % re.escape(version.group(1)), changelog, re.M)
    if not match:
        sys.exit("generate-manpage: CHANGELOG.md has no dated heading for version %s" % version.group(1))
    date = datetime.date(*(int(part) for part in match.groups()))
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
              "November", "December"]
    return "%s %d, %d" % (months[date.month - 1], date.day, date.year)


def manual(tool, version, usage):
    command = tool["command"]
    name = command["commandName"]
    lines = [
        ".\\\" Generated by Scripts/generate-manpage.py from `%s --experimental-dump-help`: do not edit." % name,
        ".\\\" Regenerate with `make man`; Tests/ProfileCLITests/ManPageTests.swift checks it is current.",
        ".Dd " + release_date(),
        ".Dt %s 1" % name.upper(),
        ".Os %s %s" % (name, version),
        ".Sh NAME",
        ".Nm " + name,
        ".Nd " + escape(command.get("abstract", "")).rstrip("."),
        ".Sh SYNOPSIS",
    ]
    subcommands = [sub for sub in command.get("subcommands", []) if sub.get("shouldDisplay", True)]
    subcommands = [sub for sub in subcommands if sub["commandName"] != "help"]
    for sub in subcommands:
        # The usage line `profile SUB --help` prints (it says `-- <command>`, which the JSON leaves out).
        rest = usage[sub["commandName"]].split(" ", 2)[2] if usage[sub["commandName"]].count(" ") >= 2 else ""
        lines.extend([".Nm", ".Cm " + sub["commandName"]])
        if rest:
            lines.append(escape(rest).replace("-", "\\-"))
    lines.append(".Nm")
    lines.extend(synopsis_item(argument) for argument in shown(command.get("arguments", [])))
    # The root's discussion ends with the exit statuses: they get their own section.
    discussion, _, statuses = command.get("discussion", "").partition("Exit status:")
    lines.append(".Sh DESCRIPTION")
    lines.append(escape(command.get("abstract", "")))
    if discussion.strip():
        lines.append(".Pp")
        lines.extend(paragraphs(discussion))
    lines.append(".Pp")
    lines.append(".Bl -tag -width 6n")
    lines.extend(argument_list(command.get("arguments", []))[1:-1])
    lines.append(".El")
    lines.append(".Sh COMMANDS")
    lines.append(".Bl -tag -width 6n")
    for sub in subcommands:
        lines.append(".It Cm " + sub["commandName"])
        lines.append(escape(sub.get("abstract", "")))
        if sub.get("discussion"):
            lines.append(".Pp")
            lines.extend(paragraphs(sub["discussion"]))
        if shown(sub.get("arguments", [])):
            lines.append(".Pp")
            lines.extend(argument_list(sub.get("arguments", [])))
    lines.append(".El")
    lines.append(".Sh ENVIRONMENT")
    lines.append(".Bl -tag -width 6n")
    for variable, text in ENVIRONMENT:
        lines.extend([".It Ev " + variable, escape(text)])
    lines.append(".El")
    lines.append(".Sh FILES")
    lines.append(".Bl -tag -width 6n")
    for path, text in FILES:
        lines.extend([".It Pa " + macro_argument(path), escape(text)])
    lines.append(".El")
    lines.append(".Sh EXIT STATUS")
    if statuses.strip():
        lines.extend(paragraphs(statuses.strip()[0].upper() + statuses.strip()[1:]))
    lines.append(".Sh SEE ALSO")
    for index, (page, section) in enumerate(SEE_ALSO):
        lines.append(".Xr %s %s%s" % (page, section, " ," if index < len(SEE_ALSO) - 1 else ""))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default=os.path.join(ROOT, ".build/debug/profile"),
                        help="the built profile binary (default: .build/debug/profile)")
    parser.add_argument("--output", default=os.path.join(ROOT, "man/profile.1"), help="the page, or - for stdout")
    options = parser.parse_args()
    dump = subprocess.run([options.profile, "--experimental-dump-help"], check=True, capture_output=True, text=True)
    version = subprocess.run([options.profile, "--version"], check=True, capture_output=True, text=True)
    tool = json.loads(dump.stdout)
    usage = {}
    for sub in tool["command"].get("subcommands", []):
        helped = subprocess.run([options.profile, sub["commandName"], "--help"], capture_output=True, text=True)
        lines = helped.stdout.split("\n")
        first = next((i for i, line in enumerate(lines) if line.startswith("USAGE: ")), None)
        text = []
        if first is not None:
            for line in lines[first:]:
                if not line.strip():
                    break
                text.append(line.strip())
        usage[sub["commandName"]] = " ".join(text)[len("USAGE: "):]
    page = manual(tool, version.stdout.strip().split()[-1], usage)
    if options.output == "-":
        sys.stdout.write(page)
    else:
        os.makedirs(os.path.dirname(os.path.abspath(options.output)), exist_ok=True)
        with open(options.output, "w", encoding="utf-8") as file:
            file.write(page)


if __name__ == "__main__":
    main()
