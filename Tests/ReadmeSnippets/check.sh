#!/usr/bin/env bash
# Every ```swift snippet of the documentation — README.md, docs/**/*.md and the DocC catalog
# Sources/ProfileRuntime/Documentation.docc — built and run as written, in scratch packages kept between runs
# (Tests/ReadmeSnippets/.build-snippets: only the snippets' files are rewritten, so a second run rebuilds little).
# A fence of `~~~swift` counts as well: no Swift snippet is left out.
#
# - The one snippet that starts with `// swift-tools-version` (in README.md) is the package's Package.swift, as
#   written, except its placeholder URL (`https://github.com/<you>/profile`): that becomes a `file://` URL of a
#   throwaway clone of this repository's HEAD named `profile`, tagged with the version the release step would tag
#   (ProfileVersion.current) and with a `main` branch, so `from: "0.1.0"`, `branch: "main"` and `package: "profile"`
#   resolve exactly as they will for users.
# - A snippet whose first line starts with `// Package.swift` is a piece of a manifest: each `.package(…)` line in it
#   is resolved in a probe package of its own (placeholder replaced as above; `path: "../profile"` finds the clone
#   beside the probe), whose target links `ProfileRuntime` through `package: "profile"` (or
#   `ProfileConfiguration` when the line enables the `SwiftConfiguration` trait): the dependency line and the
#   package identity hold as written.
# - A snippet that imports `Configuration` (swift-configuration) is a function of its own in a second app, built with
#   the trait `SwiftConfiguration` (that package depends on the clone with the trait, and on swift-configuration).
# - A snippet that imports `Testing` is a test file of its own in Tests/AppTests, as written (the README's manifest
#   declares that test target, with `ProfileTesting`); `swift test` runs them.
# - A snippet that imports `ProfilePreviews` (a SwiftUI preview) is a file of its own in a third package, with the
#   `ProfilePreviews` product and the plugin, built where SwiftUI exists (the macOS job); elsewhere it is skipped,
#   saying so.
# - Every other snippet is the body of a function of its own in Sources/App (its `import` lines go to the top of the
#   file); main.swift calls them in document order and the built executable runs them. The catalog is the one of
#   docs/catalog.md (its first ```yaml block), with a small `uitest` profile, so the generated `Countries`,
#   `ProfileFlags`, `ProfileValues` and `LaunchProfiles` are what the documents describe. UI tests: `import XCTest`
#   is replaced by stand-ins with what the snippets use (`XCUIApplication` with `launchArguments`,
#   `launchEnvironment` and `launch()`, `XCTestCase`); a snippet that declares an `XCTestCase` subclass is placed at
#   file scope and each of its `test…()` methods is run; a snippet that assigns `app.launchArguments` without
#   declaring `app` gets one.
#
# Usage: bash Tests/ReadmeSnippets/check.sh (from anywhere). Commit first: the clone is of HEAD.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
scratch="$here/.build-snippets"
package="$scratch/package"
config_package="$scratch/config-package"
fail() { printf 'snippets: %s\n' "$*" >&2; exit 1; }

version=$(sed -n 's/.*package static let current = "\([0-9][0-9.]*\)".*/\1/p' \
    "$repo/Sources/ProfilePlatform/Support/ProfileVersion.swift")
[ -n "$version" ] || fail "no version in ProfileVersion.swift"

# A clone of HEAD named `profile`, tagged as a release would be, with a `main` branch (a fresh one each run: HEAD
# moves).
rm -rf "$scratch/release"
mkdir -p "$scratch/release" "$package/Sources/App" "$package/profiles"
git clone --quiet --no-hardlinks "$repo" "$scratch/release/profile"
git -C "$scratch/release/profile" checkout --quiet -B main
git -C "$scratch/release/profile" -c user.name=snippets -c user.email=snippets@localhost \
    tag -a "$version" -m "profile $version (snippet check)"
release_url="file://$scratch/release/profile"

python3 - "$repo" "$package" "$config_package" "$scratch/release" "$release_url" "$version" <<'PY'
import glob, os, re, sys

repo, package, config_package, release, release_url, version = sys.argv[1:7]
placeholder = "https://github.com/<you>/profile"

documents = ["README.md"]
documents += sorted(os.path.relpath(p, repo) for p in glob.glob(os.path.join(repo, "docs", "**", "*.md"), recursive=True))
documents += sorted(os.path.relpath(p, repo) for p in glob.glob(
    os.path.join(repo, "Sources", "ProfileRuntime", "Documentation.docc", "**", "*.md"), recursive=True))

