#!/usr/bin/env bash
# Measures the Redis store's figures of the repository's README.md and
# writes them there, between <!-- bench:redisstore:begin/end -->: the time
# of TestFleet's run of 4 processes, and BenchmarkDecide (a decision whose
# entry is in the local layer, in Redis, or in a Cache without a Store),
# medians of COUNT runs (default 5). It starts Debian's redis-server on a
# free loopback port, without persistence, unless REDIS_ADDR names one,
# and stops it on exit. The raw outputs stay in fleet.out and decide.out.
set -euo pipefail
cd "$(dirname "$0")"
count=${COUNT:-5}

redis_pid=
trap '[ -z "$redis_pid" ] || kill "$redis_pid"' EXIT
if [ -z "${REDIS_ADDR:-}" ]; then
	command -v redis-server > /dev/null || { echo "bench.sh: needs redis-server (apt-get install -y redis-server) or REDIS_ADDR" >&2; exit 1; }
	for try in 1 2 3 4 5; do
		port=$((20000 + RANDOM % 20000))
		redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no \
			--daemonize no --loglevel warning &
		redis_pid=$!
		for _ in $(seq 100); do
			kill -0 "$redis_pid" 2> /dev/null || break
			if [ "$(redis-cli -p "$port" ping 2> /dev/null)" = PONG ]; then
				break 2
			fi
			sleep 0.1
		done
		kill "$redis_pid" 2> /dev/null || true
		wait "$redis_pid" 2> /dev/null || true
		redis_pid=
	done
	[ -n "$redis_pid" ] || { echo "bench.sh: redis-server did not start on a loopback port" >&2; exit 1; }
	export REDIS_ADDR="127.0.0.1:$port"
fi

go test -count 1 -v -run '^TestFleet$' . | tee fleet.out
go test -run '^$' -bench '^BenchmarkDecide$' -benchmem -count "$count" . | tee decide.out

# The fleet's time: the line TestFleet logs for its 4 processes.
fleet=$(sed -n 's/.*4 processes, 2000 URLs each over \([0-9]*\) origins: \([0-9]*\) fetches in \(.*\)$/\3/p' fleet.out | head -1)
[ -n "$fleet" ] || { echo "bench.sh: TestFleet logged no time" >&2; exit 1; }

# median NAME: the median ns/op and allocs/op of BenchmarkDecide/NAME.
median() {
	awk -v name="BenchmarkDecide/$1-" 'index($1, name) == 1 {
		for (i = 2; i < NF; i++) {
			if ($(i+1) == "ns/op") ns[n] = $i
			if ($(i+1) == "allocs/op") allocs = $i
		}
		n++
	}
	END {
		if (n == 0) exit 1
		# sort the n times, then take the middle one
		for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (ns[j] + 0 < ns[i] + 0) { t = ns[i]; ns[i] = ns[j]; ns[j] = t }
		m = (n % 2) ? ns[int(n/2)] : (ns[n/2-1] + ns[n/2]) / 2
		if (m < 10000) printf "%.2f µs | %s", m / 1000, allocs
		else printf "%.0f µs | %s", m / 1000, allocs
	}' decide.out
}
local=$(median local_layer)
redis=$(median Redis)
none=$(median no_Store)

table=$(cat <<EOF
Written by \`redisstore/bench.sh\` on $(date -u +%Y-%m-%d), $(go env GOVERSION), $(getconf _NPROCESSORS_ONLN) cores, against $(redis-server --version | awk '{print $1, $3}' | tr -d 'v=') on loopback: TestFleet's 4 processes took $fleet, process start included; decisions are medians of $count runs.

| a decision with the entry in | time | allocations |
|---|---|---|
| the local layer | $local |
| Redis (\`LocalSize: -1\`: a GET and a decode per call) | $redis |
| a Cache without a Store, for comparison (\`no_Store\`) | $none |
EOF
)
grep -q '<!-- bench:redisstore:begin -->' ../README.md && grep -q '<!-- bench:redisstore:end -->' ../README.md ||
	{ echo "bench.sh: README.md has no bench:redisstore markers" >&2; exit 1; }
TABLE="$table" awk '
	/<!-- bench:redisstore:end -->/ { skip = 0 }
	!skip { print }
	/<!-- bench:redisstore:begin -->/ { print ENVIRON["TABLE"]; skip = 1 }
' ../README.md > ../README.md.new
mv ../README.md.new ../README.md
echo "bench.sh: README.md written"
