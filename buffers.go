package robotstxt

import (
	"sync"
	"unsafe"
)

// parseBuffers are the lists a parse grows line by line. A parse borrows
// them from a pool and gives them back, and what the parsed file keeps is
// copied out of them at its length (see keep): a parse then allocates
// little beyond what the file keeps, and the garbage collector runs that
// much less often in a crawler that parses file after file
// (BenchmarkParse). The pattern arena is not among them: it is most of
// what a file keeps, and a copy of it would cost more than it saves.
type parseBuffers struct {
	writtenText, tokText, fileText, args, scratch []byte
	rules                                         []rule
	starts                                        []uint32
	toks                                          []token
	written                                       []writtenForm
	notes                                         []note
	sitemaps                                      []textSpan
	records                                       []recordSpan
	cleanParams                                   []lineSpan
}

var buffers = sync.Pool{New: func() any { return new(parseBuffers) }}

// buffers returns the buffers p has grown.
func (p *parser) buffers() parseBuffers {
	return parseBuffers{
		p.b.writtenText, p.b.tokText, p.fileText, p.notes.args, p.scratch,
		p.b.rules, p.b.starts, p.b.toks, p.b.written, p.notes.list,
		p.file.sitemaps, p.file.records, p.file.cleanParams,
	}
}

// size returns the bytes b's buffers take.
func (b *parseBuffers) size() int {
	return bytesOf(b.writtenText) + bytesOf(b.tokText) + bytesOf(b.fileText) +
		bytesOf(b.args) + bytesOf(b.scratch) + bytesOf(b.rules) + bytesOf(b.starts) + bytesOf(b.toks) +
		bytesOf(b.written) + bytesOf(b.notes) + bytesOf(b.sitemaps) + bytesOf(b.records) + bytesOf(b.cleanParams)
}

func bytesOf[S ~[]E, E any](s S) int {
	var e E
	return cap(s) * int(unsafe.Sizeof(e))
}

// maxPooled bounds the bytes of the buffers the pool keeps: a file parsed
// without a size limit may have grown them far past what most files need.
const maxPooled = 4 * DefaultMaxBytes

// poisonBuffers makes reclaim overwrite the buffers it takes back, so
// that tests catch a parsed file that still shares one.
var poisonBuffers = false

func (b *parseBuffers) lend(p *parser) {
	p.b.writtenText, p.b.tokText = b.writtenText[:0], b.tokText[:0]
	p.fileText, p.notes.args, p.scratch = b.fileText[:0], b.args[:0], b.scratch[:0]
	p.b.rules, p.b.starts, p.b.toks, p.b.written = b.rules[:0], b.starts[:0], b.toks[:0], b.written[:0]
	p.notes.list = b.notes[:0]
	p.file.sitemaps, p.file.records, p.file.cleanParams = b.sitemaps[:0], b.records[:0], b.cleanParams[:0]
}

// reclaim takes back the buffers p grew and returns them to the pool, or
// reports false, leaving them to the garbage collector, when they are
// larger than maxPooled.
func (b *parseBuffers) reclaim(p *parser) bool {
	*b = p.buffers()
	if b.size() > maxPooled {
		return false
	}
	if poisonBuffers {
		for _, s := range [][]byte{b.writtenText, b.tokText, b.fileText, b.args, b.scratch} {
			clear(s[:cap(s)])
		}
		clear(b.rules[:cap(b.rules)])
		clear(b.starts[:cap(b.starts)])
		clear(b.toks[:cap(b.toks)])
		clear(b.written[:cap(b.written)])
		clear(b.notes[:cap(b.notes)])
		clear(b.sitemaps[:cap(b.sitemaps)])
		clear(b.records[:cap(b.records)])
		clear(b.cleanParams[:cap(b.cleanParams)])
	}
	buffers.Put(b)
	return true
}
