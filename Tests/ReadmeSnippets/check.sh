#!/usr/bin/env bash
# Every ```swift snippet of the README, built and run as written, in one scratch package that is kept between runs
# (Tests/ReadmeSnippets/.build-snippets: only the snippets' files are rewritten, so a second run rebuilds little).
#
# - The snippet that starts with `// swift-tools-version` is the package's Package.swift, as written, except its
#   placeholder URL (`https://github.com/<you>/profile`): that becomes a `file://` URL of a throwaway clone of this
#   repository's HEAD named `profile`, tagged with the version the release step would tag (ProfileVersion.current),
#   so `from: "0.1.0"` and `package: "profile"` resolve exactly as they will for users of a release.
# - Every other snippet is the body of a function of its own in Sources/App (its `import` lines go to the top of the
#   file); main.swift calls them in README order and the built executable runs them. The catalog is the README's own
#   (the first ```yaml block of "The catalog"), with a small `uitest` profile, so the generated `Countries`,
#   `ProfileFlags`, `ProfileValues` and `LaunchProfiles` are what the README describes. A snippet that assigns
#   `app.launchArguments` (a UI test's XCUIApplication) gets a stand-in `app` with those two properties.
#
# Usage: bash Tests/ReadmeSnippets/check.sh (from anywhere). Commit first: the clone is of HEAD.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch="$here/.build-snippets"
package="$scratch/package"
fail() { printf 'README snippets: %s\n' "$*" >&2; exit 1; }

version=$(sed -n 's/.*public static let current = "\([0-9][0-9.]*\)".*/\1/p' \
    "$repo/Sources/ProfileCore/Support/ProfileVersion.swift")
[ -n "$version" ] || fail "no version in ProfileVersion.swift"

# A clone of HEAD named `profile`, tagged as a release would be (a fresh one each run: HEAD moves).
rm -rf "$scratch/release"
mkdir -p "$scratch/release" "$package/Sources/App" "$package/profiles"
git clone --quiet --no-hardlinks "$repo" "$scratch/release/profile"
git -C "$scratch/release/profile" -c user.name=snippets -c user.email=snippets@localhost \
    tag -a "$version" -m "profile $version (README snippet check)"
release_url="file://$scratch/release/profile"

python3 - "$repo/README.md" "$package" "$release_url" <<'PY'
import os, re, sys

readme, package, release_url = sys.argv[1], sys.argv[2], sys.argv[3]
text = open(readme, encoding="utf-8").read()

# Fenced blocks, possibly indented (inside a list item): the indentation of the opening fence is removed.
blocks = []
for match in re.finditer(r"^([ \t]*)```(\w*)\n(.*?)^\1```[ \t]*$", text, re.S | re.M):
    indent, language, body = match.group(1), match.group(2), match.group(3)
    lines = [line[len(indent):] if line.startswith(indent) else line for line in body.split("\n")]
    line_number = text.count("\n", 0, match.start()) + 1
    blocks.append((language, "\n".join(lines), line_number))

catalog_heading = text.index("\n## The catalog")
catalog = next(body for language, body, _ in blocks
               if language == "yaml" and text.find(body.split("\n")[0], catalog_heading) > catalog_heading)

swift = [(body, line) for language, body, line in blocks if language == "swift"]
manifests = [(body, line) for body, line in swift if body.startswith("// swift-tools-version")]
if len(manifests) != 1:
    sys.exit(f"README snippets: expected one Package.swift snippet, found {len(manifests)}")
manifest, manifest_line = manifests[0]
placeholder = "https://github.com/<you>/profile"
if placeholder not in manifest:
    sys.exit(f"README snippets: the Package.swift snippet (README.md:{manifest_line}) does not use {placeholder}")

def write(path, content):
    path = os.path.join(package, path)
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old != content:  # unchanged files keep their dates: SwiftPM rebuilds nothing for them
        open(path, "w", encoding="utf-8").write(content)

write("Package.swift", manifest.replace(placeholder, release_url))
write("profiles/_catalog.yml", catalog)
write("profiles/uitest.yml",
      "description: UI tests\nflags: [skipOnboarding]\nmocks: {countries: local-mock}\nvalues: {pageSize: 5}\n")

sources = os.path.join(package, "Sources", "App")
calls = []
for index, (body, line) in enumerate((s for s in swift if s[0] is not manifest), start=1):
    imports = [l for l in body.split("\n") if l.startswith("import ")]
    rest = [l for l in body.split("\n") if not l.startswith("import ")]
    standin = ""
    if re.search(r"^\s*app\.launch(Arguments|Environment)\s*=", body, re.M):
        standin = "    let app = XCUIApplicationStandIn()  // a UI test's XCUIApplication\n"
    name = f"snippet{index}"
    code = "".join(f"{l}\n" for l in sorted(set(imports + ["import ProfileRuntime"])))
    code += f"\n// README.md:{line}\nfunc {name}() throws {{\n{standin}"
    code += "".join(f"    {l}\n" if l else "\n" for l in rest).rstrip() + "\n}\n"
    write(f"Sources/App/Snippet{index}.swift", code)
    calls.append((name, line))
for stale in os.listdir(sources):
    if stale.startswith("Snippet") and stale not in {f"Snippet{i}.swift" for i in range(1, len(calls) + 1)}:
        os.remove(os.path.join(sources, stale))
write("Sources/App/XCUIApplicationStandIn.swift",
      "/// What the README's UI-test snippets use of XCUIApplication.\n"
      "final class XCUIApplicationStandIn {\n    var launchArguments: [String] = []\n"
      "    var launchEnvironment: [String: String] = [:]\n}\n")
main = "".join(f'print("README.md:{line}")\ntry {name}()\n' for name, line in calls)
write("Sources/App/main.swift", main)
print(f"{len(calls)} code snippets and Package.swift (README.md:{manifest_line})")
PY

cd "$package"
# The clone is new each run: its revision must be resolved again.
rm -f Package.resolved
swift package --scratch-path "$scratch/build" resolve
swift build --scratch-path "$scratch/build" --product App
bin=$(swift build --scratch-path "$scratch/build" --show-bin-path)
env -i PATH="$PATH" HOME="${HOME:-/tmp}" "$bin/App"
echo "README snippets: every snippet built and ran"
