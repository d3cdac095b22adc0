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
// span of one parse, or of bytes no one writes again. It is safe because
// the parser keeps no part of its input: what a Robots holds is copied
// out of it (TestParseKeepsNoViewOfItsInput overwrites the input). A copy
// of the input makes a parse 1.2 times as long, of 1 KB or of 853 KB
// (BenchmarkParse, its "copied" cases).
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
	*n += cap(s) * int(sizeOf[E]())
	return s[:0]
}

// cleared returns s with its elements zeroed: a list that is cleared
// each time it is emptied holds nothing past its length, as append
// writes only there and copies only what is within it.
func cleared[S ~[]E, E any](s S) S {
	clear(s)
	return s
}

// block lends a parsed file's tables without pointers (rules, tokens,
// notes, offsets, text) from one allocation (BenchmarkSmallFirstQuery,
// whose "separate" cases allocate each table on its own). Only types
// without pointers, of alignment at most 4 and a size a multiple of 4
// (rule, token, note, uint32) or bytes may be taken from it: its words
// are uint32, which the garbage collector does not scan.
type block struct{ w []uint32 }

// newBlock returns a block of n bytes, or none when separate.
func newBlock(n int, separate bool) *block {
	if separate || n == 0 {
		return nil
	}
	return &block{w: make([]uint32, (n+3)/4)}
}

// blockBytes returns the bytes a block takes for n values of E, rounded
// up to whole words, as take takes them.
func blockBytes[E any](n int) int {
	return (n*int(sizeOf[E]()) + 3) &^ 3
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
// empty.
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

// signalBytes estimates the bytes of a map of content signals: its
// header, a slot and a control byte for each entry in a map filled to
// seven eighths, and each key's copy.
func signalBytes(m map[string]bool) int64 {
	if len(m) == 0 {
		return 0
	}
	n := heapBytes(48) + heapBytes(int64(len(m))*(24+1)*8/7+8*24)
	for k := range m {
		n += heapBytes(int64(len(k)))
	}
	return n
}
