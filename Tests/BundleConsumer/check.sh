#!/usr/bin/env bash
# The artifact bundle, end to end on this machine: builds `profile.artifactbundle` with Scripts/build-artifact-bundle.sh
# (this host's variant: on Linux the static executable), then builds the package here, whose build plugin (the
# repository's plugin source) takes `profile` from the bundle through `.binaryTarget(path:)`, runs the app under the
# bundled `profile run`, and checks that nothing of the tool was built from source (no layer target, no CLibYAML, no
# `profile` executable in the build folder): an app team needs neither libyaml nor a build of the tool.
# Usage: bash Tests/BundleConsumer/check.sh (from anywhere). PROFILE_BUNDLE_CONFIGURATION=release builds the bundle as
# a release does (slower); debug by default: the bundle mechanism is the same.
set -euo pipefail
cd "$(dirname "$0")"

scratch=.build-bundle-consumer
step() { printf '\n--- bundle consumer: %s\n' "$*"; }
fail() { printf 'bundle consumer check failed: %s\n' "$*" >&2; exit 1; }

step "the plugin is the repository's plugin source"
cmp ../../Plugins/ProfileCodegen/plugin.swift Plugins/ProfileCodegenFromBundle/plugin.swift \
    || fail "Plugins/ProfileCodegenFromBundle/plugin.swift differs from Plugins/ProfileCodegen/plugin.swift"
echo "ok: same file"

step "build profile.artifactbundle (this host's variant)"
rm -rf profile.artifactbundle profile.artifactbundle.zip
bash ../../Scripts/build-artifact-bundle.sh --output "$PWD/profile.artifactbundle" \
    --configuration "${PROFILE_BUNDLE_CONFIGURATION:-debug}" --zip
python3 - profile.artifactbundle/info.json <<'PY'
import json, sys
info = json.load(open(sys.argv[1]))
assert info["schemaVersion"] == "1.0", info
artifact = info["artifacts"]["profile"]
assert artifact["type"] == "executable", artifact
for variant in artifact["variants"]:
    assert variant["supportedTriples"], variant
    print("variant", variant["path"], variant["supportedTriples"])
PY

step "build the consumer (the plugin runs the bundled profile)"
# A new plan each time: SwiftPM keeps a binary target's copy in its scratch folder.
rm -rf "$scratch"
swift build --scratch-path "$scratch"
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
generated=$(find "$scratch/plugins/outputs" -name 'Profile+Generated.swift' -path '*ProfileCodegenFromBundle*' | head -n 1)
[ -n "$generated" ] || fail "the plugin wrote no Profile+Generated.swift"
grep -q 'static let onboarding = FlagKey' "$generated" || fail "unexpected $generated"
echo "ok: $generated"

step "nothing of the tool was built from source"
# SwiftPM plans (empty folders) for every target of the graph; only what it compiles counts.
built=$(find "$scratch" \( -path '*/ProfilePlatform.build/*.o' -o -path '*/ProfileModel.build/*.o' \
    -o -path '*/ProfileResolution.build/*.o' -o -path '*/ProfileInterop.build/*.o' -o -path '*/ProfileGeneration.build/*.o' \
    -o -path '*/ProfileProcess.build/*.o' -o -path '*/profile.build/*.o' -o -path '*/ArgumentParser.build/*.o' \
    -o -name 'libyaml*' \) -print)
[ -z "$built" ] || fail "built from source: $built"
[ ! -e "$bin/profile" ] || fail "$bin/profile was built"
echo "ok: no layer target of the tool (ProfilePlatform … ProfileProcess), CLibYAML, ArgumentParser or profile in $scratch"

step "runs"
profile=profile.artifactbundle/$(python3 -c 'import json; print(json.load(open("profile.artifactbundle/info.json"))["artifacts"]["profile"]["variants"][0]["path"])')
expect() {
    local name=$1 expected=$2 actual status=0
    shift 2
    actual=$(env -i PATH=/usr/bin:/bin "$@" 2>&1) || status=$?
    if [ "$status" -ne 0 ] || [ "$actual" != "$expected" ]; then
        diff -u <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") >&2 || true
        fail "$name (exit status $status)"
    fi
    echo "ok: $name"
}
expect "defaults" "profiles: none
onboarding: true
countries: remote
retries: 3" "$bin/BundleConsumer"
expect "the bundled profile run uitest" "profiles: uitest
onboarding: false
countries: local-mock
retries: 0" "$profile" run --profiles-dir profiles uitest -- "$bin/BundleConsumer"

step "the zip a release hosts: SwiftPM unpacks it, the tool keeps its executable bit"
zscratch=.build-bundle-consumer-zip
rm -rf "$zscratch"
PROFILE_BUNDLE=profile.artifactbundle.zip swift build --scratch-path "$zscratch"
zbin=$(PROFILE_BUNDLE=profile.artifactbundle.zip swift build --scratch-path "$zscratch" --show-bin-path)
expect "built with the zipped bundle, run uitest" "profiles: uitest
onboarding: false
countries: local-mock
retries: 0" "$profile" run --profiles-dir profiles uitest -- "$zbin/BundleConsumer"

step "passed"
