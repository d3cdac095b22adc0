package robotshttp

import (
	"fmt"
	"testing"
)

// TestLRUBytes checks the byte bound of Cache.MaxMemory, as newLRU takes
// it: 0 is the 128 MiB default, a positive value that many bytes, and a
// negative value no bound in bytes, only the bound on entries. The sizes
// are counted, not held, so the test holds no such memory.
func TestLRUBytes(t *testing.T) {
	const gib = 1 << 30
	for _, tc := range []struct {
		maxBytes int64
		sizes    []int64
		kept     int
		source   string
	}{
		{0, []int64{100 << 20, 100 << 20}, 1, "0: 128 MiB (defaultMaxMemory)"},
		{0, []int64{60 << 20, 60 << 20}, 2, "0: 128 MiB (defaultMaxMemory)"},
		{10, []int64{6, 6}, 1, "a positive budget"},
		{-1, []int64{gib, gib, gib}, 3, "negative: no bound in bytes"},
		{-1, []int64{1, 1, 1, 1}, 3, "negative: the bound on entries still holds"},
	} {
		l := newLRU(3, tc.maxBytes, func(n int64) int64 { return n })
		for i, n := range tc.sizes {
			l.put(string(rune('a'+i)), n)
		}
		if got := len(l.items); got != tc.kept {
			t.Errorf("newLRU(3, %d) after sizes %v kept %d values, want %d (%s)", tc.maxBytes, tc.sizes, got, tc.kept, tc.source)
		}
	}
}

// TestLRUEntries checks the bound on origins of NewCache's maxEntries, as
// newLRU takes it: 0 is the 10,000 default, a positive value that many,
// and a negative value no bound in origins, only the bound in bytes.
func TestLRUEntries(t *testing.T) {
	// A value of size 1 with a key of at most 16 bytes counts this much.
	each := 1 + allocBytes(16) + newLRU(0, 0, func(int) int64 { return 1 }).perItem
	for _, tc := range []struct {
		max      int
		maxBytes int64
		puts     int
		kept     int
		source   string
	}{
		{0, -1, defaultMaxEntries + 1, defaultMaxEntries, "0: 10,000 (defaultMaxEntries)"},
		{5, -1, 6, 5, "a positive bound"},
		{-1, -1, defaultMaxEntries + 1, defaultMaxEntries + 1, "negative: no bound on origins"},
		{-1, 100 * each, 200, 100, "negative: the bound in bytes still holds"},
	} {
		l := newLRU(tc.max, tc.maxBytes, func(int) int64 { return 1 })
		for i := range tc.puts {
			l.put(fmt.Sprint(i), i)
		}
		if got := len(l.items); got != tc.kept {
			t.Errorf("newLRU(%d, %d) after %d values kept %d, want %d (%s)", tc.max, tc.maxBytes, tc.puts, got, tc.kept, tc.source)
		}
	}
}
