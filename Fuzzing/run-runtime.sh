#!/usr/bin/env bash
# Fuzzes the runtime library (ProfileRuntime) with libFuzzer (Linux; the Swift toolchain's -sanitize=fuzzer,address):
# arbitrary PROFILE_PAYLOAD, argv and environment; every typed read, decode, the hand-on and the hand-on read back
# (see Sources/RuntimeFuzzer/RuntimeFuzzTarget.swift for the input format and what counts as a finding).
# Usage: Fuzzing/run-runtime.sh [seconds] [libFuzzer flags...]   (default 600 s). Finds land in
# Fuzzing/artifacts-runtime/ (crash-*, oom-*, timeout-*); the corpus it grows is kept in Fuzzing/corpus-runtime/ for
# the next run; the committed seeds are Fuzzing/seeds-runtime/. Prints executions, coverage and findings.
#
# The run of issue 14 (`Fuzzing/run-runtime.sh 600`, 2 cores shared with other builds), zero findings:
#   #50935  DONE   cov: 4362 ft: 16432 corp: 1445/282Kb lim: 338 exec/s: 84 rss: 573Mb
#   stat::number_of_executed_units: 50935, average_exec_per_sec: 84, new_units_added: 2007, peak_rss_mb: 573
# Again after the property-list arrays, registered defaults and the hand-on's checkbox record (2026-11-24), zero findings:
#   #37297  DONE   cov: 4747 ft: 17670 corp: 1489/308Kb lim: 338 exec/s: 62 rss: 582Mb
# (more in Fuzzing/README.md).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
scratch=.build-fuzz-runtime

echo "--- build (release, -sanitize=fuzzer,address, -enable-testing)"
flags=(-c release --scratch-path "$scratch" --product RuntimeFuzzer -Xswiftc -sanitize=fuzzer,address
       -Xswiftc -parse-as-library -Xswiftc -enable-testing)
swift build "${flags[@]}"
fuzzer="$(swift build "${flags[@]}" --show-bin-path)/RuntimeFuzzer"

mkdir -p corpus-runtime artifacts-runtime
echo "$(ls seeds-runtime | wc -l) seeds in seeds-runtime/, $(ls corpus-runtime | wc -l) inputs in corpus-runtime/"

echo "--- fuzz for $seconds s"
log=artifacts-runtime/fuzz.log
set +e
# ASAN_OPTIONS: the Swift runtime keeps metadata caches for the life of the process; they are not leaks; allocation
# stacks of 5 frames (not 30) make the run faster. SWIFT_BACKTRACE: a trap goes straight to libFuzzer
# (the Swift backtracer would hold the output open instead of letting libFuzzer write the crash input).
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:malloc_context_size=5:${ASAN_OPTIONS:-} \
    "$fuzzer" corpus-runtime seeds-runtime -dict=runtime.dict -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
    -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix=artifacts-runtime/ "$@" 2>&1 | tee "$log" \
    | grep -E --line-buffered 'pulse|DONE|INITED|ERROR|SUMMARY|finding|Test unit written|stat::' || true
status=${PIPESTATUS[0]}
set -e

echo "--- results"
grep -E '^#[0-9]+' "$log" | tail -n 1
grep -E 'stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" || true
findings=$(ls artifacts-runtime | grep -cE '^(crash|oom|timeout|leak|slow-unit)-' || true)
echo "findings: $findings (in Fuzzing/artifacts-runtime/)"
ls artifacts-runtime | grep -E '^(crash|oom|timeout|leak|slow-unit)-' || true
exit "$status"
