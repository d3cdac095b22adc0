package robotstxt

import "unsafe"

// This file bounds the bytes of memory the heap takes for what a parsed
// file holds (see Robots.Footprint).

// groupBytes bounds the bytes of a Group of n rules, keyed of which a
// gram index can key (see keyedRules), with its index built: a Group of
// one file group shares its window of Robots.rules, one of several
// (copied) holds its own copy.
func groupBytes(n, keyed int, copied bool) int64 {
	b := heapBytes(int64(unsafe.Sizeof(Group{}))) + indexBytes(n, keyed)
	if copied {
		b += heapBytes(int64(n) * int64(unsafe.Sizeof(rule{})))
	}
	return b
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
