#!/usr/bin/env bash
# Fuzz every reader with libFuzzer (the toolchain's -sanitize=fuzzer), seeded with our own samples
# and the reader's targeted inputs (Sources/tsearch-fuzz/TargetedInputs.swift, also loaded first at
# full size), and fail on any crash, hang (10 s an input) or input over the linear time budget
# (Sources/tsearch-fuzz). Prints the executions run per reader.
#
#   bash Scripts/fuzz/run.sh [RUNS-PER-READER] [SEED]     (default 20000 runs, seed 1)
#
# A number of runs and a seed, not a time: the same inputs on every machine, so what passed here
# passes in CI; give another seed (or more runs) to explore further.
#
# Builds into .build-fuzz (release, instrumented); writes its corpora and any crashing input into a
# temporary folder, named on failure. Reproduce a crash with the ordinary build:
#   swift build --product tsearch-fuzz && .build/debug/tsearch-fuzz FORMAT crash-FILE
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-20000}"
seed="${2:-1}"
export PATH="/opt/swift/usr/bin:$PATH"

swift build -c release --scratch-path .build-fuzz --product tsearch-fuzz \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING 2>&1 | tail -n 1
fuzzer=.build-fuzz/release/tsearch-fuzz
work="$(mktemp -d)"
total=0
failed=0
while read -r format extensions; do
    corpus="$work/$format"
    mkdir -p "$corpus"
    for extension in $extensions; do
        find Samples -maxdepth 1 -type f -iname "*.$extension" -exec cp {} "$corpus/" \;
    done
    log="$work/$format.log"
    # The reader's targeted inputs (Sources/tsearch-fuzz/TargetedInputs.swift) first, at full size,
    # within the same budget; the small ones join the seeds.
    if ! TSEARCH_FUZZ_FORMAT="$format" TSEARCH_FUZZ_TARGETED="$corpus" "$fuzzer" > "$work/$format.targeted.log" 2>&1; then
        echo "fuzz: $format: a targeted input FAILED (log in $work):"
        grep -E "Fatal error|over the linear budget" "$work/$format.targeted.log" | head -n 5 || tail -n 20 "$work/$format.targeted.log"
        failed=1
        continue
    fi
    targeted=$(grep -c " bytes in " "$work/$format.targeted.log" || true)
    [ "$targeted" -gt 0 ] && echo "fuzz: $format: $targeted targeted inputs within the linear budget"
    if TSEARCH_FUZZ_FORMAT="$format" "$fuzzer" "$corpus" -runs="$runs" -seed="$seed" -timeout=10 \
        -rss_limit_mb=2048 -max_len=262144 -artifact_prefix="$work/crash-$format-" -print_final_stats=1 \
        > "$log" 2>&1; then
        executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        echo "fuzz: $format: ${executed:-0} executions, no crash, hang or input over the time budget"
        total=$((total + ${executed:-0}))
    else
        echo "fuzz: $format: FAILED (input and log in $work):"
        grep -E "ERROR|Fatal error|over the linear budget|Test unit written" "$log" | head -n 5 || tail -n 20 "$log"
        failed=1
    fi
done < <(TSEARCH_FUZZ_LIST=1 "$fuzzer")
echo "fuzz: $total executions in all"
[ "$failed" -eq 0 ] && rm -rf "$work"
exit "$failed"
