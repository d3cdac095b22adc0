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
// Group of each set of groups, with its index when it is large enough
// to get one.
func buildAll(r *Robots) {
	for set := range r.groups {
		g := r.group(set)
		for i := range indexAfter + 1 {
			g.Decide(fmt.Sprintf("/%d", i))
		}
	}
}

// heldBy returns the bytes of heap that a parse of data holds, with
// what buildAll builds, measured with runtime.MemStats over enough
// copies that what else the heap holds weighs little against them.
func heldBy(data []byte) (held int64, r *Robots) {
	copies := max(4, (1<<20)/max(len(data), 1))
	copies = min(copies, 2000)
	rs := make([]*Robots, copies)
	before := liveHeap()
	for i := range rs {
		rs[i] = Parse(data)
		buildAll(rs[i])
	}
	held = (liveHeap() - before - int64(copies)*8) / int64(copies)
	runtime.KeepAlive(rs)
	return held, rs[0]
}

// TestFootprintEstimate checks that Footprint is within 1.0 to 1.3 times
// what the heap holds for a parsed file once queries have built every
// index, as runtime.MemStats measures it: over the corpus as a whole, and
// file by file for each file that holds 4 KiB or more, and on a file of
// the hostile shape that holds the most per byte. Smaller ones are
// counted in the whole only: what they hold is a few objects, whose
// rounding to the allocator's size classes weighs more than an estimate
// can follow.
func TestFootprintEstimate(t *testing.T) {
	files := corpus(t)
	files = append(files, corpusEntry{name: "rules of '*' and 16 letters", data: hostileFile(hostileShapes[0].line, DefaultMaxBytes/4)})
	var held, est int64
	lo, hi := 2.0, 0.0
	for _, f := range files {
		h, r := heldBy(f.data)
		got := r.Footprint()
		held += h
		est += got
		ratio := float64(got) / float64(h)
		if h >= 4<<10 {
			lo, hi = min(lo, ratio), max(hi, ratio)
		}
		if h >= 4<<10 && (ratio < 1 || ratio > 1.3) {
			t.Errorf("%s (%d bytes): Footprint() = %d, the heap holds %d: %.2f times, want 1.0 to 1.3", f.name, len(f.data), got, h, ratio)
		}
	}
	if ratio := float64(est) / float64(held); ratio < 1 || ratio > 1.3 {
		t.Errorf("over the corpus, Footprint() = %d, the heap holds %d: %.2f times, want 1.0 to 1.3", est, held, ratio)
	} else {
		t.Logf("over the corpus, Footprint() = %d, the heap holds %d: %.2f times; files that hold 4 KiB or more: %.2f to %.2f times", est, held, ratio, lo, hi)
	}
}

// TestFootprintDoesNotGrow checks that a file's Footprint is the same
// before and after its queries, so that a cache can count it once.
func TestFootprintDoesNotGrow(t *testing.T) {
	data := corpusFile(t, "077_www.unesco.org.txt")
	r := Parse(data)
	before := r.Footprint()
	buildAll(r)
	if after := r.Footprint(); after != before {
		t.Errorf("Footprint() = %d after the queries that build every index, %d before: want them equal", after, before)
	}
}

// TestUnionFootprint checks that the Footprint of the union of groups
// that Robots.Group makes for several names is within 1.0 to 1.3 times
// the heap it holds with its index, for groups that follow one another
// in the file (a window of its rules) and groups apart (a copy), and 0
// for a Group of one set.
func TestUnionFootprint(t *testing.T) {
	var b strings.Builder
	for _, agent := range []string{"AlphaBot", "BetaBot", "GammaBot"} {
		fmt.Fprintf(&b, "User-agent: %s\n", agent)
		for i := range 2000 {
			fmt.Fprintf(&b, "Disallow: /%s/%d/*x\n", agent, i)
		}
	}
	r := Parse([]byte(b.String()))
	if n := r.Group("AlphaBot").Footprint(); n != 0 {
		t.Errorf("a set's Group has Footprint %d, want 0: its file counts it", n)
	}
	for _, names := range [][]string{{"AlphaBot", "BetaBot"}, {"AlphaBot", "GammaBot"}} {
		const copies = 16
		gs := make([]*Group, copies)
		before := liveHeap()
		for i := range gs {
			gs[i] = r.Group(names...)
			for j := range indexAfter + 1 {
				gs[i].Decide(fmt.Sprintf("/%d", j))
			}
		}
		held := (liveHeap() - before) / copies
		got := gs[0].Footprint()
		if ratio := float64(got) / float64(held); ratio < 1 || ratio > 1.3 {
			t.Errorf("%v: Footprint() = %d, the heap holds %d: %.2f times, want 1.0 to 1.3", names, got, held, ratio)
		}
		runtime.KeepAlive(gs)
	}
}
