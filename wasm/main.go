// Command robotstxt.wasm is the robotstxt package built as a WebAssembly
// reactor (GOOS=wasip1, -buildmode=c-shared): a module whose exports,
// those of exports.go, the JavaScript of this directory (core.mjs) calls
// directly. main never runs; the module's _initialize export starts the
// Go runtime, and then each export runs to its end and returns.
//
// Every value crosses the boundary in linear memory, in one copy each
// way: JavaScript writes a call's texts into the input buffer (in.go) and
// reads its answer from the output buffer (out.go). No call costs more
// than a WebAssembly function call, about 0.1 µs, where a syscall/js call
// costs about 15 µs, and the module links neither syscall/js nor
// encoding/json.
//
// The boundary is the one place where a mistake could stop the module for
// good: a Go panic that reaches the runtime ends the program, and every
// later call fails. So each export recovers and reports failure as a
// return value, with its message in the output buffer.
package main

func main() {}
