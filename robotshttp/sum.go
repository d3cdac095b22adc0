package robotshttp

// This file holds the sum of a fetched file by which a Cache knows a
// refetch of an unchanged file, or a new copy of it from a networked
// Store, from a changed one: its parsed rules, kept for RFC 9309 section
// 2.4, then serve again without a parse, and without keeping the body
// (up to 500 KiB, section 2.5) beside them.

import (
	"hash/maphash"
	"unsafe"
)

// bodySeed seeds the sums of bodies. It is one for the process, so that
// sums made at any time compare, and random, so that no server can
// choose a body whose sum is that of another file.
var bodySeed = maphash.MakeSeed()

// A fileSum is what decides the rules a fetch parses to, short of the
// body itself: two fetches with equal sums parse to the same rules. Two
// different bodies of one length share a sum with probability 2^-64,
// and the seed leaves a server no way to make them.
type fileSum struct {
	access    Access
	truncated bool
	size      int64 // of the body
	sum       uint64
}

func sumFile(f *Fetch) fileSum {
	// Shaped for speed: maphash.Bytes hashes 128 bytes per call to the
	// runtime's hash, and takes four times as long over a large body as
	// the hash of a string, which is one call; the string views the body
	// for the call only (BenchmarkSumFile).
	body := unsafe.String(unsafe.SliceData(f.Body), len(f.Body))
	return fileSum{f.Access, f.Truncated, int64(len(f.Body)), maphash.Comparable(bodySeed, body)}
}
