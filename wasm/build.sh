#!/usr/bin/env bash
# Builds robotstxt.wasm (GOOS=js, GOARCH=wasm) and copies beside it the
# JavaScript glue of the same Go installation, which must match the
# runtime compiled into the module, and that installation's license, which
# covers both. None of the three is committed.
set -euo pipefail
cd "$(dirname "$0")"

# -s -w drop the symbol table and DWARF, -trimpath the build machine's
# paths: neither is needed to run (together about 2% of the size).
GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o robotstxt.wasm .

goroot=$(go env GOROOT)
# Go 1.24 moved the glue from misc/wasm to lib/wasm.
for dir in lib/wasm misc/wasm; do
	if [ -f "$goroot/$dir/wasm_exec.js" ]; then
		cp "$goroot/$dir/wasm_exec.js" wasm_exec.js
		break
	fi
done
[ -f wasm_exec.js ] || { echo "build.sh: no wasm_exec.js under $goroot" >&2; exit 1; }
cp "$goroot/LICENSE" LICENSE-go

raw=$(wc -c < robotstxt.wasm)
gz=$(gzip -9 -c robotstxt.wasm | wc -c)
echo "robotstxt.wasm: $raw bytes, $gz gzipped ($(go env GOVERSION))"
