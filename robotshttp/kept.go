package robotshttp

// This file holds what a Cache remembers of a fetched file in place of
// its body, so that the parsed rules it keeps for RFC 9309 section 2.4
// do not also keep up to 500 KiB (section 2.5) of text per origin: the
// sum of the body, which tells a refetch of the same file, and in the
// Cache's own store the rules themselves.

import (
	"hash/maphash"
	"time"
	"unsafe"

	"github.com/rfc9309/robotstxt"
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

// keptRules are what a Cache with a store of its own keeps of a fetch in
// place of its body: the rules it was parsed into, with the options it
// was parsed with and the sum of the body, which a refetch of the same
// file is known by. They are never modified once made.
type keptRules struct {
	opts   robotstxt.Options
	robots *robotstxt.Robots
	file   fileSum
	held   int64 // robots.Footprint()
}

// heldSize is what f counts for in a byte budget: the length of its body,
// or the Footprint of the rules kept in its place, which counts the
// indexes their queries will build.
func (f *Fetch) heldSize() int64 {
	if f.kept != nil {
		return f.kept.held
	}
	return int64(len(f.Body))
}

// slim returns a copy of the new fetch f that keeps its rules in place
// of its body, for the Cache's own store. The copy is made before f is
// shared, so that no published Fetch is modified. A file unchanged since
// the fetches of old, the origin's entry before f, keeps their rules, so
// that a refetch costs no parse and callers keep seeing one *Robots.
func (c *Cache) slim(f *Fetch, old Entry) *Fetch {
	k := &keptRules{opts: c.Fetcher.Options, file: sumFile(f)}
	for _, prev := range []*Fetch{old.Fetch, old.Good} {
		if prev != nil && prev.kept != nil && prev.kept.opts == k.opts && prev.kept.file == k.file {
			k = prev.kept
			break
		}
	}
	if k.robots == nil {
		k.robots = f.Robots(k.opts)
		k.held = k.robots.Footprint()
	}
	s := *f
	s.Body, s.kept = nil, k
	return &s
}

// answers reports whether the Cache can answer from e at now without a
// fetch: e is fresh, and each of its fetches that was kept without its
// body was parsed with the Cache's options. A store given to a Cache may
// hold such fetches from another Cache's own store (the Store of a
// NewCache, given to a second Cache): their rules are of that Cache's
// options, and the body that would parse with these is gone, so the file
// is fetched again.
func (c *Cache) answers(e Entry, now time.Time) bool {
	return e.fresh(now) && c.readable(e.Fetch) && (e.Good == nil || c.readable(e.Good))
}

// readable reports whether the Cache can take f's rules: f has its body,
// or was parsed with the Cache's options.
func (c *Cache) readable(f *Fetch) bool {
	return f.kept == nil || f.kept.opts == c.Fetcher.Options
}
