#!/usr/bin/env bash
# Builds the DocC documentation of ProfileRuntime with warnings as errors: a broken symbol link, an unknown article
# or an ambiguous overload in Sources/ProfileRuntime/Documentation.docc (or in a doc comment) fails the build.
#
# The toolchain's own `docc` over the symbol graph the compiler emits, so the package needs no swift-docc-plugin
# dependency (every app that depends on the package would resolve it). A scratch folder of its own
# (.build-docs): the symbol-graph flags would otherwise make the next plain `swift build` rebuild everything.
#
# Usage: bash Scripts/build-docs.sh [OUTPUT]   (default .build-docs/ProfileRuntime.doccarchive; from anywhere)
#        Preview: python3 -m http.server -d OUTPUT, then open http://localhost:8000/documentation/profileruntime
#        (needs --transform-for-static-hosting, which this script passes).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docs
output=${1:-$scratch/ProfileRuntime.doccarchive}
symbols="$scratch/symbol-graphs"

# The compiler writes the graph when it compiles the module: without one, the module is compiled again.
if [ ! -s "$symbols/ProfileRuntime.symbols.json" ]; then rm -rf "$scratch"; fi
mkdir -p "$symbols"
swift build --scratch-path "$scratch" --target ProfileRuntime \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$symbols"
docc convert Sources/ProfileRuntime/Documentation.docc \
    --additional-symbol-graph-dir "$symbols" \
    --fallback-display-name ProfileRuntime --fallback-bundle-identifier profile.ProfileRuntime \
    --transform-for-static-hosting \
    --warnings-as-errors --output-path "$output"
echo "ProfileRuntime documentation: $output (no warnings)"
