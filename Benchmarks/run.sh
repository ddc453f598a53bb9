#!/usr/bin/env bash
# The performance report of `profile`: every figure as a ratio to a baseline measured in the same run.
#
#   Benchmarks/run.sh                       build release (.build-bench) and measure everything (~2 min)
#   Benchmarks/run.sh --quick               fewer samples: a smoke run (~30 s after the build)
#   Benchmarks/run.sh --skip-build          measure the binaries already in .build-bench
#   Benchmarks/run.sh --compare-link-modes  build `profile` in each link mode (default, --static-swift-stdlib,
#                                           -static-executable) and compare their launch times
#
# Figures (goals in the summary table):
#   run         `profile run bench -- /bin/true` vs `env K=V /bin/true`: fork+exec+wait per launch, measured
#               by Benchmarks/spawn-bench.c (a C loop), in paired rounds whose order alternates; medians.
#   load        `profile lint --profiles-dir SET` vs Benchmarks/yaml-walk.c (read every file and walk libyaml's
#               events, nothing else) over the same generated 5,000-profile / 5 MB set (generate-profiles.py).
#               lint reads and parses the files on every processor; where `taskset` exists the same lint pinned
#               to one processor is measured too ("load, one core"), against the same single-threaded walk.
#   completion  `profile __complete profiles ''` vs `env K=V /bin/true` (once the command exists).
#   runtime     the `runtime-bench` product's first read of the active profile.
#   redact      `run --redact` throughput against `cat` (the same pipes): Benchmarks/redact-writer.c writing 1 GiB of
#               log text (1 MiB per write), and 64 MiB one write per line, into `wc -c`, through `cat` and through
#               `profile run --redact` (three secrets, their near misses in the text),
#               alternating rounds; the median of the per-round ratios (cat time / profile time, goal >= 0.9 both).
#   growth      each input at N and 4N (Benchmarks/generate-growth.py): lint with a catalog of N values, lint of the
#               5,000-profile set with 2,000 catalog entries no profile uses, lint and run of an `extends` chain N
#               deep, and `--enable <TAB>` (`__complete flags`) over 5,000 profiles without a catalog. Ratios of
#               valgrind instruction counts (steady on a shared machine) when valgrind is there, and of medians of
#               wall-clock time always; both are printed, the instruction ratio (else the time) is checked.
# It is a report: it exits 0 whatever the figures of the first four; it exits 1 when a growth limit is exceeded
# (the issue 14 bars), and non-zero when `profile` cannot be built.
#   Benchmarks/run.sh --growth              only the growth section (after the build)
#   Benchmarks/run.sh --redact              only the run --redact and --watch section: throughput, startup,
#                                           restart after a save (after the build)
#   Benchmarks/run.sh --against REV         this tree against a release build of REV (a commit, a tag), both built
#                                           with the same flags, in paired rounds whose order alternates: lint of
#                                           the 5,000-profile set, launch, completion (medians, the ratio per round)
#                                           and instruction counts. The check behind "no figure may regress": the
#                                           ratios to the C baselines move from run to run on a shared machine.
# Release flags come from Benchmarks/release-flags.sh, the one place they are written.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
cd "$ROOT"

QUICK=0
COMPARE=0
SKIP_BUILD=0
GROWTH_ONLY=0
REDACT_ONLY=0
AGAINST=""
expect_against=0
for argument in "$@"; do
    if ((expect_against)); then
        AGAINST=$argument expect_against=0
        continue
    fi
    case "$argument" in
        --against) expect_against=1 ;;
        --against=*) AGAINST=${argument#--against=} ;;
        --quick) QUICK=1 ;;
        --compare-link-modes) COMPARE=1 ;;
        --skip-build) SKIP_BUILD=1 ;;
        --growth) GROWTH_ONLY=1 ;;
        --redact) REDACT_ONLY=1 ;;
        -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) echo "run.sh: unknown option \`$argument\` (--quick, --skip-build, --growth, --redact, --against REV, --compare-link-modes, --help)" >&2; exit 64 ;;
    esac
done
if ((expect_against)); then
    echo "run.sh: --against needs a revision (a commit or a tag)" >&2
    exit 64
fi

# shellcheck source=release-flags.sh
source "$HERE/release-flags.sh"
SCRATCH=.build-bench

# ---- What is measured, and how much ------------------------------------------------------------------------
BASELINE=(env K=V /bin/true)
LAUNCH_PROFILE=bench
COMPLETE_ARGS=(__complete profiles '') # the completion query; adapt when `profile __complete` lands
PROFILE_COUNT=5000
if ((QUICK)); then
    LAUNCH_ROUNDS=5 LAUNCH_EXECS=50 LOAD_RUNS=3 COMPLETE_ROUNDS=5 COMPLETE_EXECS=50 RUNTIME_ITERATIONS=5000
    GROWTH_RUNS=3 REDACT_ROUNDS=3 REDACT_MIB=256 REDACT_LINE_MIB=8 REDACT_LINE_ROUNDS=3
else
    LAUNCH_ROUNDS=21 LAUNCH_EXECS=200 LOAD_RUNS=15 COMPLETE_ROUNDS=15 COMPLETE_EXECS=100 RUNTIME_ITERATIONS=20000
    GROWTH_RUNS=7 REDACT_ROUNDS=7 REDACT_MIB=1024 REDACT_LINE_MIB=64 REDACT_LINE_ROUNDS=15
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/profile-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
unset PROFILES_DIR || true

# ---- Build ------------------------------------------------------------------------------------------------
# swift_build SCRATCH PRODUCT FLAGS...: a release build; retried when another engineer's edit lands mid-build.
swift_build() {
    local scratch=$1 product=$2
    shift 2
    local attempt log="$WORK/build-$product.log"
    for attempt in 1 2 3; do
        if swift build -c release --scratch-path "$scratch" "$@" --product "$product" >"$log" 2>&1; then
            return 0
        fi
        if grep -q "modified during the build" "$log" && ((attempt < 3)); then
            echo "  ($product: a source changed during the build; building again)" >&2
            sleep 5
            continue
        fi
        return 1
    done
}

