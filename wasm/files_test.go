package main

import (
	"testing"

	"github.com/rfc9309/robotstxt"
)

func parsed() *robotstxt.Robots {
	return robotstxt.Parse([]byte("User-agent: *\nDisallow: /private\n"))
}

// TestTableHoldsEveryFile adds more files than the table of fixed slots
// that came before it held (512), and checks that every one is still
// there until it is dropped.
func TestTableHoldsEveryFile(t *testing.T) {
	tab := newTable()
	const n = 5000
	rs := make([]*robotstxt.Robots, n)
	hs := make([]handle, n)
	for i := range hs {
		rs[i] = parsed()
		hs[i] = tab.add(rs[i])
	}
	if tab.held() != n {
		t.Fatalf("held() = %d, want %d", tab.held(), n)
	}
	for i, h := range hs {
		if r, ok := tab.get(h); !ok || r != rs[i] {
			t.Fatalf("get(file %d) = %p, %v; want %p, true", i, r, ok, rs[i])
		}
	}
	for i, h := range hs {
		if i%2 == 0 {
			tab.drop(h)
		}
	}
	if tab.held() != n/2 {
		t.Errorf("held() after dropping half = %d, want %d", tab.held(), n/2)
	}
	for i, h := range hs {
		if _, ok := tab.get(h); ok != (i%2 == 1) {
			t.Fatalf("get(file %d) after dropping the even ones: ok = %v", i, ok)
		}
	}
}

// TestHandlesNeverReused drops files and adds others, and checks that a
// dropped handle never names a file again.
func TestHandlesNeverReused(t *testing.T) {
	tab := newTable()
	seen := map[handle]bool{}
	r := parsed()
	for range 3000 {
		h := tab.add(r)
		if h == 0 || seen[h] {
			t.Fatalf("add gave handle %d, given before or 0", h)
		}
		seen[h] = true
		tab.drop(h)
		if _, ok := tab.get(h); ok {
			t.Fatalf("get(%d) after drop = true", h)
		}
	}
	tab.drop(0)
	tab.drop(12345678)
	if tab.held() != 0 {
		t.Errorf("held() = %d, want 0", tab.held())
	}
}

// TestHandlesRunOut checks that add gives 0, and holds nothing, once
// every handle a float64 holds exactly has been given.
func TestHandlesRunOut(t *testing.T) {
	tab := newTable()
	tab.last = maxHandle - 1
	if h := tab.add(parsed()); h != maxHandle {
		t.Fatalf("add = %d, want %d", h, handle(maxHandle))
	}
	if h := tab.add(parsed()); h != 0 {
		t.Errorf("add past maxHandle = %d, want 0", h)
	}
	if tab.held() != 1 {
		t.Errorf("held() = %d, want 1", tab.held())
	}
	if float64(maxHandle) != float64(maxHandle-1)+1 {
		t.Errorf("maxHandle %d is not exact as a float64", handle(maxHandle))
	}
}

// TestHandleOf checks that only the numbers add gives are read as
// handles.
func TestHandleOf(t *testing.T) {
	for _, tt := range []struct {
		in   float64
		want handle
	}{
		{1, 1}, {42, 42}, {maxHandle, maxHandle},
		{0, 0}, {-1, 0}, {-3, 0}, {0.5, 0}, {1.5, 0}, {maxHandle + 1, 0}, {1e300, 0},
	} {
		if got := handleOf(tt.in); got != tt.want {
			t.Errorf("handleOf(%v) = %d, want %d", tt.in, got, tt.want)
		}
	}
}