# Fenced blocks, possibly indented (inside a list item): the indentation of the opening fence is removed.
blocks = []  # (document, language, body, line)
for document in documents:
    text = open(os.path.join(repo, document), encoding="utf-8").read()
    for match in re.finditer(r"^([ \t]*)(```|~~~)(\w*)[^\n]*\n(.*?)^\1\2[ \t]*$", text, re.S | re.M):
        indent, language, body = match.group(1), match.group(3), match.group(4)
        lines = [line[len(indent):] if line.startswith(indent) else line for line in body.split("\n")]
        line_number = text.count("\n", 0, match.start()) + 1
        blocks.append((document, language, "\n".join(lines), line_number))

catalogs = [body for document, language, body, _ in blocks if document == "docs/catalog.md" and language == "yaml"]
if not catalogs:
    sys.exit("snippets: docs/catalog.md has no ```yaml block (the catalog the snippets are built against)")
catalog = catalogs[0]

swift = [(document, body, line) for document, language, body, line in blocks if language == "swift"]
manifests = [s for s in swift if s[1].startswith("// swift-tools-version")]
if len(manifests) != 1 or manifests[0][0] != "README.md":
    sys.exit("snippets: expected one Package.swift snippet, in README.md; found "
             + ", ".join(f"{d}:{l}" for d, _, l in manifests))
_, manifest, manifest_line = manifests[0]
if placeholder not in manifest:
    sys.exit(f"snippets: the Package.swift snippet (README.md:{manifest_line}) does not use {placeholder}")
fragments = [s for s in swift if s[1].startswith("// Package.swift")]
configured = [s for s in swift if re.search(r"^import Configuration$", s[1], re.M) and s not in fragments]
tests = [s for s in swift if re.search(r"^import Testing$", s[1], re.M) and s not in fragments]
previews = [s for s in swift if re.search(r"^import ProfilePreviews$", s[1], re.M) and s not in fragments]
code = [s for s in swift if s not in manifests and s not in fragments and s not in configured and s not in tests
        and s not in previews]

def write(path, content):
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old != content:  # unchanged files keep their dates: SwiftPM rebuilds nothing for them
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w", encoding="utf-8").write(content)

def functions(snippets, sources, prefix):
    """Writes one file per snippet under `sources`; returns main.swift's text."""
    main = ""
    names = set()
    for index, (document, body, line) in enumerate(snippets, start=1):
        where = f"{document}:{line}"
        lines = [l for l in body.split("\n") if l != "import XCTest"]
        imports = sorted(set([l for l in lines if l.startswith("import ")] + ["import ProfileRuntime"]))
        rest = [l for l in lines if not l.startswith("import ")]
        name = f"snippet{index}"
        text = "".join(f"{l}\n" for l in imports) + f"\n// {where}\n"
        test_classes = re.findall(r"^(?:final )?class (\w+): XCTestCase", body, re.M)
        if test_classes:
            # File scope, as written; main runs every test method.
            text += "\n".join(rest).rstrip() + "\n"
            calls = "".join(f"    {cls}().{test}()\n" for cls in test_classes
                            for test in re.findall(r"func (test\w*)\(\)", body))
            text += f"\nfunc {name}() throws {{\n{calls}}}\n"
        else:
            # Protocols and extensions cannot be local: they go to file scope (with their doc comments), the rest
            # of the snippet into the function.
            hoisted, inside, item = [], [], None
            for l in rest:
                if re.match(r"(protocol|extension) ", l):
                    item = hoisted
                    while inside and inside[-1].startswith("///"):
                        hoisted.insert(0, inside.pop())
                elif l and not l[0].isspace() and l[0] not in "})]":
                    item = inside
                (item if item is not None else inside).append(l)
            rest = inside
            text += "".join(f"{l}\n" for l in hoisted) + ("\n" if hoisted else "")
            standin = ""
            if re.search(r"^\s*app\.launch(Arguments|Environment)\s*=", body, re.M) and \
                    not re.search(r"^\s*(let|var) app\b", body, re.M):
                standin = "    let app = XCUIApplication()  // a UI test's XCUIApplication (a stand-in)\n"
            text += f"func {name}() throws {{\n{standin}"
            text += "".join(f"    {l}\n" if l else "\n" for l in rest).rstrip() + "\n}\n"
        file = f"Snippet{index}.swift"
        names.add(file)
        write(os.path.join(sources, file), text)
        main += f'print("{where}")\ntry {name}()\n'
    for stale in os.listdir(sources):
        if stale.startswith("Snippet") and stale not in names:
            os.remove(os.path.join(sources, stale))
    return main

