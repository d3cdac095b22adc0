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

// keep returns a copy of s, or nil when s is empty: what a parsed file
// keeps of a parse's pooled buffers (see parseBuffers) is copied out at
// its length, and never shares their memory.
func keep[S ~[]E, E any](s S) S {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
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

// heapBytes bounds the bytes the heap takes for an object of n bytes:
// the size classes of small objects step by 16 bytes up to 128 and waste
// at most an eighth of the size above, and larger objects take whole
// pages of 8 KiB.
func heapBytes(n int64) int64 {
	switch {
	case n == 0:
		return 0
	case n <= 128:
		return (n + 15) &^ 15
	case n > 32<<10:
		return (n + 8<<10 - 1) &^ (8<<10 - 1)
	}
	return n + n/8
}

// sliceBytes bounds the bytes of the array behind s.
func sliceBytes[S ~[]E, E any](s S) int64 {
	var e E
	return heapBytes(int64(cap(s)) * int64(unsafe.Sizeof(e)))
}

// mapBytes bounds the bytes of a map[string]bool of n entries whose keys
// point into text held elsewhere.
func mapBytes(n int) int64 {
	if n == 0 {
		return 0
	}
	return heapBytes(int64(48 + 2*n*(16+1+8)))
}
