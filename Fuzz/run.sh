#!/usr/bin/env bash
# Builds one libFuzzer target (with AddressSanitizer) and runs it for a number of seconds.
#   Fuzz/run.sh TARGET [SECONDS]     TARGET: FuzzYAML, FuzzSubmission, FuzzInput, FuzzJSON, FuzzSchema,
#                                    FuzzCondition, FuzzPattern, FuzzPath, FuzzSplice or FuzzTemplate; default 60 s
# A crash, a timeout (5 s per input) or running out of memory (2 GB) ends it with status 1
# and leaves the input in Fuzz/.build/artifacts/. Leak checking is off: Swift's runtime
# caches (type metadata, lazy globals) live until exit and LeakSanitizer reports them.
# The seed corpus (Fuzz/Corpus/TARGET) is copied, so runs never change the repository.
# The last lines show executions, coverage (edges) and features.
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: Fuzz/run.sh TARGET [SECONDS]}
seconds=${2:-60}
mkdir -p .build
if ! swift build -c debug --product "$target" -Xswiftc -sanitize=fuzzer,address -Xswiftc -g > ".build/$target.build.log" 2>&1; then
  echo "$target: the build failed; its log ends:" >&2
  tail -30 ".build/$target.build.log" >&2
  exit 1
fi
tail -1 ".build/$target.build.log"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "Corpus/$target/." "$work/"
mkdir -p .build/artifacts
status=0
ASAN_OPTIONS=detect_leaks=0 ".build/debug/$target" "$work" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 \
  -artifact_prefix=.build/artifacts/ -print_final_stats=1 > ".build/$target.log" 2>&1 || status=$?
grep -E "^#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb" ".build/$target.log" || true
if [ "$status" != 0 ]; then
  echo "$target: libFuzzer failed (status $status); the log ends:" >&2
  tail -40 ".build/$target.log" >&2
  exit 1
fi
echo "$target: no crash, timeout or out-of-memory in $seconds s"
