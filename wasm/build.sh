#!/usr/bin/env bash
# Builds robotstxt.wasm, a WebAssembly reactor (GOOS=wasip1,
# -buildmode=c-shared) whose exports core.mjs calls; makes core.cjs, the
# CommonJS copy of core.mjs that index.cjs requires; and copies the Go
# installation's license, which covers the runtime compiled into the
# module, and the repository's LICENSE and NOTICE. None of them is
# committed.
set -euo pipefail
cd "$(dirname "$0")"

# -s -w drop the symbol table and DWARF, -trimpath the build machine's
# paths: neither is needed to run.
GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -trimpath -ldflags="-s -w" -o robotstxt.wasm .

# core.mjs imports nothing and exports on its last line only, which
# becomes module.exports.
sed 's/^export { \(.*\) };$/module.exports = { \1 };/' core.mjs > core.cjs
grep -q '^module.exports = ' core.cjs || { echo "build.sh: core.mjs has no export line" >&2; exit 1; }
if grep -qE '^(import|export) ' core.cjs; then
	echo "build.sh: core.mjs must import nothing and export on its last line only" >&2
	exit 1
fi

cp "$(go env GOROOT)/LICENSE" LICENSE-go
cp ../LICENSE ../NOTICE .

raw=$(wc -c < robotstxt.wasm)
gz=$(gzip -9 -c robotstxt.wasm | wc -c)
echo "robotstxt.wasm: $raw bytes, $gz gzipped ($(go env GOVERSION))"
