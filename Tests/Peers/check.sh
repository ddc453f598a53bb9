#!/usr/bin/env bash
# The peers ProfileRuntime imitates, compared with it (issue 15): builds this package (which depends on this
# repository by path and on apple/swift-configuration 1.4.0) and runs `peers`, which prints one table per peer —
# swift-configuration's key mapping, swift-corelibs-foundation's `UserDefaults` argument domain, Foundation types
# decoded through `decode` — and exits 1 when a difference is not one the README documents.
# Usage: bash Tests/Peers/check.sh (from anywhere).
set -euo pipefail
cd "$(dirname "$0")"

scratch=.build-peers
printf '\n--- peers: build\n'
# (The cached build plan can miss a file added to the runtime since the last build: it is rebuilt each time.)
rm -f "$scratch"/*.yaml "$scratch"/*/description.json
swift build --scratch-path "$scratch"
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
printf '\n--- peers: compare\n'
# A clean environment: the comparisons set exactly the variables they test.
env -i PATH="$PATH" HOME="${HOME:-/tmp}" DEFAULTS_PROBE="$bin/defaults-probe" "$bin/peers"
