#!/usr/bin/env bash
# Fuzzes loading and resolving profiles with libFuzzer (Linux; the Swift toolchain's -sanitize=fuzzer,address).
# Usage: Fuzzing/run.sh [seconds] [libFuzzer flags...]   (default 600 s; e.g. `run.sh 600 -len_control=0` to try
# long inputs at once). Finds land in Fuzzing/artifacts/ (crash-*, oom-*, timeout-*);
# the corpus it grows is kept in Fuzzing/corpus/ for the next run. Prints executions, coverage and findings.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
scratch=.build-fuzz

echo "--- build (release, -sanitize=fuzzer,address)"
swift build -c release --scratch-path "$scratch" --product ProfileFuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
fuzzer="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/ProfileFuzzer"

echo "--- seeds"
# Pieces of one input are separated by 0xFF: p.yml, base.yml, _catalog.yml, p.local.yml, overrides.
seeds=seeds
rm -rf "$seeds" && mkdir -p "$seeds" corpus artifacts
n=0
seed() { n=$((n + 1)); cat > "$seeds/seed-$n"; }
for file in ../profiles/*.yml; do seed < "$file"; done
# The repository's profiles as one input: uitest extends base, with the catalog.
{ cat ../profiles/uitest.yml; printf '\377'; cat ../profiles/base.yml; printf '\377'; cat ../profiles/_catalog.yml
  printf '\377\377e skipOnboarding\nm countries=live\nv pageSize=3\ns A=b\nu HOME\n'; } | seed
# The bad-input corpus: each file on its own, and each case's profile, parent, catalog and overlay as one input.
# (Cases with a known crash are left out: they would stop the run before it starts.)
for case in ../Tests/ProfileCLITests/Fixtures/Corpus/*/; do
    grep -q '^known-issue:.*crash' "$case/expected.txt" && continue
    [ -d "$case/profiles" ] || continue
    for file in "$case"profiles/*; do [ -f "$file" ] && seed < "$file"; done
    { for name in p.yml base.yml _catalog.yml p.local.yml; do
          [ -f "$case/profiles/$name" ] && cat "$case/profiles/$name"
          printf '\377'
      done; } | seed
done
# YAML snippets of the unit tests: string literals that look like profile text.
if command -v python3 > /dev/null; then
    python3 -W ignore - "$seeds" ../Tests/ProfileCoreTests <<'PY'
import os, re, sys
out, root = sys.argv[1], sys.argv[2]
count = 0
for folder, _, files in os.walk(root):
    for name in files:
        if not name.endswith('.swift'):
            continue
        text = open(os.path.join(folder, name), encoding='utf-8').read()
        snippets = re.findall(r'"""\n(.*?)\n\s*"""', text, re.S)
        snippets += [s.encode().decode('unicode_escape', 'ignore') for s in re.findall(r'"((?:[^"\\\n]|\\.)*:(?:[^"\\\n]|\\.)*\\n(?:[^"\\\n]|\\.)*)"', text)]
        for snippet in snippets:
            lines = snippet.split('\n')
            indent = min((len(l) - len(l.lstrip(' ')) for l in lines if l.strip()), default=0)
            snippet = '\n'.join(l[indent:] for l in lines)
            count += 1
            with open(os.path.join(out, 'unit-%d' % count), 'w', encoding='utf-8', errors='ignore') as f:
                f.write(snippet)
print('%d snippets from the unit tests' % count)
PY
fi
echo "$(ls "$seeds" | wc -l) seeds"

echo "--- fuzz for $seconds s"
log=artifacts/fuzz.log
set +e
# ASAN_OPTIONS: the Swift runtime keeps metadata caches for the life of the process; they are not leaks.
ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-} "$fuzzer" corpus "$seeds" -dict=profile.dict -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix=artifacts/ "$@" 2>&1 | tee "$log" \
    | grep -E --line-buffered 'pulse|DONE|INITED|ERROR|SUMMARY|Test unit written|stat::' || true
status=${PIPESTATUS[0]}
set -e

echo "--- results"
grep -E '^#[0-9]+' "$log" | tail -n 1
grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" || true
findings=$(ls artifacts | grep -cE '^(crash|oom|timeout|leak|slow-unit)-' || true)
echo "findings: $findings (in Fuzzing/artifacts/)"
ls artifacts | grep -E '^(crash|oom|timeout|leak|slow-unit)-' || true
exit "$status"
