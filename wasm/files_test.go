package main

import (
	"testing"

	"github.com/rfc9309/robotstxt"
)

func parsed() *robotstxt.Robots {
	return robotstxt.Parse([]byte("User-agent: *\nDisallow: /private\n"))
}

// TestTableLimits holds more files than the table's limits allow and
// checks which are dropped: the least recently used, never the newest.
func TestTableLimits(t *testing.T) {
	tests := []struct {
		name      string // the limit and what the test does
		sizes     []int  // the sizes of the files added, in order
		touch     int    // the file (index in sizes) asked after the others are added; -1: none
		wantHeld  []int  // the files still held at the end
		wantCount int
	}{
		{"maxFiles: the oldest is dropped", filled(maxFiles+1, 10), -1, []int{1, maxFiles}, maxFiles},
		{"maxFiles: a file asked for is kept, the next oldest dropped", filled(maxFiles+1, 10), 0, []int{0, 2, maxFiles}, maxFiles},
		{"maxSourceBytes: the oldest are dropped", []int{maxSourceBytes / 2, maxSourceBytes / 2, 1}, -1, []int{1, 2}, 2},
		{"maxSourceBytes: a file over the limit alone is held", []int{10, maxSourceBytes + 1}, -1, []int{1}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := newTable()
			r := parsed()
			var hs []handle
			for i, size := range tt.sizes {
				if i == len(tt.sizes)-1 && tt.touch >= 0 {
					if _, ok := tab.get(hs[tt.touch]); !ok {
						t.Fatalf("get(file %d) = false before the limit, want true", tt.touch)
					}
				}
				hs = append(hs, tab.add(r, size))
			}
			if tab.held != tt.wantCount {
				t.Errorf("held = %d, want %d", tab.held, tt.wantCount)
			}
			for _, i := range tt.wantHeld {
				if _, ok := tab.get(hs[i]); !ok {
					t.Errorf("get(file %d) = false, want true", i)
				}
			}
			held := 0
			for _, h := range hs {
				if _, ok := tab.get(h); ok {
					held++
				}
			}
			if held != tt.wantCount {
				t.Errorf("%d handles answer, want %d", held, tt.wantCount)
			}
		})
	}
}

func filled(n, size int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = size
	}
	return s
}

// TestTableHandlesNeverReused drops files by drop and by the limits, and
// checks that no later file answers to a handle given before, though its
// slot is reused.
func TestTableHandlesNeverReused(t *testing.T) {
	tab := newTable()
	r := parsed()
	seen := map[handle]bool{}
	var old []handle
	for i := range 3 * maxFiles {
		h := tab.add(r, 1)
		if h == 0 || seen[h] || h > maxHandle {
			t.Fatalf("add #%d = %d, a handle given before, zero or past 2^53", i, h)
		}
		seen[h] = true
		if i%2 == 0 {
			tab.drop(h)
		}
		old = append(old, h)
	}
	// The odd files of the last 2*maxFiles are held; every other was
	// dropped, by drop (the even ones) or by the limit.
	for i, h := range old {
		_, ok := tab.get(h)
		if want := i >= maxFiles && i%2 == 1; ok != want {
			t.Errorf("get(handle #%d) = %v, want %v", i, ok, want)
		}
	}
	tab.drop(old[0]) // dropped already: nothing happens
	if tab.held != maxFiles {
		t.Errorf("held = %d, want %d", tab.held, maxFiles)
	}
}

// TestTableAddAllocates checks that holding a file allocates nothing, and
// dropping one neither: a small file's parse is a few allocations, and
// each costs more in WebAssembly than the rest of add.
func TestTableAddAllocates(t *testing.T) {
	tab := newTable()
	r := parsed()
	for range maxFiles {
		tab.add(r, 1)
	}
	var h handle
	if got := testing.AllocsPerRun(1000, func() { h = tab.add(r, 1) }); got != 0 {
		t.Errorf("add on a full table: %v allocations, want 0", got)
	}
	if got := testing.AllocsPerRun(1000, func() { tab.drop(h); h = tab.add(r, 1) }); got != 0 {
		t.Errorf("drop and add: %v allocations, want 0", got)
	}
}

// TestTableHandlesRunOut starts the count of parses near its end, as 2^44
// parses would leave it: the last handles are exact as JavaScript numbers,
// then add gives 0, which no file answers to, and the files held still
// answer to theirs.
func TestTableHandlesRunOut(t *testing.T) {
	tab := newTable()
	r := parsed()
	tab.parses = maxHandle/maxFiles - 4
	var last []handle
	for i := range maxFiles + 2 {
		h := tab.add(r, 1)
		if h == 0 {
			if i < 2 {
				t.Fatalf("add #%d = 0 with handles left", i)
			}
			break
		}
		if h > maxHandle || handle(float64(h)) != h {
			t.Fatalf("add #%d = %d: past 2^53, not exact as a float64", i, h)
		}
		last = append(last, h)
	}
	if len(last) > 3 {
		t.Fatalf("%d handles given from a count of 2^53/maxFiles - 4, want at most 3", len(last))
	}
	if h := tab.add(r, 1); h != 0 {
		t.Errorf("add after the handles ran out = %d, want 0", h)
	}
	for _, h := range last {
		if _, ok := tab.get(h); !ok {
			t.Errorf("get(%d) = false after the handles ran out, want the file", h)
		}
	}
	for _, h := range []handle{0, maxHandle, maxHandle + 1, 1 << 63, 1<<64 - 1, last[0] + maxFiles, last[0] - maxFiles} {
		if i := tab.find(h); i >= 0 {
			t.Errorf("find(%d) = slot %d, want none: a handle never given", h, i)
		}
		tab.drop(h) // nothing to drop
	}
	if tab.held != len(last) {
		t.Errorf("held = %d after dropping handles never given, want %d", tab.held, len(last))
	}
}
