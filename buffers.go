package robotstxt

// This file lends a parse the lists it grows, from a pool.

import (
	"sync"
	"unsafe"
)

// parseBuffers are the lists a parse grows line by line, in one value
// that a parse borrows from a pool whole and gives back whole: the group
// builder, the note writer and the parser's records each write through a
// pointer to their part. What the parsed file keeps is copied out of them
// at its length (see keep), so a parse allocates little beyond what the
// file keeps, and the garbage collector runs that much less often in a
// crawler that parses file after file (BenchmarkParse). The pattern arena
// is not among them: it is most of what a file keeps, and a copy of it
// would cost more than it saves.
type parseBuffers struct {
	build   buildLists
	notes   notes
	records recordLists
	scratch []byte // the canonical form of the current rule's pattern
}

var buffers = sync.Pool{New: func() any { return new(parseBuffers) }}

// maxPooled bounds the bytes of the buffers the pool keeps: a file parsed
// without a size limit may have grown them far past what most files need.
const maxPooled = 4 * DefaultMaxBytes

// reset empties every list of b for the next parse, keeping its room,
// and returns the bytes that room takes. With poison it overwrites the
// room first, so that a parsed file still sharing a list would read
// garbage: race-enabled builds do (see poison_race.go), and the tests run
// with -race. TestParseBuffersReset checks that it reaches every list.
func (b *parseBuffers) reset(poison bool) int {
	n := resetList(&b.build.starts, poison) + resetList(&b.build.rules, poison) +
		resetList(&b.build.written, poison) + resetList(&b.build.writtenText, poison) +
		resetList(&b.build.toks, poison) + resetList(&b.build.tokText, poison) +
		resetList(&b.build.groupLines, poison)
	n += resetList(&b.notes.list, poison) + resetList(&b.notes.args, poison)
	b.notes.full = false
	n += resetList(&b.records.text, poison) + resetList(&b.records.sitemaps, poison) +
		resetList(&b.records.cleanParams, poison) + resetList(&b.records.records, poison) +
		resetList(&b.records.sitemapHashes, poison) + resetList(&b.records.sitemapSlots, poison)
	return n + resetList(&b.scratch, poison)
}

func resetList[S ~[]E, E any](s *S, poison bool) int {
	if poison {
		clear((*s)[:cap(*s)])
	}
	*s = (*s)[:0]
	var e E
	return cap(*s) * int(unsafe.Sizeof(e))
}

// borrowBuffers returns buffers for parsing n bytes: from the pool, or
// new ones that the parsed file may keep as they are (own) when the file
// would outgrow pooled ones.
func borrowBuffers(n int) (b *parseBuffers, own bool) {
	if n > maxPooled/2 {
		return new(parseBuffers), true
	}
	return buffers.Get().(*parseBuffers), false
}

// returnBuffers gives b back to the pool, or leaves it to the garbage
// collector when its lists take more than maxPooled bytes.
func returnBuffers(b *parseBuffers) {
	if b.reset(poisonBuffers) <= maxPooled {
		buffers.Put(b)
	}
}
