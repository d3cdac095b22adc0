//go:build wasm

package main

import (
	"encoding/binary"
	"errors"
	"unsafe"
)

// input is where JavaScript writes a call's texts: a file's bytes for
// parse, and for a query a little-endian uint32 byte length for the URL
// and for each user agent, then their UTF-8 bytes, back to back. Go's
// garbage collector does not move objects, so its address stays valid
// while the variable holds it.
var input []byte

// bigInput is the size past which the input buffer is dropped after use,
// so that one large file does not keep a large buffer alive.
const bigInput = 1 << 20

// inputAt makes the input buffer at least n bytes long, keeping what it
// holds, and returns its address.
//
//go:wasmexport input
func inputAt(n int32) uint32 {
	if n < 0 {
		n = 0
	}
	if int(n) > len(input) {
		b := make([]byte, max(int(n), 256))
		copy(b, input)
		input = b
	}
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(input))))
}

// dropBigInput lets the garbage collector have a large input buffer.
func dropBigInput() {
	if len(input) > bigInput {
		input = nil
	}
}

var errTexts = errors.New("robotstxt: internal error: the texts do not fit the input buffer")

// texts is readTexts' list, reused by each call.
var texts []string

// readTexts reads n texts from the input buffer, into a list that the
// next call reuses. The texts are copies, made in one allocation (a query
// is one URL and a few names, and each allocation costs more in
// WebAssembly than the copy): the library may keep what it is given, and
// the buffer is overwritten by the next call.
func readTexts(n int) ([]string, error) {
	if n < 1 || n > len(input)/4 {
		return nil, errTexts
	}
	at := 4 * n
	end := at
	for i := range n {
		size := int(binary.LittleEndian.Uint32(input[4*i:]))
		if size > len(input)-end {
			return nil, errTexts
		}
		end += size
	}
	all := string(input[at:end])
	texts = texts[:0]
	for i := range n {
		size := int(binary.LittleEndian.Uint32(input[4*i:]))
		texts = append(texts, all[:size])
		all = all[size:]
	}
	return texts, nil
}