standins = """/// What the documents' UI-test snippets use of XCTest (`import XCTest` is left out: Linux has no XCUIApplication).
final class XCUIApplication {
    var launchArguments: [String] = []
    var launchEnvironment: [String: String] = [:]
    func launch() { print("launch", launchArguments, launchEnvironment.keys.sorted()) }
}

class XCTestCase {
    required init() {}
}
"""

# The app: the README's manifest, the docs' catalog, every plain snippet.
write(os.path.join(package, "Package.swift"), manifest.replace(placeholder, release_url))
write(os.path.join(package, "profiles", "_catalog.yml"), catalog)
write(os.path.join(package, "profiles", "uitest.yml"),
      "description: UI tests\nflags: [skipOnboarding]\nmocks: {countries: local-mock}\nvalues: {pageSize: 5}\n")
sources = os.path.join(package, "Sources", "App")
os.makedirs(sources, exist_ok=True)
write(os.path.join(sources, "XCTestStandIns.swift"), standins)
write(os.path.join(sources, "main.swift"), functions(code, sources, "App"))

def files(snippets, directory, guard=None):
    """Writes each snippet as a file of its own in `directory`, as written (inside `#if guard` when given)."""
    names = set()
    os.makedirs(directory, exist_ok=True)
    for index, (document, body, line) in enumerate(snippets, start=1):
        file = f"Snippet{index}.swift"
        names.add(file)
        text = f"// {document}:{line}\n" + body.rstrip() + "\n"
        if guard:
            text = f"#if {guard}\n{text}#endif\n"
        write(os.path.join(directory, file), text)
    for stale in os.listdir(directory):
        if stale.startswith("Snippet") and stale not in names:
            os.remove(os.path.join(directory, stale))

# The app's tests: the snippets that import Testing.
files(tests, os.path.join(package, "Tests", "AppTests"))

# The previews (SwiftUI): a package of their own, for macOS 15, built where SwiftUI exists.
previews_package = os.path.join(os.path.dirname(package), "previews-package")
files(previews, os.path.join(previews_package, "Sources", "Previews"), guard="canImport(SwiftUI)")
write(os.path.join(previews_package, "profiles", "_catalog.yml"), catalog)
write(os.path.join(previews_package, "profiles", "uitest.yml"),
      "description: UI tests\nflags: [skipOnboarding]\nmocks: {countries: local-mock}\nvalues: {pageSize: 5}\n")
write(os.path.join(previews_package, "Package.swift"), f"""// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Previews",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(url: "{release_url}", from: "{version}")],
    targets: [
        .target(
            name: "Previews",
            dependencies: [
                .product(name: "ProfileRuntime", package: "profile"),
                .product(name: "ProfilePreviews", package: "profile"),
            ],
            plugins: [.plugin(name: "ProfileCodegen", package: "profile")])
    ]
)
""")

# The swift-configuration app.
config_sources = os.path.join(config_package, "Sources", "ConfigApp")
os.makedirs(config_sources, exist_ok=True)
# swift-configuration's API is available from macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2 (its Package.swift's
# `AvailabilityMacro=Configuration 1.0:…`): Darwin's compiler rejects a call to it from a package without these
# platforms (Linux does no availability checking, so the check below compares them with the resolved manifest's).
write(os.path.join(config_package, "Package.swift"), f"""// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "ConfigApp",
    platforms: [.macOS(.v15), .iOS(.v18), .watchOS(.v11), .tvOS(.v18), .visionOS(.v2)],
    dependencies: [
        .package(url: "{release_url}", from: "{version}", traits: ["SwiftConfiguration"]),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "ConfigApp",
            dependencies: [
                .product(name: "ProfileConfiguration", package: "profile"),
                .product(name: "Configuration", package: "swift-configuration"),
            ])
    ]
)
""")
write(os.path.join(config_sources, "main.swift"), functions(configured, config_sources, "ConfigApp"))

# The probes: one package per dependency line of a manifest piece (or of the manifest).
lines = []
for document, body, line in fragments + manifests:
    for offset, text in enumerate(body.split("\n")):
        stripped = text.strip().rstrip(",")
        if stripped.startswith(".package("):
            lines.append((f"{document}:{line + 1 + offset}", stripped))
