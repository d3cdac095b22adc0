package robotstxt

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// liveHeap returns the bytes of live heap objects, after collecting
// garbage twice: once for the garbage, once for what sync.Pools kept of
// it through the first.
func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// buildAll queries r until it has built all that Footprint counts: the
// Group of every user-agent line's name, each group's index, and the
// Rule of every rule that a path made from its pattern is decided by.
func buildAll(r *Robots, data []byte) {
	names := []string{"*"}
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "user-agent") {
			names = append(names, strings.TrimSpace(v))
		}
	}
	for _, name := range names {
		g := r.Group(name)
		for i := range indexAfter + 1 {
			g.Allowed(fmt.Sprintf("/%d", i))
		}
		for _, rule := range g.Rules() {
			path := strings.TrimSuffix(strings.ReplaceAll(rule.Pattern, "*", "x"), "$")
			g.Decide(path)
		}
	}
}

// TestFootprintBound checks that Footprint is at least what a parsed file
// holds once queries have built everything, and not so far above it that
// a cache counting it would keep few files: for the largest files of the
// corpus and for the shape that holds the most per byte.
func TestFootprintBound(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"corpus: docs.oracle.com (833 KiB)", corpusFile(t, "016_docs.oracle.com.txt")},
		{"corpus: scisoc.confex.com (154 KiB)", corpusFile(t, "076_scisoc.confex.com.txt")},
		{"corpus: www.unesco.org (152 KiB)", corpusFile(t, "077_www.unesco.org.txt")},
		{"corpus: www.smugmug.com (146 KiB)", corpusFile(t, "017_www.smugmug.com.txt")},
		{"corpus: www.runescape.com (116 KiB)", corpusFile(t, "018_www.runescape.com.txt")},
		{"rules of '*' and 16 letters (125 KiB)", hostileFile(hostileShapes[0].line, DefaultMaxBytes/4)},
	}
	// Small files (see smallFile), whose Robots and tables share
	// allocations.
	for _, name := range []string{"037_www.elkhabar.com.txt", "032_www.iherb.com.txt", "013_substack.com.txt", "061_www.openstreetmap.org.txt"} {
		tests = append(tests, struct {
			name string
			data []byte
		}{"corpus: small, " + name, corpusFile(t, name)})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Four copies, so that what else the heap holds weighs a
			// quarter as much against each; more of a small file, so
			// that the buffers a parse may leave in its pool weigh little.
			copies := int64(4)
			if len(tt.data) <= smallBytes {
				copies = 256
			}
			rs := make([]*Robots, copies)
			before := liveHeap()
			for i := range rs {
				rs[i] = Parse(tt.data)
				buildAll(rs[i], tt.data)
			}
			held := (liveHeap() - before) / copies
			got := rs[0].Footprint()
			runtime.KeepAlive(rs)
			t.Logf("%d bytes of file: %d held, Footprint %d (%.2f times)", len(tt.data), held, got, float64(got)/float64(held))
			if got < held {
				t.Errorf("Footprint() = %d, want at least the %d bytes the parsed file holds", got, held)
			}
			if got > 2*held {
				t.Errorf("Footprint() = %d, want at most twice the %d bytes the parsed file holds", got, held)
			}
		})
	}
}

// TestFootprintDoesNotGrow checks that a file's Footprint is the same
// before and after its queries, so that a cache can count it once.
func TestFootprintDoesNotGrow(t *testing.T) {
	data := corpusFile(t, "077_www.unesco.org.txt")
	r := Parse(data)
	before := r.Footprint()
	buildAll(r, data)
	if after := r.Footprint(); after != before {
		t.Errorf("Footprint() = %d after the queries that build every index, %d before: want them equal", after, before)
	}
}
