package robotstxt

import (
	"slices"
	"unsafe"
)

// This file holds the memory helpers of every stage: bytes read as a
// string without a copy, slices trimmed, kept or emptied for reuse, and
// the bytes the heap takes for what a parsed file holds (see
// Robots.Footprint).

// view returns the bytes of b as a string without copying them, for the
// span of one parse. It is safe because the parser keeps no part of its
// input: every string a Robots holds is copied out of it (patterns into
// the arena, records' text into one string, the rest with strings.Clone
// or fmt), which TestParseKeepsNoViewOfItsInput checks by overwriting the
// input. Copying the whole input instead cost a fifth of the parse time of
// large files (BenchmarkParse). The parser also views its own buffers for
// look-ups that end with the parse, and the written forms of a parse that
// has buffers of its own (see borrowBuffers) for the parsed file to keep:
// no other parse writes them.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}

// trim returns s without the spare room that append or an estimate left
// in it, unless that is at most a quarter of s: a parsed file keeps little
// room, and a nearly full slice is not copied (BenchmarkParse).
func trim[S ~[]E, E any](s S) S {
	if cap(s)-len(s) > len(s)/4 {
		return slices.Clone(s)
	}
	return s
}

// emptied returns s emptied, keeping its room, and adds the bytes of that
// room to *n.
func emptied[S ~[]E, E any](s S, n *int) S {
	var e E
	*n += cap(s) * int(unsafe.Sizeof(e))
	return s[:0]
}

// cleared returns s with every element of its room zeroed.
func cleared[S ~[]E, E any](s S) S {
	clear(s[:cap(s)])
	return s
}

// block lends a parsed file's tables that hold no pointers (rules,
// tokens, notes, offsets, text) from one allocation, so that a file of
// any size costs its Robots, its block and the few tables with pointers
// it has (BenchmarkParse, allocations; its "separate" sub-benchmarks
// allocate each table on its own). Only types without pointers whose
// alignment is at most 4 and whose size is a multiple of 4 may be taken
// from it (rule, token, note, uint32), or bytes, rounded up to whole
// words: its words are uint32, which the garbage collector does not scan.
type block struct{ w []uint32 }

// newBlock returns a block of n bytes, or none when separate, which makes
// every take an allocation of its own.
func newBlock(n int, separate bool) *block {
	if separate || n == 0 {
		return nil
	}
	return &block{w: make([]uint32, (n+3)/4)}
}

// blockBytes returns the bytes a block takes for n values of E, rounded
// up to whole words, as take takes them.
func blockBytes[E any](n int) int {
	var e E
	return (n*int(unsafe.Sizeof(e)) + 3) &^ 3
}

// take returns n zeroed elements from b, or new ones when b is nil or
// has no room left. The slice has no spare room, so that an append
// never writes into the next part.
func take[E any](b *block, n int) []E {
	words := blockBytes[E](n) / 4
	if b == nil || words > len(b.w) || n == 0 {
		return make([]E, n)
	}
	out := unsafe.Slice((*E)(unsafe.Pointer(&b.w[0])), n)
	b.w = b.w[words:]
	return out
}

// carve returns a copy of src from b (see take), or nil when src is
// empty, as keep does.
func carve[E any](b *block, src []E) []E {
	if len(src) == 0 {
		return nil
	}
	out := take[E](b, len(src))
	copy(out, src)
	return out
}

// carveString returns a copy of src from b as a string.
func carveString[T ~string | ~[]byte](b *block, src T) string {
	if len(src) == 0 {
		return ""
	}
	out := take[byte](b, len(src))
	copy(out, src)
	return unsafe.String(&out[0], len(out))
}

// sizeOf returns the bytes of a value of type T, for the estimates of
// Robots.Footprint.
func sizeOf[T any]() int64 {
	var v T
	return int64(unsafe.Sizeof(v))
}

// heapBytes estimates the bytes the heap takes for a new object of n
// bytes: n and a fifth, and 16 bytes, for the rounding of objects to the
// allocator's size classes, which are at most a fifth apart past their
// first few; whole pages of 8 KiB for an object past 32 KiB, which the
// allocator gives pages. It is an estimate, not a model of a given
// release's allocator: TestFootprintEstimate measures it with
// runtime.MemStats.
func heapBytes(n int64) int64 {
	switch {
	case n <= 0:
		return 0
	case n > 32<<10:
		return (n + 8<<10 - 1) &^ (8<<10 - 1)
	}
	return n + n/5 + 16
}

// sliceBytes estimates the bytes of the array behind s.
func sliceBytes[S ~[]E, E any](s S) int64 {
	return heapBytes(int64(cap(s)) * sizeOf[E]())
}

// mapBytes estimates the bytes of a map of n entries whose key and value
// take at most 24 bytes together (a map[string]bool, whose keys are
// counted apart): its header, and a slot and a control byte for each
// entry, with the room of a map filled to seven eighths.
func mapBytes(n int) int64 {
	if n == 0 {
		return 0
	}
	return heapBytes(48) + heapBytes(int64(n)*(24+1)*8/7+8*24)
}

// signalBytes estimates the bytes of a map of content signals with its
// keys, each a copy of its own.
func signalBytes(m map[string]bool) int64 {
	n := mapBytes(len(m))
	for k := range m {
		n += heapBytes(int64(len(k)))
	}
	return n
}
