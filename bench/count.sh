#!/usr/bin/env bash
# Counts what one benchmark costs per op, for a machine whose timings move
# by more than a change does: valgrind's cachegrind runs the benchmark
# named by PATTERN in the test binary BIN at LOW and at HIGH iterations,
# with GOMAXPROCS=1 and the collector off so that idle threads and
# collections add nothing, and the difference of the counts over the
# difference of the iterations gives the instructions and the
# mispredicted branches (of cachegrind's simulated predictor) per op,
# which repeat run after run. It prints them and an estimate of cycles:
# a third of one an instruction and 15 a mispredicted branch. Collections
# are not counted, which a benchmark that allocates would pay.
#
#   go test -c -o /tmp/root.test . && bench/count.sh /tmp/root.test 'WorstCaseAttacks/chain/rfc' 20 60
#
# bench/before/run.sh runs it (MEASURE=count) on both sides of its
# comparison. Without valgrind installed it says so and fails.
set -euo pipefail
if [ $# -ne 4 ]; then
	echo "usage: $0 BIN PATTERN LOW HIGH" >&2
	exit 2
fi
command -v valgrind >/dev/null || { echo "$0: valgrind is not installed" >&2; exit 1; }
bin=$1 pattern=$2 low=$3 high=$4
counts() {
	GOMAXPROCS=1 GOGC=off valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
		--cachegrind-out-file=/dev/null "$bin" -test.run '^$' -test.bench "$pattern" \
		-test.benchtime "${1}x" 2>&1 | awk -v n="$1" '$1 ~ /^Benchmark/ && $2 == n {ran = 1}
			/ I +refs:/ {gsub(",", "", $NF); i = $NF}
			/ Mispredicts:/ {gsub(",", "", $3); m = $3}
			END {if (!ran || i == "" || m == "") exit 1; print i, m}'
}
# A pattern that names no benchmark, or one that fails, would count only
# the binary's start: say so rather than print that.
failed() {
	echo "$0: no benchmark matching $pattern ran $1 times in $bin" >&2
	exit 1
}
c0=$(counts "$low") || failed "$low"
c1=$(counts "$high") || failed "$high"
read -r i0 m0 <<<"$c0"
read -r i1 m1 <<<"$c1"
instr=$(((i1 - i0) / (high - low))) mispred=$(((m1 - m0) / (high - low)))
echo "$instr $mispred $((instr / 3 + 15 * mispred))"
