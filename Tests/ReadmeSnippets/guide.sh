#!/usr/bin/env bash
# The first user's guide (docs/guides/ios-app.md), followed on Linux: its `profile` commands run in the order the page
# gives them, in a fresh repository holding an Xcode project's shared scheme (the test fixture
# Tests/ProfileCoreTests/Fixtures/Xcode/Typed.xcscheme, its mock point spelled as the guide's app spells it,
# `--countries-datasource`), with the catalog of the page written where the page says to write it.
#
# - Every line of a ```sh block that starts with `profile ` runs (a line ending in `\` continues on the next); it must
#   exit 0, except a command that runs `xcodebuild` (the steps marked **Mac**): it is run with `--dry-run` when the
#   page does not already say so, and must exit 127 (no `xcodebuild` here) having printed the plan.
# - `brew …` lines (installation) are skipped: the `profile` built from this checkout is on PATH.
# - The ```yaml block that declares `flags:` is the catalog: written to profiles/_catalog.yml, and the example's
#   `mocks: {backend: live}` of profiles/base.yml and profiles/example.yml removed, as the page tells the reader.
# - At the end, the scheme's Test action holds the profile's entries, and a second `export --update` changes nothing.
#
# Usage: bash Tests/ReadmeSnippets/guide.sh (from anywhere).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
fail() { printf 'guide: %s\n' "$*" >&2; exit 1; }

(cd "$repo" && swift build --product profile >/dev/null)
bin=$(cd "$repo" && swift build --product profile --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/project/App.xcodeproj/xcshareddata/xcschemes"
ln -s "$bin/profile" "$work/bin/profile"
scheme="$work/project/App.xcodeproj/xcshareddata/xcschemes/App.xcscheme"
sed -e 's/"-countries /"--countries-datasource /' \
    "$repo/Tests/ProfileCoreTests/Fixtures/Xcode/Typed.xcscheme" >"$scheme"
git -C "$work/project" init --quiet

# The page's steps, as a script: one line per step (`run COMMAND`, `mac COMMAND`, `catalog FILE`).
python3 - "$repo/docs/guides/ios-app.md" "$work" >"$work/steps" <<'PY'
import re, sys
page, work = sys.argv[1], sys.argv[2]
text = open(page, encoding="utf-8").read()
catalogs = 0
for match in re.finditer(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M):
    language, body = match.group(1), match.group(2)
    if language == "yaml" and re.search(r"^flags:", body, re.M):
        catalogs += 1
        open(f"{work}/catalog.yml", "w", encoding="utf-8").write(body)
        print(f"catalog\t{work}/catalog.yml")
    if language != "sh":
        continue
    command = ""
    for line in body.split("\n"):
        command += line
        if command.endswith("\\"):
            command = command[:-1]
            continue
        if command.startswith("profile "):
            print(("mac" if "xcodebuild" in command else "run") + "\t" + command)
        command = ""
if catalogs != 1:
    sys.exit(f"guide: expected one catalog (a yaml block declaring flags:), found {catalogs}")
PY

cd "$work/project"
export PATH="$work/bin:$PATH"
count=0
while IFS=$'\t' read -r kind command; do
    count=$((count + 1))
    case "$kind" in
    catalog)
        echo "--- the catalog of the page, in place of the example's"
        cp "$command" profiles/_catalog.yml
        rm -f profiles/example.yml
        python3 - <<'PY'
text = open("profiles/base.yml", encoding="utf-8").read()
edited = text.replace("mocks:\n  backend: live\n", "")
assert edited != text, "profiles/base.yml no longer has the example's `mocks: {backend: live}`"
open("profiles/base.yml", "w", encoding="utf-8").write(edited)
PY
        ;;
    run)
        echo "\$ $command"
        bash -c "$command" || fail "exit status $?: $command"
        ;;
    mac)
        [[ $command == *--dry-run* ]] || command=${command/profile run uitest /profile run uitest --dry-run }
        echo "\$ $command   (Mac: a dry run here)"
        status=0
        bash -c "$command" || status=$?
        [ "$status" -eq 127 ] || fail "expected 127 (no xcodebuild here), got $status: $command"
        ;;
    esac
done <"$work/steps"
[ "$count" -ge 8 ] || fail "only $count steps found in the page"

grep -q 'shouldUseLaunchSchemeArgsEnv = "NO"' "$scheme" || fail "the Test action does not use its own entries"
grep -q 'key = "PROFILE_PAYLOAD"' "$scheme" || fail "the scheme holds no record of the profile's entries"
cp "$scheme" "$work/scheme.before"
profile export xcscheme uitest --update App.xcodeproj/xcshareddata/xcschemes/App.xcscheme --action test
cmp -s "$scheme" "$work/scheme.before" || fail "a second export --update changed the scheme"
echo "guide: $count steps of docs/guides/ios-app.md ran as written"