build_profile() { # build_profile SCRATCH FLAGS...
    local scratch=$1
    shift
    echo "building profile (release, ${*:-default flags}) in $scratch ..." >&2
    if ! swift_build "$scratch" profile "$@"; then
        grep -E "error:|warning: .*(not found|undefined)" "$WORK/build-profile.log" | head -20 >&2 || true
        tail -5 "$WORK/build-profile.log" >&2
        echo "run.sh: the release build of \`profile\` failed (log above)" >&2
        exit 1
    fi
}

# Compiles the C helpers (PROFILE's dependencies are not theirs: plain cc -O2).
build_tools() {
    local cc=${CC:-cc} yaml_flags
    yaml_flags=$(pkg-config --cflags --libs yaml-0.1 2>/dev/null || echo -lyaml)
    "$cc" -O2 -o "$WORK/spawn-bench" "$HERE/spawn-bench.c"
    # shellcheck disable=SC2086
    "$cc" -O2 -o "$WORK/yaml-walk" "$HERE/yaml-walk.c" $yaml_flags
    "$cc" -O2 -o "$WORK/redact-writer" "$HERE/redact-writer.c"
    "$cc" -O2 -o "$WORK/poll-relay" "$HERE/poll-relay.c"
}

# run_redact: `run --redact` throughput (issues 24, 31): a command writing log text into a pipe read by `wc -c`,
# through `cat` and through `profile run --redact` (a profile with three secrets, the text full of their near misses),
# in alternating rounds, with the same pipes (the system's default size on both sides: profile enlarges none). Two
# writers: bulk (redact-writer REDACT_MIB, 1 MiB per write, REDACT_ROUNDS rounds) and a line-at-a-time logger
# (REDACT_LINE_MIB MiB, one write per line, REDACT_LINE_ROUNDS rounds: a round is half a second, and the spread
# between rounds is wide). The ratio is the median of the per-round ratios of the time through cat to the time
# through profile (1.00: as fast as cat; the goal is >= 0.90 for both). Timed too, for scale: the writer alone, and
# through poll-relay.c (a copy loop that waits with poll, as profile's relay does, redacting nothing: the floor of a
# supervisor, see its header). Sets redact_ratio (bulk) and redact_lines_ratio.
run_redact() {
    local dir="$WORK/project" rounds start end bytes mode mib writer_args
    cat >"$dir/profiles/_catalog.yml" <<'YAML'
env:
  DB_PASSWORD: {description: The database password, secret: true}
YAML
    cat >"$dir/profiles/redact-bench.yml" <<'YAML'
env:
  API_TOKEN: ${BENCH_TOKEN}
  DB_PASSWORD: pw-SEKRIT-overlay-1234
  DSN: postgres://u:${DB_PASSWORD}@db.example.com/items
YAML
    for mode in bulk lines; do
        if [[ $mode == bulk ]]; then
            mib=$REDACT_MIB writer_args=() rounds=$REDACT_ROUNDS
        else
            mib=$REDACT_LINE_MIB writer_args=(--lines) rounds=$REDACT_LINE_ROUNDS
        fi
        echo "== run --redact ($mode): redact-writer $mib (MiB) ${writer_args[*]} | wc -c, alone, through cat, poll-relay.c and profile run --redact ($rounds rounds)"
        : >"$WORK/redact-$mode.txt"
        for ((round = 0; round < rounds; round++)); do
            for which in alone cat poll through; do
                start=$(date +%s%N)
                if [[ $which == alone ]]; then
                    bytes=$(cd "$dir" && "$WORK/redact-writer" "$mib" "${writer_args[@]}" | wc -c)
                elif [[ $which == cat ]]; then
                    bytes=$(cd "$dir" && "$WORK/redact-writer" "$mib" "${writer_args[@]}" | cat | wc -c)
                elif [[ $which == poll ]]; then
                    bytes=$(cd "$dir" && "$WORK/redact-writer" "$mib" "${writer_args[@]}" | "$WORK/poll-relay" | wc -c)
                else
                    bytes=$(cd "$dir" && BENCH_TOKEN=tok-SEKRIT-4242-abcdef "$PROFILE_BIN" run redact-bench --redact -- \
                        "$WORK/redact-writer" "$mib" "${writer_args[@]}" 2>/dev/null | wc -c)
                fi
                end=$(date +%s%N)
                if ((bytes != mib * 1048576)); then
                    echo "  $which: $bytes bytes instead of $((mib * 1048576))"
                    redact_note="wrong output size"
                    return 1
                fi
                echo "$round $which $((end - start))" >>"$WORK/redact-$mode.txt"
            done
        done
        redact_summary "$mode" "$mib" | tee "$WORK/redact-$mode.summary"
    done
    redact_ratio=$(sed -n 's/^  ratio to cat *\([0-9.]*\).*/\1/p' "$WORK/redact-bulk.summary")
    redact_lines_ratio=$(sed -n 's/^  ratio to cat *\([0-9.]*\).*/\1/p' "$WORK/redact-lines.summary")
    run_redact_startup
    run_watch_restart
}

# redact_summary MODE MIB: the medians of redact-MODE.txt in MiB/s, and the ratio to cat with its range.
redact_summary() {
    local file="$WORK/redact-$1.txt" mib=$2 which median low high
    # column NAME: the per-round values of NAME (alone, cat, poll, through: ns; viacat, pollviacat: per-round ratios
    # of cat's time to profile's and to the poll relay's).
    column() {
        awk -v want="$1" '{ t[$1, $2] = $3; n = $1 + 1 } END {
            for (r = 0; r < n; r++) {
                if (want == "viacat") print t[r, "cat"] / t[r, "through"]
                else if (want == "pollviacat") print t[r, "cat"] / t[r, "poll"]
                else print t[r, want]
            }
        }' "$file" | sort -g
    }
    # stats NAME: median, first and last of the sorted column.
    stats() { column "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)], v[1], v[NR] }'; }
    for which in alone cat poll through; do
        read -r median _ _ <<<"$(stats "$which")"
        awk -v w="$which" -v m="$median" -v mib="$mib" \
            'BEGIN { printf "  %-21s %8.0f MiB/s (median %.2f s)\n", (w == "through" ? "through profile" : (w == "cat" ? "through cat" : (w == "poll" ? "through poll-relay.c" : w))), mib / (m / 1e9), m / 1e9 }'
    done
    read -r median low high <<<"$(stats pollviacat)"
    printf '  %-21s %8.2f (rounds %.2f-%.2f)\n' "poll-relay.c to cat" "$median" "$low" "$high"
    read -r median low high <<<"$(stats viacat)"
    printf '  %-21s %8.2f (rounds %.2f-%.2f)\n' "ratio to cat" "$median" "$low" "$high"
}

