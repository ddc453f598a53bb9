#!/usr/bin/env bash
# The consumer fixture, end to end: a package that depends on this repository by path, links ProfileRuntime and
# generates its typed keys with the ProfileCodegen build-tool plugin. Builds it, runs it under `profile run uitest`,
# with `-key value` and with `--key=value` arguments, compares what it prints with what is expected, and checks
# that the binary links no Foundation library. Usage: bash Tests/Consumer/check.sh (from anywhere).
set -euo pipefail
cd "$(dirname "$0")"

scratch=.build-consumer
step() { printf '\n--- consumer: %s\n' "$*"; }
fail() { printf 'consumer check failed: %s\n' "$*" >&2; exit 1; }

step "build (runs the ProfileCodegen plugin)"
swift build --scratch-path "$scratch"
bin=$(swift build --scratch-path "$scratch" --show-bin-path)
consumer="$bin/Consumer"
generated=$(find "$scratch/plugins/outputs" -name 'Profile+Generated.swift' -path '*ProfileCodegen*' | head -n 1)
[ -n "$generated" ] || fail "the plugin wrote no Profile+Generated.swift"
head -n 1 "$generated" | grep -qF 'from profiles/_catalog.yml. Do not edit.' || fail "unexpected header in $generated"

# The `profile` the plugin ran (a host tool of the same build); PROFILE overrides it.
profile=${PROFILE:-}
if [ -z "$profile" ]; then
    for candidate in "$bin/profile-tool" "$bin/profile"; do
        if [ -x "$candidate" ]; then profile=$candidate; break; fi
    done
fi
[ -n "$profile" ] || fail "no profile binary in $bin (set PROFILE)"

# A clean environment: plain variables are one of the runtime's sources (RETRIES=9 would change the output).
clean() { env -i PATH="$PATH" HOME="${HOME:-/tmp}" CONSUMER_LABEL="from the shell" "$@"; }

check() {
    local name=$1 expected=$2 status=0 actual
    shift 2
    actual=$(clean "$@" 2>&1) || status=$?
    if [ "$status" -ne 0 ] || [ "$actual" != "$expected" ]; then
        printf 'exit status %s; expected (-) and actual (+) output:\n' "$status" >&2
        diff -u <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") >&2 || true
        fail "$name"
    fi
    echo "ok: $name"
}

step "runs"
check "profile run uitest" "profiles: uitest
verbose: true
darkMode: true
payments: sandbox
storage: memory
retries: 5
ratio: 0.5
label: From the profile: from the shell
beta: false
theme: high-contrast
apiToken: unset
server: default host:9090
mode: test
launch profiles: [\"uitest\"]; uitest starts with [\"-UITests\", \"-verbose\", \"YES\"]" \
    "$profile" run uitest -- "$consumer"

arguments_expected="profiles: none
verbose: true
darkMode: false
payments: offline-stub
storage: memory
retries: 7
ratio: 0.25
label: Hi there
beta: true
theme: dark
apiToken: s3cret
server: example.org:1
mode: unset
launch profiles: [\"uitest\"]; uitest starts with [\"-UITests\", \"-verbose\", \"YES\"]"

check "-key value arguments" "$arguments_expected" "$consumer" -verbose -darkMode NO -payments offline-stub \
    -storage memory -retries 7 -ratio 0.25 -label "Hi there" -beta YES -theme dark -server.host example.org \
    -server.port 1 -apiToken s3cret

check "--key=value arguments" "$arguments_expected" "$consumer" --verbose=true --dark-mode=false \
    --payments=offline-stub --storage=memory --retries=7 --ratio=0.25 "--label=Hi there" --beta=yes --theme=dark \
    --server-host=example.org --server-port=1 --api-token=s3cret

status=0
output=$(clean "$consumer" -payments bogus 2>&1) || status=$?
[ "$status" -eq 64 ] || fail "an unknown variant exits $status, not 64"
grep -qF 'unknown variant "bogus" for mock point "payments"' <<<"$output" || fail "no descriptive error: $output"
echo "ok: an unknown variant is a descriptive error (exit 64)"

step "a profile added to profiles/ is generated at the next build (the catalog untouched); edits and removals too"
added=profiles/zz-added.yml
trap 'rm -f "$added"' EXIT
swift build --scratch-path "$scratch" >/dev/null
printf 'description: Added after the first build\nflags: {verbose: true}\n' >"$added"
swift build --scratch-path "$scratch"
grep -q 'static let zzAdded = ' "$generated" || fail "the added profile is not in $generated"
echo "ok: the added profile is generated"
rm -f "$added"
# SwiftPM keeps the input list it planned the build with: when it planned again while the file existed, the next
# build stops with "missing inputs" until it plans again (README, "Build-tool plugin").
built=$(swift build --scratch-path "$scratch" 2>&1) || true
printf '%s\n' "$built"
if ! grep -q 'Build complete' <<<"$built"; then
    echo "note: SwiftPM planned with the removed file; planning again"
    touch Package.swift
    swift build --scratch-path "$scratch"
fi
if grep -q 'zzAdded' "$generated"; then fail "the removed profile is still in $generated"; fi
echo "ok: the removed profile is gone"
# A profile edited in place (the directory does not change): each profile file is an input too.
original=$(cat profiles/uitest.yml)
trap 'rm -f "$added"; printf "%s\n" "$original" >profiles/uitest.yml' EXIT
printf '%s\n  ratio: 0.75\n' "$original" >profiles/uitest.yml
swift build --scratch-path "$scratch"
grep -q '"0.75"' "$generated" || fail "the edit of profiles/uitest.yml is not in $generated"
printf '%s\n' "$original" >profiles/uitest.yml
swift build --scratch-path "$scratch"
if grep -q '"0.75"' "$generated"; then fail "the edit of profiles/uitest.yml stayed in $generated"; fi
echo "ok: a profile edited in place is generated again"

step "linkage: no Foundation"
pattern='libFoundation|FoundationEssentials|FoundationInternationalization|lib_FoundationICU|Foundation\.framework'
if [ "$(uname -s)" = Darwin ]; then
    libraries=$(otool -L "$consumer")
else
    libraries=$(readelf -d "$consumer" | grep '(NEEDED)')
    grep -q swiftCore <<<"$libraries" || fail "cannot read the NEEDED entries of $consumer"
    if grep -E "$pattern" <<<"$(ldd "$consumer")"; then fail "ldd: $consumer loads Foundation"; fi
fi
if grep -E "$pattern" <<<"$libraries"; then fail "$consumer links Foundation"; fi
echo "ok: $consumer links no Foundation"

step "passed"
