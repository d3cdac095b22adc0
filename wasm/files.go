package main

import "github.com/rfc9309/robotstxt"

// The parsed files stay on the Go side, named to JavaScript by a handle: a
// number that is never reused, so a stale handle can only fail, never
// reach another file. The table holds every file until JavaScript lets
// go of it, by free or when the garbage collector has collected the
// object that holds it (core.mjs's FinalizationRegistry), so it has no
// limit of its own: what it holds is what the caller keeps, and
// core.mjs bounds the files parsed in one run of synchronous code, whose
// objects no FinalizationRegistry callback can release until the run
// ends.

// A handle is the number of the parse that made the file. It crosses to
// JavaScript as a float64, a JavaScript number, exact up to 2^53: at a
// million parses a second, 2^53 parses last 285 years, where an int32
// would be reused after 2 billion.
type handle = uint64

// maxHandle is the largest handle a float64 holds exactly.
const maxHandle = 1<<53 - 1

// table holds the parsed files by handle. Only the exports touch it, and
// JavaScript runs them one at a time, so it needs no lock.
type table struct {
	files map[handle]*robotstxt.Robots
	last  handle // the handle of the last file added
}

func newTable() *table {
	return &table{files: make(map[handle]*robotstxt.Robots)}
}

// add holds r and returns its handle; 0, which no file has, once the
// handles have run out.
func (t *table) add(r *robotstxt.Robots) handle {
	if t.last >= maxHandle {
		return 0
	}
	t.last++
	t.files[t.last] = r
	return t.last
}

// get returns the file of h.
func (t *table) get(h handle) (*robotstxt.Robots, bool) {
	r, ok := t.files[h]
	return r, ok
}

// drop lets go of the file of h, if it is held.
func (t *table) drop(h handle) {
	delete(t.files, h)
}

// held counts the files held.
func (t *table) held() int {
	return len(t.files)
}

// handleOf reads a handle as JavaScript passes it; 0, which no file has,
// for a number that no handle is (negative, fractional or past 2^53),
// whose conversion to an integer Go leaves undefined.
func handleOf(h float64) handle {
	if !(h >= 1 && h <= maxHandle) || h != float64(handle(h)) {
		return 0
	}
	return handle(h)
}
