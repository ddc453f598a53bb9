#!/usr/bin/env bash
# Builds `profile.artifactbundle`: the `profile` executable prebuilt, the way SwiftLint's and SwiftGen's build plugins
# take their tools (SwiftPM's artifact bundles, SE-0305: `info.json` with `schemaVersion` "1.0" and, per artifact, a
# list of variants, each a path and the `supportedTriples` it runs on). An app that uses the build plugin then builds
# neither `profile` nor libyaml, and needs neither Homebrew nor pkg-config (Xcode started from the Dock has
# PATH=/usr/bin:/bin:/usr/sbin:/sbin).
#
# Each run adds the variant of the machine it runs on to the bundle (and rewrites info.json from the variants present):
#   Linux x86_64 / aarch64   -> profile-linux-<arch>/profile   `-static-executable` (Benchmarks/release-flags.sh):
#                               no shared library at all, libyaml from the system's libyaml.a (Debian's libyaml-dev).
#                               Listed for <arch>-unknown-linux-gnu, the triple SwiftPM matches on glibc hosts.
#   macOS                    -> profile-macos/profile          universal (`--arch arm64 --arch x86_64`), libyaml linked
#                               statically from a universal libyaml.a built from Homebrew's libyaml source (see
#                               `macos_static_libyaml`); the Swift runtime is the OS's (macOS 13+ has it).
#                               Listed for arm64-apple-macosx and x86_64-apple-macosx.
# The aarch64 Linux variant is built on an aarch64 machine (the workflow's arm job): this toolchain has no Swift SDK
# for cross-compiling to it.
#
# Usage: bash Scripts/build-artifact-bundle.sh [--output DIR] [--configuration release|debug] [--merge OTHER.artifactbundle]...
#   --output         where the bundle is written (default .build-bundle/profile.artifactbundle); it is created or
#                    extended
#   --configuration  release (default; what a release ships) or debug (faster; what Tests/BundleConsumer builds)
#   --merge          copies the variants of another bundle in, and builds nothing (the workflow builds each variant
#                    on its own machine, then merges them)
#   --zip            also writes <output>.zip and prints `swift package compute-checksum` of it (for the manifest)
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { printf 'build-artifact-bundle: %s\n' "$*" >&2; exit 1; }

output=.build-bundle/profile.artifactbundle
configuration=release
merges=()
zip=false
build=true
while [ $# -gt 0 ]; do
    case "$1" in
        --output) output=$2; shift 2 ;;
        --configuration) configuration=$2; shift 2 ;;
        --merge) merges+=("$2"); shift 2 ;;
        --zip) zip=true; shift ;;
        *) fail "unknown argument \`$1\` (see the usage at the top of this script)" ;;
    esac
done
case "$configuration" in release | debug) ;; *) fail "--configuration is release or debug" ;; esac
# With --merge, only the merge: the variants come from the machines that built them.
if [ "${#merges[@]}" -gt 0 ]; then build=false; fi

version=$(sed -n 's/.*package static let current = "\([0-9][0-9.]*\)".*/\1/p' Sources/ProfilePlatform/Support/ProfileVersion.swift)
[ -n "$version" ] || fail "no version in Sources/ProfilePlatform/Support/ProfileVersion.swift"
mkdir -p "$output"

