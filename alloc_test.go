package robotstxt

import (
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// TestAllowedNonCanonicalDoesNotAllocate checks that a target the RFC
// normaliser has to change (non-ASCII octets, lower-case escapes, bare
// spaces) is decided without allocating while its canonical form fits in
// the documented 512 bytes, and with at most one allocation past that.
func TestAllowedNonCanonicalDoesNotAllocate(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: /%E3%83%84/\nDisallow: /*%C3%B6$\nAllow: /a%20b\nDisallow: /a\n"))
	g := r.Group("bot")
	// sized(n) is a target whose canonical form is n bytes: "/", then
	// "x" octets, then "/ä", which is "/%C3%A4".
	const documented = 512 // the README's Limits table
	sized := func(n int) string { return "/" + strings.Repeat("x", n-len("/%C3%A4")-1) + "/ä" }
	tests := []struct {
		name, target string
		allowed      bool
		maxAllocs    float64
		source       string
	}{
		{"non-ASCII segment", "/ツ/x", false, 0, "RFC 9309 section 2.2.2: octets percent-encoded"},
		{"non-ASCII path and query", "/ä?q=ö", false, 0, "RFC 9309 section 2.2.2"},
		{"non-ASCII, absolute URL", "https://example.com/ツ/x#frag", false, 0, "RFC 9309 section 2.2.2"},
		{"lower-case escape", "/%e3%83%84/x", false, 0, "RFC 3986 section 6.2.2.1"},
		{"bare space", "/a b", true, 0, "RFC 9309 section 2.2.2"},
		{"non-ASCII, not matched", "/b/ツ", true, 0, "RFC 9309 section 2.2.2"},
		{"canonical form of 512 bytes", sized(documented), true, 0, "README Limits: non-canonical targets up to 512 bytes"},
		{"canonical form one byte longer", sized(documented + 1), true, 1, "README Limits: non-canonical targets up to 512 bytes"},
		{"far longer", "/ツ/" + strings.Repeat("ö", 1000), false, 1, "README Limits: non-canonical targets up to 512 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := g.Allowed(tt.target); got != tt.allowed {
				t.Errorf("Allowed(%q, %q) = %v, want %v (%s)", "bot", tt.target, got, tt.allowed, tt.source)
			}
			if n := testing.AllocsPerRun(100, func() { g.Allowed(tt.target) }); n > tt.maxAllocs {
				t.Errorf("Group.Allowed(%q) allocates %v times, want at most %v (%s)", tt.target, n, tt.maxAllocs, tt.source)
			}
			if n := testing.AllocsPerRun(100, func() { r.Allowed("bot", tt.target) }); n > tt.maxAllocs {
				t.Errorf("Robots.Allowed(%q, %q) allocates %v times, want at most %v (%s)", "bot", tt.target, n, tt.maxAllocs, tt.source)
			}
		})
	}
}

// TestSmallFileAllocations checks that a parse and a first query of the
// corpus files of at most 1 KB (four in five real files are that small)
// allocate at most twice: the Robots and the copy of the text that the
// first query is answered from, in one pass (see lazyFile), which share
// one allocation for a text of at most lazyInline bytes. It also checks the
// tables, which a later query builds: at most twice more, the Robots with
// its first Group and small tables and its plain tables, and for those of
// at most 150 bytes (the corpus's ten smallest) once, their plain tables
// in the room at the end of the Robots' allocation. The rows that allow
// more name what costs them more.
func TestSmallFileAllocations(t *testing.T) {
	over := map[string]struct {
		allocs float64
		why    string
	}{
		"093_rutracker.org.txt": {4, "18 groups: the plain path's Robots and tables"},
	}
	for _, f := range corpus(t) {
		if len(f.data) > 1<<10 {
			continue
		}
		first, firstWhy := 2.0, "the Robots, and its text apart, let go once the tables are built"
		if len(f.data) <= lazyInline {
			first, firstWhy = 1, "the Robots with its text"
		}
		if n := testing.AllocsPerRun(20, func() {
			Parse(f.data).Allowed("Googlebot", "/some/page.html?id=1")
		}); n > first {
			t.Errorf("%s (%d bytes): Parse then Allowed allocates %v times, want at most %v (%s)", f.name, len(f.data), n, first, firstWhy)
		}
		want, why := 2.0, "a small file"
		if len(f.data) <= 150 {
			want, why = 1, "plain tables in the Robots' allocation"
		}
		if o, ok := over[f.name]; ok {
			want, why = o.allocs, o.why
		}
		// Buffers of its own rather than the pool's, which the race
		// detector empties at random.
		var b parseBuffers
		src := string(f.data)
		n := testing.AllocsPerRun(20, func() {
			b.reset()
			Options{}.parseWith(&b, false, src, false, -1, defaultLimits, true).Allowed("Googlebot", "/some/page.html?id=1")
		})
		if n > want {
			t.Errorf("%s (%d bytes): the tables' parse then Allowed allocates %v times, want at most %v (%s)", f.name, len(f.data), n, want, why)
		}
	}
}

// sizeClass returns the bytes the allocator takes for one new T: the
// size class it falls in, read from the heap's count of bytes allocated
// over enough objects that the spans in use at either end round it away.
func sizeClass[T any]() int64 {
	const n = 1 << 14
	keep := make([]*T, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := range keep {
		keep[i] = new(T)
	}
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	return int64(after.TotalAlloc-before.TotalAlloc) / n
}

// TestSmallFileSizeClasses checks that the room the one-allocation shapes
// keep fills the allocator's size class they fall in, so that it costs
// nothing: a smallFile's slab room (smallRoom), with and without extra
// room, and a lazy file's inline copy (lazyInline). An object with
// pointers of more than 8*8 pointers' bytes (512 on 64-bit platforms, 128
// on 32-bit ones) takes a header of 8 bytes beside it. The room is fitted
// for 64-bit platforms; on 32-bit ones, whose pointers leave other gaps,
// the smallFile with extra room may leave as much as the other.
func TestSmallFileSizeClasses(t *testing.T) {
	ptr := unsafe.Sizeof(uintptr(0))
	withHeader := func(n uintptr) int64 {
		if n > 8*ptr*ptr { // the runtime's minSizeForMallocHeader
			n += 8
		}
		return int64(n)
	}
	extraSlack := int64(4)
	if ptr != 8 {
		extraSlack = 32
	}
	tests := []struct {
		name  string
		size  int64
		class int64
		slack int64 // the bytes it may leave: less than what one more unit of room takes
	}{
		{"smallFile with extra room", withHeader(unsafe.Sizeof(smallFile[smallExtra]{})), sizeClass[smallFile[smallExtra]](), extraSlack},
		// Its room is bounded by the other's: more would move that one
		// to the next class.
		{"smallFile", withHeader(unsafe.Sizeof(smallFile[struct{}]{})), sizeClass[smallFile[struct{}]](), 32},
		{"lazy file with its copy", withHeader(unsafe.Sizeof(lazyRobots[[lazyInline]byte]{})), sizeClass[lazyRobots[[lazyInline]byte]](), 16},
	}
	for _, tt := range tests {
		if tt.class < tt.size || tt.class-tt.size >= tt.slack {
			t.Errorf("%s: %d bytes in a size class of %d, want room that fills it to less than %d bytes short", tt.name, tt.size, tt.class, tt.slack)
		}
	}
}
