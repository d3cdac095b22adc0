package robotstxt

// This file lends a parse the lists it grows, from a pool.

import (
	"sync"
)

// parseBuffers are the lists a parse grows line by line, in one value
// that a parse borrows from a pool whole and gives back whole: the group
// builder, the note writer and the parser's records each write through a
// pointer to their part. What the parsed file keeps is copied out of them
// into its block (see block), so a parse allocates little beyond what the
// file keeps (BenchmarkParse, its "unpooled" cases).
type parseBuffers struct {
	build   buildLists
	notes   notes
	records recordLists
	scratch []byte // the canonical form of the current rule's pattern
	// once is the matcher's state of a decision on the lists (see
	// Options.DecideOnce), held here so that it is not allocated.
	once onceState
}

var buffers = sync.Pool{New: func() any { return new(parseBuffers) }}

// maxPooled bounds the bytes of the buffers the pool keeps: a file parsed
// without a size limit may have grown them far past what most files need.
const maxPooled = 4 * DefaultMaxBytes

// reset empties b for the next parse, keeping the room of its lists, and
// returns the bytes that room takes. Each part empties its lists one by
// one: storing a whole new value would copy the part onto itself, with a
// write barrier over every word of it while the collector runs
// (BenchmarkTricks/reset: a tenth of a quiet parse of a 25-byte file and
// its reset). TestParseBuffersReuse finds a field a reset leaves full.
func (b *parseBuffers) reset() int {
	n := b.build.reset() + b.notes.reset() + b.records.reset()
	b.scratch = emptied(b.scratch, &n)
	b.once = onceState{} // its index, if it built one, is not kept
	return n
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
	if b.reset() <= maxPooled {
		buffers.Put(b)
	}
}