# run_watch_restart: `run --watch` (issue 24: a save restarts the child within 300 ms). `profile run watch-bench
# --watch -- sh -c '…'` whose command appends the time it starts (ns) to a file and then sleeps; each of 15 rounds
# saves the profile with a new value (the time taken just before the write) and waits for the next start; the
# latency is that start minus the save. Includes the 50 ms the watcher lets a save settle. Sets watch_restart_ms
# (the median).
run_watch_restart() {
    local dir="$WORK/project" round saved started lines pid
    echo "== run --watch: from a save of the profile to the restarted command's first instruction, 15 rounds"
    printf 'env:\n  ROUND: "0"\n' >"$dir/profiles/watch-bench.yml"
    : >"$WORK/watch-starts"
    (cd "$dir" && exec "$PROFILE_BIN" run watch-bench --watch -- sh -c \
        "date +%s%N >> '$WORK/watch-starts'; exec sleep 100" >/dev/null 2>&1) &
    pid=$!
    for _ in $(seq 100); do [[ -s "$WORK/watch-starts" ]] && break; sleep 0.05; done
    : >"$WORK/watch-latency"
    for ((round = 1; round <= 15; round++)); do
        lines=$(wc -l <"$WORK/watch-starts")
        sleep 0.3
        saved=$(date +%s%N)
        printf 'env:\n  ROUND: "%d"\n' "$round" >"$dir/profiles/watch-bench.yml"
        for _ in $(seq 200); do (($(wc -l <"$WORK/watch-starts") > lines)) && break; sleep 0.01; done
        started=$(tail -1 "$WORK/watch-starts")
        echo $(((started - saved) / 1000)) >>"$WORK/watch-latency"
    done
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null || true  # it ends by the SIGTERM
    watch_restart_ms=$(sort -n "$WORK/watch-latency" | awk '{ v[NR] = $1 } END { printf "%.1f", v[int((NR + 1) / 2)] / 1000 }')
    sort -n "$WORK/watch-latency" | awk '{ v[NR] = $1 } END {
        printf "  %-16s %8.1f ms (median; fastest %.1f, slowest %.1f)\n", "save to restart", v[int((NR + 1) / 2)] / 1000, v[1] / 1000, v[NR] / 1000 }'
}