probes = []
for index, (where, dependency) in enumerate(lines, start=1):
    uses_trait = "SwiftConfiguration" in dependency
    product = "ProfileConfiguration" if uses_trait else "ProfileRuntime"
    probe = os.path.join(release, f"probe{index}")
    write(os.path.join(probe, "Package.swift"), f"""// swift-tools-version: {"6.2" if uses_trait else "6.1"}
import PackageDescription

let package = Package(
    name: "Probe",
    dependencies: [
        {dependency.replace(placeholder, release_url)}
    ],
    targets: [.target(name: "Probe", dependencies: [.product(name: "{product}", package: "profile")])]
)
""")
    write(os.path.join(probe, "Sources", "Probe", "Probe.swift"), f"import {product}\n")
    probes.append(f"{probe}\t{where}\t{dependency}")
write(os.path.join(release, "probes.tsv"), "".join(p + "\n" for p in probes))
print(f"{len(code)} code snippets, {len(tests)} test snippets, {len(previews)} preview snippets, "
      f"{len(configured)} swift-configuration snippets, {len(lines)} dependency lines, "
      f"Package.swift (README.md:{manifest_line}); from {len(documents)} documents")
PY

printf '\n--- snippets: dependency lines\n'
while IFS=$'\t' read -r probe where dependency; do
    echo "$where: $dependency"
    (cd "$probe" && swift package --scratch-path "$probe/.build" show-dependencies --format flatlist >/dev/null) \
        || fail "$where: the dependency line does not resolve: $dependency"
done < "$scratch/release/probes.tsv"

printf '\n--- snippets: the app\n'
cd "$package"
# The clone is new each run: its revision must be resolved again.
rm -f Package.resolved
swift package --scratch-path "$scratch/build" resolve
swift build --scratch-path "$scratch/build" --product App
bin=$(swift build --scratch-path "$scratch/build" --show-bin-path)
env -i PATH="$PATH" HOME="${HOME:-/tmp}" "$bin/App"
if ls Tests/AppTests/Snippet*.swift >/dev/null 2>&1; then
    printf '\n--- snippets: the app'"'"'s tests (ProfileTesting)\n'
    env -i PATH="$PATH" HOME="${HOME:-/tmp}" swift test --scratch-path "$scratch/build"
fi

if ls "$scratch/previews-package/Sources/Previews/"Snippet*.swift >/dev/null 2>&1; then
    if [ "$(uname)" = Darwin ]; then
        printf '\n--- snippets: the previews (SwiftUI, ProfilePreviews)\n'
        cd "$scratch/previews-package"
        rm -f Package.resolved
        swift package --scratch-path "$scratch/previews-build" resolve
        swift build --scratch-path "$scratch/previews-build"
        cd "$package"
    else
        printf '\n--- snippets: the previews need SwiftUI: built by the macOS job, skipped here\n'
    fi
fi

if grep -q '^try ' "$config_package/Sources/ConfigApp/main.swift"; then
    printf '\n--- snippets: the swift-configuration app (trait SwiftConfiguration)\n'
    cd "$config_package"
    rm -f Package.resolved
    swift package --scratch-path "$scratch/config-build" resolve
    # The app's platforms are at least those swift-configuration's API is available on (its AvailabilityMacro).
    swift package --scratch-path "$scratch/config-build" dump-package >"$scratch/config-manifest.json"
    python3 - "$scratch/config-manifest.json" "$scratch/config-build/checkouts/swift-configuration/Package.swift" <<'PY'
import json, re, sys
declared = {p["platformName"]: p["version"] for p in json.load(open(sys.argv[1]))["platforms"]}
macro = re.search(r"AvailabilityMacro=Configuration 1\.0:([^\"]+)", open(sys.argv[2]).read())
assert macro, "swift-configuration's Package.swift has no AvailabilityMacro for Configuration 1.0"
names = {"macOS": "macos", "iOS": "ios", "watchOS": "watchos", "tvOS": "tvos", "visionOS": "visionos"}
low = []
for entry in macro.group(1).split(","):
    platform, version = entry.strip().split(" ")
    have = declared.get(names[platform])
    if have is None or [int(x) for x in have.split(".")] < [int(x) for x in version.split(".")]:
        low.append(f"{platform} {version} (declared: {have})")
if low:
    sys.exit("the swift-configuration app's platforms are below its API's availability: " + ", ".join(low))
print("platforms cover swift-configuration's availability:", macro.group(1))
PY
    swift build --scratch-path "$scratch/config-build" --product ConfigApp
    bin=$(swift build --scratch-path "$scratch/config-build" --show-bin-path)
    env -i PATH="$PATH" HOME="${HOME:-/tmp}" "$bin/ConfigApp"
fi
echo "snippets: every snippet built and ran, every dependency line resolved"
