#!/usr/bin/env bash
# Cuts a release of `profile` (README, "Releasing"): checks that the version in its one place
# (Sources/ProfilePlatform/Support/ProfileVersion.swift), CHANGELOG.md's latest release heading and the README's
# `.package(url: …, from: "…")` agree, that the work tree is clean and the tag is new, then tags HEAD with an annotated
# tag named after the version (`0.1.0`, the form SwiftPM resolves `from: "0.1.0"` against), its message the changelog's
# section. It pushes nothing: `git push origin 0.1.0` publishes the tag.
# Usage: bash Scripts/release.sh [--dry-run]
#
# The build plugin's prebuilt tool, `profile.artifactbundle` (Scripts/build-artifact-bundle.sh; the CI workflow's
# `bundle` job merges the static Linux x86_64 and aarch64 variants and the universal macOS variant into one zip):
#   bash Scripts/release.sh bundle [ARGS...]   builds this machine's variant (and merges --merge BUNDLE...) into
#                                              .build-bundle/profile.artifactbundle, zips it and prints its checksum
# A release that hosts the bundle, in this order (the manifest of the tag must name the zip, so the zip comes first):
#   1. take the `profile.artifactbundle` artifact of the workflow run of the commit to release;
#   2. set `prebuiltTool` at the end of Package.swift to the release's download URL
#      (https://github.com/<you>/profile/releases/download/VERSION/profile.artifactbundle.zip) and the zip's
#      checksum, and commit (only Package.swift changes: the bundled binaries are those sources);
#   3. bash Scripts/release.sh (it checks that the URL names this version), push the tag, and attach the zip to the
#      GitHub release of the tag. Until a release does this, `prebuiltTool` is nil and the plugin builds `profile`
#      from source.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { printf 'release: %s\n' "$*" >&2; exit 1; }

if [ "${1:-}" = bundle ]; then
    shift
    exec bash Scripts/build-artifact-bundle.sh --zip "$@"
fi

version=$(sed -n 's/.*package static let current = "\([0-9][0-9.]*\)".*/\1/p' Sources/ProfilePlatform/Support/ProfileVersion.swift)
[ -n "$version" ] || fail "no version in Sources/ProfilePlatform/Support/ProfileVersion.swift"
latest=$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' CHANGELOG.md | head -n 1)
[ "$latest" = "$version" ] || fail "CHANGELOG.md's latest release is ${latest:-none}, the version is $version: add its section"
grep -qF "from: \"$version\")" README.md || fail "README.md's .package(url: …, from: …) does not say $version"
# The Homebrew formula builds the tag it names.
grep -qF "tag: \"$version\"" Formula/profile.rb || fail "Formula/profile.rb's url does not say tag: \"$version\""
# A prebuilt tool named by the manifest is this version's bundle.
if grep -q '^let prebuiltTool' Package.swift && ! grep -qE '^let prebuiltTool: .*= nil$' Package.swift \
    && ! grep -qF "/download/$version/profile.artifactbundle.zip" Package.swift; then
    fail "Package.swift's prebuiltTool does not name this version's bundle (/download/$version/profile.artifactbundle.zip)"
fi
if [ "${1:-}" != "--dry-run" ]; then
    [ -z "$(git status --porcelain)" ] || fail "the work tree has changes: commit them first"
fi
if git rev-parse -q --verify "refs/tags/$version" >/dev/null; then fail "tag $version exists already"; fi

# The changelog's section of this version, as the tag's message.
notes=$(awk -v heading="## [$version]" 'index($0, heading) == 1 { inside = 1; next } /^## \[/ { inside = 0 } inside' CHANGELOG.md)
if [ "${1:-}" = "--dry-run" ]; then
    printf 'would tag %s at %s with:\n%s\n' "$version" "$(git rev-parse --short HEAD)" "$notes"
    exit 0
fi
git tag -a "$version" -m "profile $version" -m "$notes"
echo "tagged $version at $(git rev-parse --short HEAD); publish it with: git push origin $version"
