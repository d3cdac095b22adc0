package robotstxt

import (
	"runtime"
	"strconv"
	"testing"
	"unsafe"
)

// objectBytes returns the bytes the heap counts for one new object of
// n bytes, holding pointers or not: the fewest per object over three
// rounds of many such objects, read from runtime.MemStats.TotalAlloc,
// so that what the runtime allocates of its own during a round cannot
// raise the figure. An object with pointers is a []unsafe.Pointer, so n
// is then a multiple of the size of a pointer.
func objectBytes(n int, pointers bool) int64 {
	// Enough objects that a stray allocation of fewer bytes than their
	// count cannot move the floor of the mean, and few of the largest.
	count := min(max(8, 64<<10/n), 1<<10)
	noscan := make([][]byte, count)
	scan := make([][]unsafe.Pointer, count)
	best := int64(-1)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if pointers {
			for i := range scan {
				scan[i] = make([]unsafe.Pointer, n/int(unsafe.Sizeof(unsafe.Pointer(nil))))
			}
		} else {
			for i := range noscan {
				noscan[i] = make([]byte, n)
			}
		}
		runtime.ReadMemStats(&after)
		if got := int64(after.TotalAlloc-before.TotalAlloc) / int64(count); best < 0 || got < best {
			best = got
		}
	}
	runtime.KeepAlive(noscan)
	runtime.KeepAlive(scan)
	return best
}

// heapSizes returns the object sizes TestHeapBytes measures: every size
// up to 1 KiB; above it the first and last size of each size class, for
// objects without pointers and with them (whose classes start and end a
// header earlier), and every 61st size between, up to 32 KiB; then
// objects of whole pages and just over, beyond the size classes.
func heapSizes() []int64 {
	var sizes []int64
	for n := int64(1); n <= 1<<10; n++ {
		sizes = append(sizes, n)
	}
	step := func(n int64) bool { return classBytes(n) != classBytes(n+1) }
	for n := int64(1<<10 + 1); n <= 32<<10; n++ {
		h := n + mallocHeaderSize
		if step(n-1) || step(n) || step(h-1) || step(h) || n%61 == 0 {
			sizes = append(sizes, n)
		}
	}
	return append(sizes, 32<<10+1, 40<<10, 40<<10+1, 64<<10-8, 64<<10+8, 100_000, 1<<20+8)
}

// TestHeapBytes checks heapBytes against what the allocator takes for a
// new object of each size heapSizes gives, with pointers and without:
// it must be at least that for both, so that Footprint is an upper
// bound, and exactly that where it can be, so that a Go release whose
// size classes, malloc header or page size differ from the table in
// memory.go fails here rather than making Footprint undercount. Where
// heapBytes is not exact, it is at least: objects of fewer than tinySize
// bytes without pointers share blocks of tinySize bytes, and one of
// fewer than tinySize with pointers (a single pointer) takes 8; an
// object without pointers takes no header, which heapBytes counts for
// every object above minSizeForMallocHeader (classBytes, without the
// header, must be exact for it). The first and last size of each class
// of the table are measured, so a class the allocator adds inside one
// shows at its first size, and one it removes or moves at its last.
func TestHeapBytes(t *testing.T) {
	ptr := int64(unsafe.Sizeof(unsafe.Pointer(nil)))
	for _, n := range heapSizes() {
		noscan := objectBytes(int(n), false)
		if want := heapBytes(n); noscan > want {
			t.Errorf("heapBytes(%d) = %d, want at least the %d bytes a new %d-byte object without pointers takes", n, want, noscan, n)
		}
		if n >= tinySize && n <= maxSmallSize-mallocHeaderSize {
			if want := classBytes(n); noscan != want {
				t.Errorf("classBytes(%d) = %d, want the %d bytes a new %d-byte object without pointers takes", n, want, noscan, n)
			}
		} else if n >= tinySize && noscan != heapBytes(n) {
			t.Errorf("heapBytes(%d) = %d, want the %d bytes a new %d-byte object without pointers takes", n, heapBytes(n), noscan, n)
		}
		if n%ptr != 0 {
			continue
		}
		scan := objectBytes(int(n), true)
		if got := heapBytes(n); scan > got {
			t.Errorf("heapBytes(%d) = %d, want at least the %d bytes a new %d-byte object with pointers takes", n, got, scan, n)
		} else if n >= tinySize && scan != got {
			t.Errorf("heapBytes(%d) = %d, want the %d bytes a new %d-byte object with pointers takes", n, got, scan, n)
		}
	}
}

// TestMapBytes checks that mapBytes bounds the bytes that maps of the two
// kinds it counts hold, measured on the heap, at each size where Go's
// layout steps and between, and that it is not far above them.
func TestMapBytes(t *testing.T) {
	const maps = 64
	for _, n := range []int{1, 2, 8, 9, 14, 15, 28, 29, 56, 57, 100, 448, 449, 896, 897, 1000, 1792, 1793, 5000} {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = strconv.Itoa(i)
		}
		// The fewest bytes over three rounds, so that what the runtime
		// holds of its own meanwhile cannot raise the figure.
		measure := func(fill func() any) int64 {
			best := int64(-1)
			for range 3 {
				kept := make([]any, maps)
				before := liveHeap()
				for i := range kept {
					kept[i] = fill()
				}
				if held := (liveHeap() - before) / maps; best < 0 || held < best {
					best = held
				}
				runtime.KeepAlive(kept)
			}
			return best
		}
		signals := measure(func() any {
			m := make(map[string]bool)
			for _, k := range keys {
				m[k] = true
			}
			return m
		})
		unions := measure(func() any {
			m := make(map[unionKey]*Group)
			for i := range n {
				m[unionKey{int32(i), -1, -1, -1}] = nil
			}
			return m
		})
		// Each kept map also holds its slot in kept, an interface of two
		// words.
		const slot = 16
		for _, tt := range []struct {
			kind string
			held int64
		}{{"map[string]bool", signals - slot}, {"map[unionKey]*Group", unions - slot}} {
			// Past one table (896 entries) the bound takes the tables
			// to be half full, the least they can be after a split.
			over := tt.held/4 + 64
			if n > 896 {
				over = tt.held
			}
			if got := mapBytes(n); got < tt.held || got > tt.held+over {
				t.Errorf("mapBytes(%d) = %d, a %s of %d entries holds %d", n, got, tt.kind, n, tt.held)
			}
		}
	}
}
