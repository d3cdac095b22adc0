//go:build wasm

package main

import (
	"encoding/binary"
	"unsafe"
)

// output is where an export writes an answer that is more than a number:
// uint32s, little-endian, and texts, each a uint32 byte length and the
// UTF-8 bytes. The export returns the answer's length, and JavaScript
// reads it at the address of the output export, which may change from one
// call to the next. It is reused, so an answer costs no allocation once
// the buffer is as large as the answers.
var output []byte

// outputAt returns the address of the output buffer.
//
//go:wasmexport output
func outputAt() uint32 {
	if cap(output) == 0 {
		output = make([]byte, 0, 256)
	}
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(output))))
}

// answer is the writer of an answer, reset by each export.
func answer() []byte {
	if cap(output) > bigInput {
		output = nil
	}
	return output[:0]
}

func appendUint(b []byte, v uint32) []byte {
	return binary.LittleEndian.AppendUint32(b, v)
}

func appendText(b []byte, s string) []byte {
	return append(appendUint(b, uint32(len(s))), s...)
}

// done stores b as the answer and returns its length.
func done(b []byte) int32 {
	output = b
	return int32(len(b))
}
