//go:build js && wasm

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	"github.com/rfc9309/robotstxt"
)

// This file is the path of the calls a crawler makes per URL, isAllowed
// and getMatchingLineNumber, shaped for speed (bench/compare.mjs). A call
// through syscall/js costs about 15 µs: it is scheduled as an event, and
// each of its arguments and the event itself become js.Values with
// finalizers. That is thirty times the match. These functions are
// WebAssembly exports instead, which index.mjs calls directly, about
// 0.5 µs, with the query written into Go's memory.

// scratch is where index.mjs writes a query: a little-endian uint32 byte
// length for the URL and for each user agent, then their UTF-8 bytes,
// back to back. Go's garbage collector does not move objects, so its
// address stays valid while the variable holds it.
var scratch []byte

// failed is what allowed and line return when the call failed; the
// lastError function of api then tells why.
const failed = -2

var lastError string

// scratchAt makes scratch at least n bytes long and returns its address.
//
//go:wasmexport scratch
func scratchAt(n int32) uint32 {
	if int(n) > len(scratch) {
		scratch = make([]byte, n)
	}
	return uint32(uintptr(unsafe.Pointer(unsafe.SliceData(scratch))))
}

// allowed answers isAllowed: 1 or 0, or failed.
//
//go:wasmexport allowed
func allowed(handle, agents int32) int32 {
	return query(handle, agents, func(d robotstxt.Decision) int32 {
		if d.Allowed {
			return 1
		}
		return 0
	})
}

// line answers getMatchingLineNumber: the deciding rule's line, -1 when
// no rule matched, or failed.
//
//go:wasmexport line
func line(handle, agents int32) int32 {
	return query(handle, agents, func(d robotstxt.Decision) int32 {
		if d.Rule == (robotstxt.Rule{}) {
			return -1
		}
		return int32(d.Rule.Line)
	})
}

// query decides the query in scratch, with the given number of user
// agents, against the file of handle.
func query(handle, agents int32, answer func(robotstxt.Decision) int32) (result int32) {
	defer func() {
		if p := recover(); p != nil {
			lastError, result = fmt.Sprintf("robotstxt: internal error: %v", p), failed
		}
	}()
	r, ok := files[int(handle)]
	if !ok {
		lastError = fmt.Sprintf("robotstxt: internal error: no file has the handle %d", handle)
		return failed
	}
	texts, err := readScratch(int(agents) + 1)
	if err != nil {
		lastError = err.Error()
		return failed
	}
	return answer(r.Group(texts[1:]...).Decide(texts[0]))
}

// readScratch reads n texts from scratch. They are copies: the library
// may keep what it is given, and scratch is overwritten by the next query.
func readScratch(n int) ([]string, error) {
	if n < 1 || n > len(scratch)/4 {
		return nil, fmt.Errorf("robotstxt: internal error: %d texts do not fit the query buffer", n)
	}
	texts := make([]string, n)
	at := 4 * n
	for i := range texts {
		size := int(binary.LittleEndian.Uint32(scratch[4*i:]))
		if size > len(scratch)-at {
			return nil, errors.New("robotstxt: internal error: a text runs past the query buffer")
		}
		texts[i] = string(scratch[at : at+size])
		at += size
	}
	return texts, nil
}
