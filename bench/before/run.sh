#!/usr/bin/env bash
# Times this library beside commit 0a35497, the one before the parsed
# file's one form and the index of pieces, in one process and in turn:
# parse and first query, and parse and ten queries, over the corpus;
# parse and first query of the corpus files of at most 200 bytes, and
# their one query by DecideOnce; a
# decision on the kept Groups of the corpus and of its groups of most
# '*' rules (Wild: on paths made from their rules and generic ones;
# WildGeneric: on generic ones under three prefixes); and three hostile groups (the one-letter one takes the
# earlier commit 1.4 s a decision, and a few minutes in all). It copies that commit into a
# temporary module of another path, and prints benchstat's comparison
# (go install golang.org/x/perf/cmd/benchstat@latest).
#
# COUNT sets the runs of each side (default 6).
#
# MEASURE=count counts rather than times, for a machine whose timings
# move by more than a change does: bench/count.sh gives each side's
# instructions, mispredicted branches and estimate of cycles per op. The
# hostile groups are left out (the old side would take hours under
# valgrind), and Corpus and Tiny count no collection, which the side
# that allocates more would pay.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
count=${COUNT:-6}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/old"
git -C "$root" archive 0a35497 | tar -x -C "$tmp/old"
sed -i 's#^module github.com/rfc9309/robotstxt$#module github.com/rfc9309/robotstxtold#' "$tmp/old/go.mod"
grep -rl 'github.com/rfc9309/robotstxt/' "$tmp/old" --include='*.go' |
	xargs sed -i 's#"github.com/rfc9309/robotstxt/#"github.com/rfc9309/robotstxtold/#g'
mkdir "$tmp/cmp"
cp "$here/compare_test.go.in" "$tmp/cmp/compare_test.go"
cat >"$tmp/cmp/go.mod" <<MOD
module before

go 1.26.0

require (
	github.com/rfc9309/robotstxt v0.0.0
	github.com/rfc9309/robotstxtold v0.0.0
)

replace github.com/rfc9309/robotstxt => $root

replace github.com/rfc9309/robotstxtold => $tmp/old
MOD
(cd "$tmp/cmp" && GOFLAGS=-mod=mod go test -c -o "$tmp/cmp.test" .)
export CORPUS="$root/testdata/corpus"
out="$tmp/out"
if [ "${MEASURE:-time}" = count ]; then
	printf '%-36s %12s %12s %12s %12s %12s %12s %8s\n' benchmark "old instr" "new instr" "old mispr" "new mispr" "old est" "new est" "new/old"
	while read -r bench low high; do
		read -r oi om oe <<<"$("$here/../count.sh" "$tmp/cmp.test" "$bench/lib=old\$" "$low" "$high")"
		read -r ni nm ne <<<"$("$here/../count.sh" "$tmp/cmp.test" "$bench/lib=new\$" "$low" "$high")"
		printf '%-36s %12d %12d %12d %12d %12d %12d %8.2f\n' "$bench" "$oi" "$ni" "$om" "$nm" "$oe" "$ne" "$(echo "$ne / $oe" | bc -l)"
	done <<LIST
Corpus/first 3 9
Corpus/ten 3 9
Kept/corpus 20 60
Tiny/[^/]* 5000 15000
Wild$/[^/]* 2000 6000
WildGeneric/[^/]* 5000 15000
$(for f in 021_www.sophos.com 071_www.next.co.uk 079_www.hoka.com 016_docs.oracle.com 018_www.runescape.com; do
	echo "Wild$/$f 2000 6000"
	echo "WildGeneric/$f 5000 15000"
done)
LIST
	exit 0
fi
for _ in $(seq "$count"); do
	for lib in old new once; do
		for bench in "Corpus/first" "Corpus/ten" "Tiny/.*" "Kept/corpus" "Wild/.*" "Worst/.*"; do
			[ "$lib" = once ] && [ "$bench" != "Tiny/.*" ] && continue # DecideOnce: one-off queries only
			"$tmp/cmp.test" -test.run '^$' -test.bench "$bench/lib=$lib\$" -test.benchmem \
				-test.benchtime 200ms | grep '^Benchmark' >>"$out.$lib"
		done
	done
done
sed -i 's#/lib=old##' "$out.old"
sed -i 's#/lib=new##' "$out.new"
sed -i 's#/lib=once##' "$out.once"
benchstat "$out.old" "$out.new"
# The tiny files' first query by DecideOnce, beside the earlier commit's
# Parse and Allowed.
grep '^BenchmarkTiny' "$out.old" >"$out.tinyold"
benchstat "$out.tinyold" "$out.once"
