package main

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"
)

// TestPrefetchBounds holds every fetch of prefetch's warm calls until the
// first target has been handled, and checks the bounds meanwhile: at
// most ahead targets read past the one being handled, at most workers
// fetches at once, and one fetch per run of an origin's targets.
func TestPrefetchBounds(t *testing.T) {
	const workers, ahead = 3, 16
	tests := []struct {
		name     string
		origin   func(i int) string
		wantMost int32 // warm calls at once, once reading has stopped
	}{
		{"one origin: one fetch, then read-ahead stops", func(int) string { return "http://one.example" }, 1},
		{"an origin per target: workers fetches at once", func(i int) string { return fmt.Sprintf("http://h%d.example", i) }, workers},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var read, warming, most atomic.Int32
			release := make(chan struct{})
			targets := func(yield func(string) error) error {
				for i := range 10 * ahead {
					read.Add(1)
					yield(tt.origin(i) + "/page")
				}
				return nil
			}
			warm := func(string) {
				n := warming.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				<-release
				warming.Add(-1)
			}
			handled := 0
			each := func(string) {
				if handled++; handled > 1 {
					return
				}
				time.Sleep(100 * time.Millisecond) // for the reader to go as far as it may
				// Read: the target being handled, ahead waiting, and one
				// the reader holds; fewer when workers bound it first.
				if n := read.Load(); n > ahead+2 {
					t.Errorf("%d targets read while the first was handled, want at most %d", n, ahead+2)
				}
				if m := most.Load(); m != tt.wantMost {
					t.Errorf("%d fetches at once, want %d", m, tt.wantMost)
				}
				close(release)
			}
			if err := prefetch(targets, warm, workers, ahead, each); err != nil {
				t.Fatal(err)
			}
			if handled != 10*ahead {
				t.Errorf("%d targets handled, want %d", handled, 10*ahead)
			}
			if n := warming.Load(); n != 0 {
				t.Errorf("prefetch returned with %d fetches running", n)
			}
		})
	}
}
