#!/usr/bin/env bash
# Times the model's per-row paths on a million rows (append a transcript, make every row, write
# and read the cache), best of five, for the model in this worktree and for each commit named:
#
#     bash Scripts/model-bench/run.sh 1abb28b     # this worktree's model, then 1abb28b's
#
# Each model is compiled alone with main.swift (swiftc -O, whole module), so two commits are
# compared with the same harness. Not part of the tests: timings, not behaviour.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="/opt/swift/usr/bin:$PATH"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

measure() { # name, folder holding TranscriptModel's sources
    mapfile -t files < <(find "$2" -name '*.swift')
    swiftc -O -wmo -package-name transcriptsearch -module-name ModelBench \
        "${files[@]}" Scripts/model-bench/main.swift -o "$work/bench-$1"
    echo "== $1"
    "$work/bench-$1"
}

measure worktree Sources/TranscriptModel
for commit in "$@"; do
    mkdir -p "$work/$commit"
    git archive "$commit" Sources/TranscriptModel | tar -x -C "$work/$commit"
    measure "$commit" "$work/$commit/Sources/TranscriptModel"
done
