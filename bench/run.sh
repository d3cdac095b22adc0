#!/usr/bin/env bash
# Runs the side-by-side benchmarks and prints the table of medians and
# ratios (this library / temoto). COUNT sets -count (default 10).
set -euo pipefail
cd "$(dirname "$0")"
go test -run '^$' -bench . -benchmem -count "${COUNT:-10}" | tee bench.out | go run ./table
