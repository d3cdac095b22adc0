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

// A handle is the number of the parse that made it, times maxFiles, plus
// the slot that holds the file: a call finds its slot without a map, and
// the slot tells a stale handle by the handle it holds now. It crosses to
// JavaScript as a float64, a JavaScript number, exact up to 2^53: at a
// million parses a second, 2^53 / maxFiles parses last 500 years, where
// an int32 would be reused after 4 million.
type handle = uint64

// maxHandle is the largest handle a float64 holds exactly.
const maxHandle = 1<<53 - 1

// slot is a place in the table; free when robots is nil. prev and next
// are the slots before and after it in the list of held files, most
// recently used first (-1: none), or the next free slot in next.
type slot struct {
	handle     handle
	robots     *robotstxt.Robots
	size       int
	prev, next int32
}

// table holds the parsed files in a fixed array of slots, so that holding
// a file allocates nothing (an allocation costs more in WebAssembly than
// the rest of add). Only the exports touch it, and JavaScript runs them
// one at a time, so it needs no lock.
type table struct {
	slots      [maxFiles]slot
	head, tail int32 // the most and the least recently used slots; -1: none
	free       int32 // the first free slot; -1: none
	held       int
	bytes      int
	parses     uint64 // the number of the last parse
}

var files = newTable()

func newTable() *table {
	t := &table{head: -1, tail: -1}
	for i := range t.slots {
		t.slots[i].next = int32(i) + 1
	}
	t.slots[maxFiles-1].next = -1
	return t
}

// add holds r, parsed from size bytes, and returns its handle, dropping
// the least recently used files past the limits; never the new one. It
// returns 0, which no file has, once the handles have run out.
func (t *table) add(r *robotstxt.Robots, size int) handle {
	if t.parses >= maxHandle/maxFiles-1 {
		return 0
	}
	if t.free < 0 {
		t.remove(t.tail)
	}
	i := t.free
	s := &t.slots[i]
	t.free = s.next
	t.parses++
	*s = slot{handle: t.parses*maxFiles + handle(i), robots: r, size: size}
	t.held++
	t.bytes += size
	t.push(i)
	for t.tail != i && t.bytes > maxSourceBytes {
		t.remove(t.tail)
	}
	return s.handle
}

// find returns the slot of h, or -1 when h is no file held.
func (t *table) find(h handle) int32 {
	i := int32(h % maxFiles)
	if h == 0 || t.slots[i].handle != h || t.slots[i].robots == nil {
		return -1
	}
	return i
}

// get returns the file of h, now the most recently used.
func (t *table) get(h handle) (*robotstxt.Robots, bool) {
	i := t.find(h)
	if i < 0 {
		return nil, false
	}
	if t.head != i {
		t.unlink(i)
		t.push(i)
	}
	return t.slots[i].robots, true
}

// drop lets go of the file of h, if it is held.
func (t *table) drop(h handle) {
	if i := t.find(h); i >= 0 {
		t.remove(i)
	}
}

// remove frees slot i, which holds a file.
func (t *table) remove(i int32) {
	t.unlink(i)
	s := &t.slots[i]
	t.held--
	t.bytes -= s.size
	*s = slot{handle: s.handle, next: t.free}
	t.free = i
}

func (t *table) push(i int32) {
	s := &t.slots[i]
	s.prev, s.next = -1, t.head
	if t.head >= 0 {
		t.slots[t.head].prev = i
	}
	t.head = i
	if t.tail < 0 {
		t.tail = i
	}
}

func (t *table) unlink(i int32) {
	s := &t.slots[i]
	if s.prev >= 0 {
		t.slots[s.prev].next = s.next
	} else {
		t.head = s.next
	}
	if s.next >= 0 {
		t.slots[s.next].prev = s.prev
	} else {
		t.tail = s.prev
	}
	s.prev, s.next = -1, -1
}
