//go:build wasm

package main

import "github.com/rfc9309/robotstxt"

// The parsed files stay on the Go side, named to JavaScript by a handle: a
// number that is never reused, so a stale handle can only fail, never
// reach another file. JavaScript releases a handle by free, or, for a
// file of 32 KiB or more, when the object holding it is collected (a
// FinalizationRegistry); but a FinalizationRegistry runs only when the
// event loop turns, and a loop that parses files without yielding would
// otherwise fill the module's memory, which never shrinks. So the table
// also holds at most maxFiles files and maxSourceBytes bytes of their
// sources: past either, the least recently used file is dropped, and a
// call on its handle answers gone, whereupon JavaScript parses the file
// again from the bytes it kept.
//
// Every file held is marked by each cycle of Go's garbage collector, so
// the fewer small files held the less a cycle costs: 512 small files
// rather than 1,024 leave the module 2 MB smaller after 100,000 files.
// 512 files under 32 KiB are under maxSourceBytes, which therefore binds
// only for larger files, those core.mjs watches with its registry.
const (
	maxFiles       = 512
	maxSourceBytes = 16 << 20
)

// gone is what a call on a dropped handle returns; failed what a call
// that went wrong returns, the message in lastError.
const (
	failed = -2
	gone   = -3
)

// entry is a parsed file in the table's list, most recently used first.
type entry struct {
	handle     int32
	robots     *robotstxt.Robots
	size       int
	prev, next *entry
}

// table holds the parsed files. Only the exports touch it, and JavaScript
// runs them one at a time, so it needs no lock.
type table struct {
	byHandle   map[int32]*entry
	head, tail *entry // head: most recently used
	bytes      int
	last       int32
}

var files = table{byHandle: map[int32]*entry{}}

// add holds r, parsed from size bytes, and returns its handle, dropping the
// least recently used files past the limits; never the new one.
func (t *table) add(r *robotstxt.Robots, size int) int32 {
	t.last++
	e := &entry{handle: t.last, robots: r, size: size}
	t.byHandle[e.handle] = e
	t.bytes += size
	t.push(e)
	for t.tail != e && (len(t.byHandle) > maxFiles || t.bytes > maxSourceBytes) {
		t.remove(t.tail)
	}
	return e.handle
}

// get returns the file of h, now the most recently used.
func (t *table) get(h int32) (*robotstxt.Robots, bool) {
	e, ok := t.byHandle[h]
	if !ok {
		return nil, false
	}
	if t.head != e {
		t.unlink(e)
		t.push(e)
	}
	return e.robots, true
}

// free drops the file of h, if it is held.
func (t *table) free(h int32) {
	if e, ok := t.byHandle[h]; ok {
		t.remove(e)
	}
}

func (t *table) remove(e *entry) {
	t.unlink(e)
	delete(t.byHandle, e.handle)
	t.bytes -= e.size
}

func (t *table) push(e *entry) {
	e.prev, e.next = nil, t.head
	if t.head != nil {
		t.head.prev = e
	}
	t.head = e
	if t.tail == nil {
		t.tail = e
	}
}

func (t *table) unlink(e *entry) {
	if e.prev != nil {
		e.prev.next = e.next
	} else {
		t.head = e.next
	}
	if e.next != nil {
		e.next.prev = e.prev
	} else {
		t.tail = e.prev
	}
	e.prev, e.next = nil, nil
}
