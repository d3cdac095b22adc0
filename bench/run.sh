#!/usr/bin/env bash
# Measures the figures of bench/README.md and docs/PERFORMANCE.md and writes
# them there, each table between its <!-- bench:NAME:begin/end --> markers:
# the side-by-side benchmarks of this module, the root module's
# Pathological, ManyLines, RetainedCorpus and WorstCase benchmarks, and the answer
# counts of TestConformanceCompared. The raw outputs stay in bench.out,
# root.out and compare.out.
#
# COUNT sets -count (default 10); BENCHTIME, if set, -benchtime.
set -euo pipefail
cd "$(dirname "$0")"
count=${COUNT:-10}
flags=(-run '^$' -benchmem -timeout 0 -count "$count")
timing="-count $count"
runs="$count runs"
[ "$count" = 1 ] && runs="1 run"
if [ -n "${BENCHTIME:-}" ]; then
	flags+=(-benchtime "$BENCHTIME")
	timing="$timing -benchtime $BENCHTIME"
fi
go test "${flags[@]}" -bench . | tee bench.out
(cd .. && go test "${flags[@]}" -bench 'Pathological|ManyLines|RetainedCorpus|WorstCase') | tee root.out
go test -count 1 -v -run Compared | tee compare.out
header="Written by \`bench/run.sh\`: medians of $runs (\`go test $timing\`) on $(date -u +%Y-%m-%d), $(go env GOVERSION), $(go env GOOS)/$(go env GOARCH), $(getconf _NPROCESSORS_ONLN) cores."
go run ./table -header "$header" -readme README.md \
	-perf ../docs/PERFORMANCE.md -root root.out -compare compare.out <bench.out
go run ./table <bench.out