# A universal (arm64 + x86_64) libyaml.a for macOS 13+, compiled from the source of Homebrew's libyaml formula, in a
# folder with a yaml-0.1.pc that points at it. Homebrew's own libyaml.a (the bottle has lib/libyaml.a beside
# lib/libyaml.dylib) is no use as it is: it is only the machine's architecture, and with the dylib beside it
# `-lyaml` picks the dylib (ld64 searches each -L folder for .dylib before .a). Prints the folder holding the .pc.
macos_static_libyaml() {
    local work=.build-bundle/libyaml-universal source archive
    rm -rf "$work" && mkdir -p "$work/src" "$work/lib/pkgconfig" "$work/include"
    brew fetch --quiet --build-from-source libyaml >&2
    archive=$(brew --cache --build-from-source libyaml)
    tar -xzf "$archive" -C "$work/src" --strip-components 1
    source=$work/src
    local yaml_version
    yaml_version=$(sed -n 's/^AC_INIT(\[yaml\], \[\([0-9.]*\)\].*/\1/p' "$source/configure.ac" 2>/dev/null || true)
    [ -n "$yaml_version" ] || yaml_version=$(basename "$archive" | sed -n 's/.*yaml-\([0-9][0-9.]*[0-9]\)\..*/\1/p')
    [ -n "$yaml_version" ] || fail "cannot tell the libyaml version of $archive"
    IFS=. read -r major minor patch <<<"$yaml_version"
    local objects=()
    for file in "$source"/src/*.c; do
        local object="$work/$(basename "${file%.c}").o"
        xcrun clang -c -O2 -arch arm64 -arch x86_64 -mmacosx-version-min=13.0 -I"$source/include" \
            -DYAML_VERSION_MAJOR="$major" -DYAML_VERSION_MINOR="$minor" -DYAML_VERSION_PATCH="$patch" \
            -DYAML_VERSION_STRING="\"$yaml_version\"" -o "$object" "$file"
        objects+=("$object")
    done
    xcrun libtool -static -o "$work/lib/libyaml.a" "${objects[@]}"
    cp "$source/include/yaml.h" "$work/include/"
    lipo -info "$work/lib/libyaml.a" >&2
    local prefix
    prefix=$(cd "$work" && pwd)
    cat >"$work/lib/pkgconfig/yaml-0.1.pc" <<PC
prefix=$prefix
Name: LibYAML
Description: Library to parse and emit YAML (static, universal; built by Scripts/build-artifact-bundle.sh)
Version: $yaml_version
Cflags: -I\${prefix}/include
Libs: -L\${prefix}/lib -lyaml
PC
    echo "$work/lib/pkgconfig"
}

build_variant() {
    local scratch=.build-bundle/scratch-$configuration variant binary
    case "$(uname -s)" in
        Linux)
            # A release build here is `make build`'s (same flags): it shares the Makefile's scratch folder.
            if [ "$configuration" = release ]; then scratch=.build-release; fi
            variant=profile-linux-$(uname -m)
            # shellcheck source=../Benchmarks/release-flags.sh
            PROFILE_LINK_MODE=static-executable source Benchmarks/release-flags.sh
            swift build -c "$configuration" --scratch-path "$scratch" "${PROFILE_RELEASE_FLAGS[@]}" --product profile
            binary="$(swift build -c "$configuration" --scratch-path "$scratch" "${PROFILE_RELEASE_FLAGS[@]}" \
                --show-bin-path)/profile"
            # Fully static: no dynamic section, so no libyaml.so, libswiftCore.so or libc.so to find at run time.
            if readelf -d "$binary" 2>/dev/null | grep -q '(NEEDED)'; then
                readelf -d "$binary" | grep '(NEEDED)' >&2
                fail "$binary needs shared libraries: the Linux variant must be static"
            fi
            ;;
        Darwin)
            variant=profile-macos
            local pkgconfig
            pkgconfig=$(macos_static_libyaml)
            # The metadata flags of the release build (Benchmarks/release-flags.sh); macOS has no static link mode.
            # shellcheck source=../Benchmarks/release-flags.sh
            PROFILE_LINK_MODE=default source Benchmarks/release-flags.sh
            PKG_CONFIG_PATH="$pkgconfig" swift build -c "$configuration" --scratch-path "$scratch" \
                --arch arm64 --arch x86_64 "${PROFILE_RELEASE_FLAGS[@]}" --product profile
            binary="$(PKG_CONFIG_PATH="$pkgconfig" swift build -c "$configuration" --scratch-path "$scratch" \
                --arch arm64 --arch x86_64 "${PROFILE_RELEASE_FLAGS[@]}" --show-bin-path)/profile"
            lipo "$binary" -verify_arch arm64 x86_64 || fail "$binary is not universal (arm64 and x86_64)"
            # Only the OS's libraries (/usr/lib/...): no Homebrew libyaml an app team would have to install.
            if otool -L "$binary" | tail -n +2 | grep -v -E '^[[:space:]]+/usr/lib/|^[[:space:]]+/System/'; then
                fail "$binary links a library outside /usr/lib and /System (above)"
            fi
            ;;
        *) fail "no bundle variant for $(uname -s)" ;;
    esac
    rm -rf "${output:?}/$variant"
    mkdir -p "$output/$variant"
    cp "$binary" "$output/$variant/profile"
    # A release ships no debug information (the Linux static executable: 34 MB to 17 MB).
    if [ "$configuration" = release ]; then
        case "$(uname -s)" in
            Linux) strip "$output/$variant/profile" ;;
            Darwin) xcrun strip -S -x "$output/$variant/profile" ;;
        esac
    fi
    cp LICENSE* "$output/$variant/" 2>/dev/null || true
    "$output/$variant/profile" --version >/dev/null || fail "the bundled $variant/profile does not run"
    echo "added $output/$variant ($("$output/$variant/profile" --version))"
}

# The triples each variant directory runs on (the host triples SwiftPM matches a bundle's variants against).
triples_of() {
    case "$1" in
        profile-linux-x86_64) echo '"x86_64-unknown-linux-gnu"' ;;
        profile-linux-aarch64) echo '"aarch64-unknown-linux-gnu"' ;;
        profile-macos) echo '"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
        *) return 1 ;;
    esac
}

write_info() {
    local entries=() variant
    for variant in profile-linux-x86_64 profile-linux-aarch64 profile-macos; do
        [ -x "$output/$variant/profile" ] || continue
        entries+=("        { \"path\": \"$variant/profile\", \"supportedTriples\": [$(triples_of "$variant")] }")
    done
    [ "${#entries[@]}" -gt 0 ] || fail "$output has no variant"
    {
        printf '{\n  "schemaVersion": "1.0",\n  "artifacts": {\n    "profile": {\n'
        printf '      "version": "%s",\n      "type": "executable",\n      "variants": [\n' "$version"
        local last=$((${#entries[@]} - 1)) index
        for index in "${!entries[@]}"; do
            if [ "$index" -lt "$last" ]; then printf '%s,\n' "${entries[$index]}"; else printf '%s\n' "${entries[$index]}"; fi
        done
        printf '      ]\n    }\n  }\n}\n'
    } >"$output/info.json"
}

for other in "${merges[@]}"; do
    for variant in "$other"/profile-*/; do
        variant=$(basename "$variant")
        triples_of "$variant" >/dev/null || fail "$other/$variant: unknown variant"
        rm -rf "${output:?}/$variant"
        cp -R "$other/$variant" "$output/$variant"
        echo "merged $variant from $other"
    done
done
if [ "$build" = true ]; then build_variant; fi
write_info
echo "wrote $output/info.json:"
cat "$output/info.json"

if [ "$zip" = true ]; then
    rm -f "$output.zip"
    (cd "$(dirname "$output")" && python3 -m zipfile -c "$(basename "$output").zip" "$(basename "$output")")
    echo "wrote $output.zip; checksum for the manifest's binaryTarget(url:checksum:) (Package.swift, prebuiltTool):"
    # `swift package compute-checksum` is the file's SHA-256; without a toolchain (the merging job), the same sum.
    if command -v swift >/dev/null; then
        swift package compute-checksum "$output.zip"
    elif command -v sha256sum >/dev/null; then
        sha256sum "$output.zip" | cut -d ' ' -f 1
    else
        shasum -a 256 "$output.zip" | cut -d ' ' -f 1
    fi
fi