# run_redact_startup: what staying the parent costs a launch: `profile run redact-bench --redact -- true` against
# `profile run redact-bench -- true` (exec), 100 launches each, in alternating rounds; the median per-launch times
# and their difference. Sets redact_startup_ms (the difference). The supervisor once used dispatchMain(), whose
# pthread_exit made libgcc sort every unwind entry of the static executable: 176.6 M instructions against 1.9 M
# (valgrind --tool=callgrind, whole process, `run --redact -- /bin/true`).
run_redact_startup() {
    local dir="$WORK/project" round which i start end
    echo "== run --redact startup: 100 launches of \`profile run redact-bench [--redact] -- true\`, $REDACT_ROUNDS rounds"
    : >"$WORK/redact-startup.txt"
    for ((round = 0; round < REDACT_ROUNDS; round++)); do
        for which in exec redact; do
            start=$(date +%s%N)
            for ((i = 0; i < 100; i++)); do
                if [[ $which == exec ]]; then
                    (cd "$dir" && BENCH_TOKEN=tok-SEKRIT-4242-abcdef "$PROFILE_BIN" run redact-bench -- true)
                else
                    (cd "$dir" && BENCH_TOKEN=tok-SEKRIT-4242-abcdef "$PROFILE_BIN" run redact-bench --redact -- true)
                fi
            done >/dev/null 2>&1
            end=$(date +%s%N)
            echo "$which $(((end - start) / 100000))" >>"$WORK/redact-startup.txt"
        done
    done
    local exec_us redact_us
    exec_us=$(awk '$1 == "exec" { print $2 }' "$WORK/redact-startup.txt" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    redact_us=$(awk '$1 == "redact" { print $2 }' "$WORK/redact-startup.txt" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    redact_startup_ms=$(awk -v a="$exec_us" -v b="$redact_us" 'BEGIN { printf "%.2f", (b - a) / 1000 }')
    awk -v a="$exec_us" -v b="$redact_us" 'BEGIN {
        printf "  %-16s %8.2f ms per launch (median)\n  %-16s %8.2f ms per launch (median)\n  %-16s %8.2f ms\n",
            "run (exec)", a / 1000, "run --redact", b / 1000, "difference", (b - a) / 1000 }'
}

# ---- Measuring ---------------------------------------------------------------------------------------------
# measure_rounds ROUNDS EXECS DIR OUT ARRAY_NAME...: ROUNDS rounds; in each, every command (a bash array
# named by ARRAY_NAME) runs EXECS times under spawn-bench, in an order that rotates from round to round.
# Appends "round index ns" lines to OUT. Fails when any command fails.
measure_rounds() {
    local rounds=$1 execs=$2 dir=$3 out=$4
    shift 4
    local names=("$@") count=$# round step index ns
    local -a command
    for ((round = 0; round < rounds; round++)); do
        for ((step = 0; step < count; step++)); do
            index=$(((step + round) % count))
            eval "command=(\"\${${names[$index]}[@]}\")"
            ns=$(cd "$dir" && "$WORK/spawn-bench" "$execs" "${command[@]}") || return 1
            echo "$round $index $ns" >>"$out"
        done
    done
}

# summarize OUT EXECS: per command index, "index median_ms ratio_to_index_0 ratio_p25 ratio_p75", the ratio
# being the median of the per-round ratios (so drift from other load on the machine cancels out).
summarize() {
    python3 - "$1" "$2" <<'PY'
import sys
from statistics import median
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
execs = int(sys.argv[2])
by_round = {}
for r, i, ns in rows:
    by_round.setdefault(int(r), {})[int(i)] = int(ns) / execs / 1e6
indices = sorted({int(i) for _, i, _ in rows})
def quantile(values, q):
    values = sorted(values)
    position = (len(values) - 1) * q
    low = int(position)
    high = min(low + 1, len(values) - 1)
    return values[low] + (values[high] - values[low]) * (position - low)
for i in indices:
    times = [v[i] for v in by_round.values() if i in v]
    ratios = [v[i] / v[0] for v in by_round.values() if i in v and 0 in v]
    print("%d %.4f %.3f %.3f %.3f" % (i, median(times), median(ratios), quantile(ratios, 0.25), quantile(ratios, 0.75)))
PY
}

# field LINE N: the Nth field of a summary line.
field() { echo "$1" | awk -v n="$2" '{ print $n }'; }

# A temp project with a profiles/ directory holding the launch benchmark's profile and its base: commands run
# from there find it by walking up, as a user's would.
make_launch_project() {
    mkdir -p "$WORK/project/profiles"
    cp "$HERE"/fixtures/launch/*.yml "$WORK/project/profiles/"
}

# check_once DIR COMMAND...: runs the command once, visibly (stderr shown on failure); its exit status.
check_once() {
    local dir=$1
    shift
    local status=0
    (cd "$dir" && "$@") >"$WORK/check.out" 2>"$WORK/check.err" </dev/null || status=$?
    return "$status"
}

machine_line() {
    local cores
    cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
    echo "machine: $(uname -sm), $cores cores, load average $(uptime | sed 's/.*load average[s]*: //')"
}

# ---- --compare-link-modes ----------------------------------------------------------------------------------
if ((COMPARE)); then
    build_tools
    make_launch_project
    modes=(default static-stdlib static-executable)
    [[ "$(uname -s)" == Linux ]] || modes=(default)
    names=(BASELINE)
    for mode in "${modes[@]}"; do
        scratch=".build-bench-$mode"
        [[ "$mode" == "$PROFILE_LINK_MODE" ]] && scratch=$SCRATCH
        flags=("${PROFILE_METADATA_FLAGS[@]}")
        while IFS= read -r flag; do [[ -n "$flag" ]] && flags+=("$flag"); done < <(profile_link_flags "$mode")
        if ((SKIP_BUILD == 0)); then build_profile "$scratch" ${flags[@]+"${flags[@]}"}; fi
        binary="$ROOT/$scratch/release/profile"
        if ! check_once "$WORK/project" "$binary" run "$LAUNCH_PROFILE" -- /bin/true; then
            echo "$mode: \`profile run\` failed:" >&2
            head -5 "$WORK/check.err" >&2
            continue
        fi
        name="run_${mode//-/_}"
        eval "$name=(\"\$binary\" run \"\$LAUNCH_PROFILE\" -- /bin/true)"
        names+=("$name")
    done
    machine_line
    echo "launch, ${LAUNCH_ROUNDS} rounds x ${LAUNCH_EXECS} execs (chosen mode: $PROFILE_LINK_MODE)"
    measure_rounds "$LAUNCH_ROUNDS" "$LAUNCH_EXECS" "$WORK/project" "$WORK/modes.txt" "${names[@]}"
    printf '%-34s %12s %8s %17s %10s\n' "command" "ms/launch" "ratio" "ratio p25-p75" "size MB"
    while read -r index ms ratio p25 p75; do
        name=${names[$index]}
        if ((index == 0)); then
            label="${BASELINE[*]}" size="-"
        else
            mode=${name#run_}
            mode=${mode//_/-}
            label="profile run ($mode)"
            binary=$(eval "echo \"\${${name}[0]}\"")
            size=$(awk -v b="$(wc -c <"$binary")" 'BEGIN { printf "%.1f", b / 1048576 }')
        fi
        printf '%-34s %12.3f %7.2fx %8.2f-%-8.2f %10s\n' "$label" "$ms" "$ratio" "$p25" "$p75" "$size"
    done < <(summarize "$WORK/modes.txt" "$LAUNCH_EXECS")
    exit 0
fi


# ---- Growth: each input at N and 4N; cost must grow no faster than the input ---------------------------------
# ir COMMAND...: the instructions valgrind counts for one run (all threads), or "" without valgrind.
ir() {
    command -v valgrind >/dev/null 2>&1 || return 0
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null </dev/null |
        sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' | tail -1
}

# ir_until_exec COMMAND...: the instructions of a command that ends by exec'ing another (`profile run`), up to the
# execve (valgrind cannot follow the process through it), or "" without valgrind.
ir_until_exec() {
    command -v valgrind >/dev/null 2>&1 || return 0
    local out="$WORK/ir-exec.$RANDOM"
    valgrind --tool=callgrind --dump-before=execve --callgrind-out-file="$out" "$@" >/dev/null 2>&1 </dev/null || true
    sed -n 's/^summary: *//p' "$out.1" 2>/dev/null | head -1
    rm -f "$out" "$out".*
}

# median_ms RUNS DIR COMMAND...: the median wall-clock time of RUNS runs (spawn-bench, one exec each), in ms.
median_ms() {
    local runs=$1 dir=$2 i
    shift 2
    for ((i = 0; i < runs; i++)); do (cd "$dir" && "$WORK/spawn-bench" 1 "$@"); done |
        sort -n | awk '{ v[NR] = $1 } END { printf "%.2f", v[int((NR + 1) / 2)] / 1e6 }'
}

GROWTH_FAILURES=()
growth_rows=()
# growth_pair LABEL LIMIT DIR_N DIR_4N COMMAND...: the command (with `{}` standing for the directory) at N and 4N;
# prints the instruction and time ratios and checks the limit ("<= 5": the 4N/N ratio).
growth_pair() {
    local label=$1 limit=$2 small=$3 large=$4
    shift 4
    local -a a=() b=()
    local word
    for word in "$@"; do a+=("${word//\{\}/$small}") b+=("${word//\{\}/$large}"); done
    if ! check_once "$WORK" "${a[@]}" || ! check_once "$WORK" "${b[@]}"; then
        echo "  $label: the command failed: $(head -3 "$WORK/check.err")"
        GROWTH_FAILURES+=("$label: the command failed")
        return
    fi
    local ir_a ir_b ms_a ms_b ratio_ir="" ratio_ms checked
    ir_a=$(cd "$WORK" && ir "${a[@]}") ir_b=$(cd "$WORK" && ir "${b[@]}")
    ms_a=$(median_ms "$GROWTH_RUNS" "$WORK" "${a[@]}") ms_b=$(median_ms "$GROWTH_RUNS" "$WORK" "${b[@]}")
    ratio_ms=$(awk -v x="$ms_a" -v y="$ms_b" 'BEGIN { printf "%.2f", y / x }')
    if [[ -n "$ir_a" && -n "$ir_b" ]]; then
        ratio_ir=$(awk -v x="$ir_a" -v y="$ir_b" 'BEGIN { printf "%.2f", y / x }')
    fi
    checked=${ratio_ir:-$ratio_ms}
    local verdict
    verdict=$(awk -v v="$checked" "BEGIN { print ((v $limit) ? \"met\" : \"NOT met\") }")
    printf '  %-44s %9s ms %9s ms %6sx time  %14s %14s Ir %6sx Ir   %s %s\n' "$label" "$ms_a" "$ms_b" "$ratio_ms" \
        "${ir_a:--}" "${ir_b:--}" "${ratio_ir:--}" "$limit:" "$verdict"
    growth_rows+=("$label|$ms_a -> $ms_b ms|${ratio_ir:--}x Ir, ${ratio_ms}x time|$limit: $verdict")
    [[ "$verdict" == met ]] || GROWTH_FAILURES+=("$label: ${checked}x, limit $limit")
}

# growth_time LABEL LIMIT_MS DIR COMMAND...: a figure with a time limit (the median of GROWTH_RUNS runs).
growth_time() {
    local label=$1 limit=$2 dir=$3
    shift 3
    if ! check_once "$dir" "$@"; then
        GROWTH_FAILURES+=("$label: the command failed")
        return
    fi
    local ms instructions verdict
    ms=$(median_ms "$GROWTH_RUNS" "$dir" "$@")
    instructions=$(cd "$dir" && ir "$@")
    verdict=$(awk -v v="$ms" "BEGIN { print ((v < $limit) ? \"met\" : \"NOT met\") }")
    printf '  %-44s %9s ms %14s Ir   < %s ms: %s\n' "$label" "$ms" "${instructions:--}" "$limit" "$verdict"
    growth_rows+=("$label|$ms ms|${instructions:--} Ir|< $limit ms: $verdict")
    [[ "$verdict" == met ]] || GROWTH_FAILURES+=("$label: $ms ms, limit $limit ms")
}

run_growth() {
    local grow="$HERE/generate-growth.py" g="$WORK/growth"
    mkdir -p "$g"
    echo
    echo "== growth: each input at N and 4N ($GROWTH_RUNS runs each for the time; valgrind for instructions:" \
        "$(command -v valgrind >/dev/null 2>&1 && echo yes || echo "not installed, time ratios checked")"
    printf '  %-44s %12s %12s %11s  %14s %14s %11s\n' "figure" "N" "4N" "" "Ir at N" "Ir at 4N" ""
    python3 "$grow" catalog 1000 "$g/catalog-1000"
    python3 "$grow" catalog 4000 "$g/catalog-4000"
    growth_pair "lint, catalog of 1,000 -> 4,000 values" "<= 5" "$g/catalog-1000" "$g/catalog-4000" \
        "$PROFILE_BIN" lint --profiles-dir "{}"
    if [[ ! -d "$WORK/profile-set" ]]; then
        python3 "$HERE/generate-profiles.py" "$WORK/profile-set" --count "$PROFILE_COUNT" >/dev/null
    fi
    cp -r "$WORK/profile-set" "$g/set-used"
    cp -r "$WORK/profile-set" "$g/set-unused"
    python3 "$grow" catalog-for "$g/set-used"
    python3 "$grow" catalog-for "$g/set-unused" --unused 2000
    growth_pair "lint 5k profiles, +2,000 unused catalog entries" "<= 1.1" "$g/set-used" "$g/set-unused" \
        "$PROFILE_BIN" lint --profiles-dir "{}"
    python3 "$grow" chain 1000 "$g/chain-1000"
    python3 "$grow" chain 4000 "$g/chain-4000"
    growth_pair "lint, extends chain 1,000 -> 4,000 deep" "<= 5" "$g/chain-1000" "$g/chain-4000" \
        "$PROFILE_BIN" lint --profiles-dir "{}"
    # The leaf of each chain: p00999 and p03999 (the command names the directory; the leaf is found by link).
    ln -s p00999.yml "$g/chain-1000/leaf.yml"
    ln -s p03999.yml "$g/chain-4000/leaf.yml"
    growth_pair "run --dry-run, leaf of a 1,000 -> 4,000 chain" "<= 5" "$g/chain-1000" "$g/chain-4000" \
        "$PROFILE_BIN" run --dry-run --profiles-dir "{}" leaf -- /bin/true
    cp -r "$WORK/profile-set" "$g/no-catalog"
    PROFILES_DIR="$g/no-catalog" growth_time "--enable <TAB>, 5,000 profiles, no catalog" 100 "$WORK" \
        "$PROFILE_BIN" __complete flags ''
    echo
    if ((${#GROWTH_FAILURES[@]})); then
        echo "GROWTH LIMITS EXCEEDED:" >&2
        printf '  %s\n' "${GROWTH_FAILURES[@]}" >&2
        return 1
    fi
    echo "growth: every limit met"
}

# ---- Build -------------------------------------------------------------------------------------------------
PROFILE_BIN="$ROOT/$SCRATCH/release/profile"
RUNTIME_BIN="$ROOT/$SCRATCH/release/runtime-bench"
if ((SKIP_BUILD == 0)); then
    build_profile "$SCRATCH" ${PROFILE_RELEASE_FLAGS[@]+"${PROFILE_RELEASE_FLAGS[@]}"}
    echo "building runtime-bench ..." >&2
    if ! swift_build "$SCRATCH" runtime-bench ${PROFILE_RELEASE_FLAGS[@]+"${PROFILE_RELEASE_FLAGS[@]}"}; then
        echo "runtime-bench: not built"
        rm -f "$RUNTIME_BIN"
    fi
fi
[[ -x "$PROFILE_BIN" ]] || { echo "run.sh: no $PROFILE_BIN (build it: drop --skip-build)" >&2; exit 1; }
build_tools
make_launch_project

if ((GROWTH_ONLY)); then
    machine_line
    run_growth
    exit $?
fi
redact_ratio="" redact_lines_ratio="" redact_note="" redact_startup_ms="" watch_restart_ms=""
if ((REDACT_ONLY)); then
    machine_line
    run_redact
    exit $?
fi

# ---- --against REV: the same figures, this tree against REV, in paired rounds --------------------------------
if [[ -n "$AGAINST" ]]; then
    rev=$(git -C "$ROOT" rev-parse --verify --quiet "$AGAINST^{commit}") ||
        { echo "run.sh: \`$AGAINST\` is not a commit here" >&2; exit 64; }
    # A worktree and a scratch folder of their own under .build-against (ignored by git), kept between runs: the
    # same REV is built once.
    tree="$ROOT/.build-against/src"
    if [[ ! -d "$tree" ]] || ! git -C "$tree" rev-parse HEAD >/dev/null 2>&1; then
        rm -rf "$tree"
        git -C "$ROOT" worktree prune
        git -C "$ROOT" worktree add --detach --quiet "$tree" "$rev"
    else
        git -C "$tree" checkout --detach --quiet "$rev"
    fi
    echo "building $AGAINST (${rev:0:12}) the same way ..." >&2
    (cd "$tree" && swift_build "$ROOT/.build-against/scratch" profile ${PROFILE_RELEASE_FLAGS[@]+"${PROFILE_RELEASE_FLAGS[@]}"}) ||
        { tail -5 "$WORK/build-profile.log" >&2; echo "run.sh: the release build of $AGAINST failed" >&2; exit 1; }
    OLD_BIN="$ROOT/.build-against/scratch/release/profile"
    SET="$WORK/profile-set"
    python3 "$HERE/generate-profiles.py" "$SET" --count "$PROFILE_COUNT" >/dev/null
    machine_line
    echo "this tree ($(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- Sources Package.swift || echo ", with changes")) against $AGAINST (${rev:0:12}), both: ${PROFILE_RELEASE_FLAGS[*]:-no extra flags}"
    ((QUICK)) && echo "--quick: fewer samples, figures are rough"
    OLD_LINT=("$OLD_BIN" lint --profiles-dir "$SET") NEW_LINT=("$PROFILE_BIN" lint --profiles-dir "$SET")
    OLD_RUN=("$OLD_BIN" run "$LAUNCH_PROFILE" -- /bin/true) NEW_RUN=("$PROFILE_BIN" run "$LAUNCH_PROFILE" -- /bin/true)
    OLD_COMPLETE=("$OLD_BIN" "${COMPLETE_ARGS[@]}") NEW_COMPLETE=("$PROFILE_BIN" "${COMPLETE_ARGS[@]}")
    against_rounds=$((LOAD_RUNS * 2))
    # compare LABEL ROUNDS EXECS DIR OLD NEW [COUNTER]: medians, the median per-round ratio new/old, and instruction
    # counts (COUNTER: `ir`, or `ir_until_exec` for a command that execs another).
    compare() {
        local label=$1 rounds=$2 execs=$3 dir=$4 old=$5 new=$6 counter=${7:-ir} out="$WORK/against-$RANDOM.txt"
        local summary line
        local -a old_command new_command
        eval "old_command=(\"\${${old}[@]}\")"
        eval "new_command=(\"\${${new}[@]}\")"
        if ! check_once "$dir" "${old_command[@]}" || ! check_once "$dir" "${new_command[@]}"; then
            printf '  %-34s failed: %s\n' "$label" "$(head -1 "$WORK/check.err")"
            return
        fi
        measure_rounds "$rounds" "$execs" "$dir" "$out" "$old" "$new" || { echo "  $label: measurement failed"; return; }
        summary=$(summarize "$out" "$execs")
        line=$(echo "$summary" | sed -n 2p)
        local ir_old ir_new
        ir_old=$(cd "$dir" && "$counter" "${old_command[@]}") ir_new=$(cd "$dir" && "$counter" "${new_command[@]}")
        printf '  %-34s %10.3f %10.3f %7.3fx %8.3f-%-8.3f %14s %14s %8s\n' "$label" \
            "$(field "$(echo "$summary" | sed -n 1p)" 2)" "$(field "$line" 2)" "$(field "$line" 3)" \
            "$(field "$line" 4)" "$(field "$line" 5)" "${ir_old:--}" "${ir_new:--}" \
            "$([[ -n "$ir_old" && -n "$ir_new" ]] && awk -v a="$ir_old" -v b="$ir_new" 'BEGIN { printf "%.4fx", b / a }' || echo -)"
    }
    printf '  %-34s %10s %10s %8s %17s %14s %14s %8s\n' "figure (ms)" "$AGAINST" "this tree" "ratio" "ratio p25-p75" \
        "Ir $AGAINST" "Ir this tree" "Ir ratio"
    compare "lint, 5,000 profiles" "$against_rounds" 1 "$WORK" OLD_LINT NEW_LINT
    # Both against the README's baseline for the load figure, in the same rounds: what the table's ratio would read.
    WALK_COMMAND=("$WORK/yaml-walk" "$SET")
    if measure_rounds "$LOAD_RUNS" 1 "$WORK" "$WORK/against-walk.txt" WALK_COMMAND OLD_LINT NEW_LINT; then
        summary=$(summarize "$WORK/against-walk.txt" 1)
        printf '  %-34s %9.2fx %9.2fx %8s (the load figure: lint / yaml-walk, %.1f ms, %s rounds of the three)\n' \
            "load (lint / C walk)" "$(field "$(echo "$summary" | sed -n 2p)" 3)" \
            "$(field "$(echo "$summary" | sed -n 3p)" 3)" "" "$(field "$(echo "$summary" | sed -n 1p)" 2)" "$LOAD_RUNS"
    fi
    compare "run bench -- /bin/true" "$LAUNCH_ROUNDS" "$LAUNCH_EXECS" "$WORK/project" OLD_RUN NEW_RUN ir_until_exec
    compare "completion (2 profiles)" "$COMPLETE_ROUNDS" "$COMPLETE_EXECS" "$WORK/project" OLD_COMPLETE NEW_COMPLETE
    exit 0
fi

echo
machine_line
echo "profile: $SCRATCH/release/profile, link mode $PROFILE_LINK_MODE (${PROFILE_RELEASE_FLAGS[*]:-no extra flags})"
((QUICK)) && echo "--quick: fewer samples, figures are rough"

# Results, filled in below ("" = not measured).
run_ms="" env_ms="" run_ratio="" run_note=""
load_ms="" walk_ms="" load_ratio="" load_note=""
load1_ms="" load1_ratio="" load1_note=""
complete_ms="" complete_env_ms="" complete_ratio="" complete_note=""
complete_big_ms="" complete_big_note=""
runtime_us="" runtime_note=""

# ---- 1. Launch: profile run bench -- /bin/true vs env K=V /bin/true ------------------------------------------
echo
echo "== run: profile run $LAUNCH_PROFILE -- /bin/true vs ${BASELINE[*]} ($LAUNCH_ROUNDS rounds x $LAUNCH_EXECS execs)"
RUN_COMMAND=("$PROFILE_BIN" run "$LAUNCH_PROFILE" -- /bin/true)
if ! check_once "$WORK/project" "${RUN_COMMAND[@]}"; then
    run_note="profile run failed"
    echo "  profile run failed:"
    head -10 "$WORK/check.err" | sed 's/^/  /'
elif measure_rounds "$LAUNCH_ROUNDS" "$LAUNCH_EXECS" "$WORK/project" "$WORK/launch.txt" BASELINE RUN_COMMAND; then
    summary=$(summarize "$WORK/launch.txt" "$LAUNCH_EXECS")
    env_ms=$(field "$(echo "$summary" | sed -n 1p)" 2)
    line=$(echo "$summary" | sed -n 2p)
    run_ms=$(field "$line" 2) run_ratio=$(field "$line" 3)
    printf '  %-48s %8.3f ms/launch\n' "${BASELINE[*]}" "$env_ms"
    printf '  %-48s %8.3f ms/launch   %.2fx (rounds p25-p75 %.2f-%.2f)\n' "profile run $LAUNCH_PROFILE -- /bin/true" \
        "$run_ms" "$run_ratio" "$(field "$line" 4)" "$(field "$line" 5)"
else
    run_note="measurement failed"
fi

# ---- 2. Load: profile lint over 5,000 profiles vs a C walk of libyaml's events ------------------------------
echo
SET="$WORK/profile-set"
python3 "$HERE/generate-profiles.py" "$SET" --count "$PROFILE_COUNT" >"$WORK/generate.out"
echo "== load: profile lint --profiles-dir SET vs yaml-walk SET ($(sed 's/ in .*//' "$WORK/generate.out"), $LOAD_RUNS runs each)"
WALK_COMMAND=("$WORK/yaml-walk" "$SET")
LINT_COMMAND=("$PROFILE_BIN" lint --profiles-dir "$SET")
LINT_ONE_CORE_COMMAND=()
if command -v taskset >/dev/null 2>&1 && taskset -c 0 true 2>/dev/null; then
    LINT_ONE_CORE_COMMAND=(taskset -c 0 "$PROFILE_BIN" lint --profiles-dir "$SET")
fi
lint_status=0
check_once "$WORK" "${LINT_COMMAND[@]}" || lint_status=$?
if ((lint_status != 0)); then
    load_note="lint exit $lint_status on the set"
    echo "  profile lint exited $lint_status on the generated set (it must exit 0):"
    head -10 "$WORK/check.err" | sed 's/^/  /'
else
    echo "  profile lint: $(tail -1 "$WORK/check.err" 2>/dev/null)"
fi
if [[ -z "$load_note" ]] && ! check_once "$WORK" "${WALK_COMMAND[@]}"; then
    load_note="yaml-walk failed"
    head -5 "$WORK/check.err" | sed 's/^/  /'
fi
if [[ -z "$load_note" ]]; then
    echo "  yaml-walk: $(cat "$WORK/check.out")"
    load_commands=(WALK_COMMAND LINT_COMMAND)
    ((${#LINT_ONE_CORE_COMMAND[@]})) && load_commands+=(LINT_ONE_CORE_COMMAND)
    if measure_rounds "$LOAD_RUNS" 1 "$WORK" "$WORK/load.txt" "${load_commands[@]}"; then
        summary=$(summarize "$WORK/load.txt" 1)
        walk_ms=$(field "$(echo "$summary" | sed -n 1p)" 2)
        line=$(echo "$summary" | sed -n 2p)
        load_ms=$(field "$line" 2) load_ratio=$(field "$line" 3)
        printf '  %-48s %8.1f ms\n' "yaml-walk (C, libyaml events)" "$walk_ms"
        printf '  %-48s %8.1f ms   %.2fx (runs p25-p75 %.2f-%.2f)\n' "profile lint" "$load_ms" "$load_ratio" \
            "$(field "$line" 4)" "$(field "$line" 5)"
        line=$(echo "$summary" | sed -n 3p)
        if [[ -n "$line" ]]; then
            load1_ms=$(field "$line" 2) load1_ratio=$(field "$line" 3)
            printf '  %-48s %8.1f ms   %.2fx (runs p25-p75 %.2f-%.2f)\n' "taskset -c 0 profile lint (one core)" "$load1_ms" \
                "$load1_ratio" "$(field "$line" 4)" "$(field "$line" 5)"
        else
            load1_note="no taskset"
        fi
    else
        load_note="measurement failed"
    fi
fi

# ---- 3. Completion latency ---------------------------------------------------------------------------------
echo
COMPLETE_COMMAND=("$PROFILE_BIN" "${COMPLETE_ARGS[@]}")
complete_label="profile ${COMPLETE_ARGS[*]}"
[[ "${COMPLETE_ARGS[${#COMPLETE_ARGS[@]} - 1]}" == "" ]] && complete_label+="''"
if check_once "$WORK/project" "${COMPLETE_COMMAND[@]}"; then
    echo "== completion: $complete_label vs ${BASELINE[*]} ($COMPLETE_ROUNDS rounds x $COMPLETE_EXECS execs)"
    echo "  answers: $(tr '\n' ' ' <"$WORK/check.out" | cut -c1-100)"
    if measure_rounds "$COMPLETE_ROUNDS" "$COMPLETE_EXECS" "$WORK/project" "$WORK/complete.txt" BASELINE COMPLETE_COMMAND; then
        summary=$(summarize "$WORK/complete.txt" "$COMPLETE_EXECS")
        complete_env_ms=$(field "$(echo "$summary" | sed -n 1p)" 2)
        line=$(echo "$summary" | sed -n 2p)
        complete_ms=$(field "$line" 2) complete_ratio=$(field "$line" 3)
        printf '  %-48s %8.3f ms\n' "${BASELINE[*]}" "$complete_env_ms"
        printf '  %-48s %8.3f ms   %.2fx\n' "$complete_label (2 profiles)" "$complete_ms" "$complete_ratio"
    else
        complete_note="measurement failed"
    fi
    # The same query against the 5,000-profile set (a large repository: file names only, or a cache).
    if (export PROFILES_DIR="$SET" && check_once "$WORK/project" "${COMPLETE_COMMAND[@]}") &&
        (export PROFILES_DIR="$SET" && measure_rounds 3 5 "$WORK/project" "$WORK/complete-big.txt" COMPLETE_COMMAND); then
        complete_big_ms=$(field "$(summarize "$WORK/complete-big.txt" 5 | sed -n 1p)" 2)
        printf '  %-48s %8.3f ms\n' "$complete_label (5,000 profiles)" "$complete_big_ms"
    else
        complete_big_note="failed on the 5,000-profile set"
    fi
else
    complete_note="not implemented yet"
    complete_big_note="not implemented yet"
    echo "completion: not implemented yet"
fi

# ---- 4. Runtime first read ---------------------------------------------------------------------------------
echo
if [[ -x "$RUNTIME_BIN" ]]; then
    echo "== runtime: runtime-bench $RUNTIME_ITERATIONS"
    if "$RUNTIME_BIN" "$RUNTIME_ITERATIONS" >"$WORK/runtime.out" 2>&1; then
        sed 's/^/  /' "$WORK/runtime.out"
        runtime_us=$(sed -n 's/.*first read[^:]*: *\([0-9.]*\) *us.*/\1/p' "$WORK/runtime.out" | head -1)
        [[ -n "$runtime_us" ]] || runtime_note="no 'first read' line"
    else
        runtime_note="runtime-bench failed"
        sed 's/^/  /' "$WORK/runtime.out" | head -5
    fi
else
    runtime_note="not built"
    echo "runtime-bench: not built"
fi

# ---- 5. run --redact throughput ---------------------------------------------------------------------------
echo
run_redact || true

# ---- Summary -----------------------------------------------------------------------------------------------
# verdict VALUE EXPRESSION: "met" / "NOT met" (awk evaluates EXPRESSION with v = VALUE), "-" when not measured.
verdict() {
    [[ -n "$1" ]] || { echo "-"; return; }
    awk -v v="$1" "BEGIN { print (($2) ? \"met\" : \"NOT met\") }"
}
both() { # both VERDICT VERDICT
    if [[ "$1" == "-" || "$2" == "-" ]]; then echo "-"; elif [[ "$1" == met && "$2" == met ]]; then echo met; else echo "NOT met"; fi
}
fmt() { [[ -n "$1" ]] && printf "$2" "$1" || echo "${3:--}"; }

echo
echo "== summary ($(date -u +%Y-%m-%dT%H:%MZ)$( ((QUICK)) && echo ", --quick"))"
row() { printf '%-28s %-20s %-13s %-7s %-26s %-26s\n' "$@"; }
row "figure" "measured" "baseline" "ratio" "limit" "goal"
row "----------------------------" "--------------------" "-------------" "-------" "--------------------------" "--------------------------"
row "run (launch, ms)" "$(fmt "$run_ms" '%.3f' "${run_note:--}")" "$(fmt "$env_ms" '%.3f env')" \
    "$(fmt "$run_ratio" '%.2fx')" "<= 2x env: $(verdict "$run_ratio" 'v <= 2')" "<= 1.5x env: $(verdict "$run_ratio" 'v <= 1.5')"
row "load (lint 5k profiles, ms)" "$(fmt "$load_ms" '%.1f' "${load_note:--}")" "$(fmt "$walk_ms" '%.1f C walk')" \
    "$(fmt "$load_ratio" '%.2fx')" "<= 2x walk: $(verdict "$load_ratio" 'v <= 2')" \
    "<= 1.5x walk: $(verdict "$load_ratio" 'v <= 1.5')"
row "load, one core" "$(fmt "$load1_ms" '%.1f' "${load1_note:-${load_note:--}}")" "$(fmt "$walk_ms" '%.1f C walk')" \
    "$(fmt "$load1_ratio" '%.2fx')" "(information)" "(information)"
complete_limit=$(both "$(verdict "$complete_ratio" 'v <= 3')" "$(verdict "$complete_ms" 'v < 10')")
row "completion (ms)" "$(fmt "$complete_ms" '%.3f' "${complete_note:--}")" "$(fmt "$complete_env_ms" '%.3f env')" \
    "$(fmt "$complete_ratio" '%.2fx')" "<= 3x env, < 10 ms: $complete_limit" "(same)"
row "completion, 5k profiles" "$(fmt "$complete_big_ms" '%.2f' "${complete_big_note:--}")" "-" "-" \
    "< 100 ms: $(verdict "$complete_big_ms" 'v < 100')" "< 10 ms: $(verdict "$complete_big_ms" 'v < 10')"
row "run --redact (bulk)" "$(fmt "$redact_ratio" '%s x cat' "${redact_note:--}")" "the writer | cat" \
    "$(fmt "$redact_ratio" '%.2fx')" ">= 0.9x: $(verdict "$redact_ratio" 'v >= 0.9')" "(same)"
row "run --redact (lines)" "$(fmt "$redact_lines_ratio" '%s x cat' "${redact_note:--}")" "the writer | cat" \
    "$(fmt "$redact_lines_ratio" '%.2fx')" ">= 0.9x: $(verdict "$redact_lines_ratio" 'v >= 0.9')" "(same)"
row "run --redact startup" "$(fmt "$redact_startup_ms" '+%s ms a launch')" "run (exec)" "-" "(measured, no limit)" "(same)"
row "run --watch restart" "$(fmt "$watch_restart_ms" '%s ms')" "the save" "-" "< 300 ms: $(verdict "$watch_restart_ms" 'v < 300')" "(same)"
row "runtime first read (us)" "$(fmt "$runtime_us" '%s' "${runtime_note:--}")" "-" "-" \
    "< 20 us: $(verdict "$runtime_us" 'v < 20')" "(same)"

growth_status=0
run_growth || growth_status=$?
exit "$growth_status"
