package robotstxt

// This file holds what makes a small file cheap to parse and ask once:
// most robots.txt files are small (over public collections the median is
// 250 bytes and four in five are at most 1 KB), and a batch job that
// parses millions of them and asks each once pays its fixed cost each
// time. It comes in two steps. Parse keeps a file of up to streamBytes
// (1 KB) as a copy of its text alone (see lazyFile in stream.go), and
// answers its first Allowed or Decide
// with one name in one pass over that text, as Google's library answers
// every query: no table is built, and the pass allocates nothing. Every
// other method, and every later query, builds the tables once: a small
// file's Robots, its rule text, its table of Groups and the Group of its
// first query share one allocation (smallFile), and so do its plain
// tables (patterns, rules, tokens, notes: a slab), in the same
// allocation when they fit its room, else in one of their own.
// BenchmarkSmallFirstQuery measures the pass, the tables ("tables/") and
// the plain path ("general/"); FuzzFirstQuery checks that the pass
// answers as the tables do.

import (
	"sync/atomic"
	"unsafe"
)

// smallSets bounds the sets of groups a small file has room for in
// smallParts.cache; a file of more takes the plain path.
const smallSets = 4

// smallRoom is the room, in words, that a smallFile keeps for the
// file's plain tables (see slab): 224 bytes, which on 64-bit platforms
// fill the allocator's size class of 1,152 bytes for a smallFile with
// extra room and leave 8 of the 768 of one without it, counting the
// allocator's header of 8 bytes (TestSmallFileSizeClasses), and hold the
// tables of most files of up to 200 bytes.
const smallRoom = 56

// smallBytes bounds the body of a small file: a larger one takes the
// plain path, which keeps its large pattern text without a copy.
const smallBytes = 4 << 10

// smallFile is a small file's Robots and what it holds beside it, in one
// allocation; E is room for the rarer parts (smallExtra), or nothing, so
// that a file without them allocates no more bytes than it needs.
type smallFile[E any] struct {
	r     Robots
	t     robotsTables
	parts smallParts
	extra E
	room  [smallRoom]uint32 // the slab's words, when they fit
}

// smallParts are the parts of a small file's Robots that would otherwise
// be allocations of their own: its rule text, its table of Groups, and
// room for the first Group built (see Robots.newGroup).
type smallParts struct {
	text   ruleText
	cache  [smallSets]atomic.Pointer[Group]
	taken  atomic.Bool // group is in use
	group  Group
	agents [2]string   // room for group's names
	extra  *smallExtra // nil when the file needs none
}

// smallExtra is room for the parts of a small file that most small files
// lack: its file-wide records (Sitemap and the like), its rules' written
// forms, and the extension records (Crawl-delay and the like) of as many
// groups as exts holds.
type smallExtra struct {
	file    fileRecords
	forms   writtenForms
	exts    [2]extAt
	extVals [2]groupExt
}

// newSmall returns a new Robots in a smallFile, with room for a
// smallExtra when extra, and a slab of at least n bytes: the smallFile's
// room when they fit, else an allocation of their own.
func newSmall(extra bool, n int) (*Robots, slab) {
	var r *Robots
	var room []uint32
	if extra {
		f := new(smallFile[smallExtra])
		f.r.robotsTables = &f.t
		f.r.small, f.parts.extra = &f.parts, &f.extra
		f.r.text = &f.parts.text
		r, room = &f.r, f.room[:]
	} else {
		f := new(smallFile[struct{}])
		f.r.robotsTables = &f.t
		f.r.small = &f.parts
		f.r.text = &f.parts.text
		r, room = &f.r, f.room[:]
	}
	if words := (n + 3) / 4; words > len(room) {
		room = make([]uint32, words)
	}
	return r, slab{w: room}
}

// smallFileBytes returns the bytes of the smallFile that holds r.
func smallFileBytes(r *Robots) int64 {
	if r.small.extra != nil {
		return int64(unsafe.Sizeof(smallFile[smallExtra]{}))
	}
	return int64(unsafe.Sizeof(smallFile[struct{}]{}))
}

// newGroup returns an empty Group: the room a small file keeps for its
// first Group, once, or a new one.
func newGroup(r *Robots) *Group {
	if s := r.small; s != nil && s.taken.CompareAndSwap(false, true) {
		s.group.agents = s.agents[:0:len(s.agents)]
		return &s.group
	}
	return new(Group)
}

// newFileRecords returns room for r's file-wide records: in r's
// smallParts, or new.
func newFileRecords(r *Robots) *fileRecords {
	if s := r.small; s != nil && s.extra != nil {
		return &s.extra.file
	}
	return new(fileRecords)
}

// newWrittenForms returns room for the written forms of r's rules: in
// r's smallParts, or new.
func newWrittenForms(r *Robots) *writtenForms {
	if s := r.small; s != nil && s.extra != nil {
		return &s.extra.forms
	}
	return new(writtenForms)
}

// groupTable returns the table of n sets' Groups: in r's smallParts when
// it has room, else new.
func groupTable(r *Robots, n int) []atomic.Pointer[Group] {
	if s := r.small; s != nil && n <= len(s.cache) {
		return s.cache[:n:n]
	}
	return make([]atomic.Pointer[Group], n)
}

// slab lends a small file's plain tables from one allocation. Only
// types without pointers, whose alignment is at most 4 and whose size is
// a multiple of 4, may be taken from it (rule, token, note, uint32) or
// bytes, rounded up to whole words: its words are uint32, which the
// garbage collector does not scan, in a smallFile or on their own.
type slab struct{ w []uint32 }

// take returns n zeroed elements from s, or new ones when s is nil or
// has no room left. The slice has no spare room, so that an append
// never writes into the next part.
func take[E any](s *slab, n int) []E {
	var e E
	words := (n*int(unsafe.Sizeof(e)) + 3) / 4
	if s == nil || words > len(s.w) || n == 0 {
		return make([]E, n)
	}
	out := unsafe.Slice((*E)(unsafe.Pointer(&s.w[0])), n)
	s.w = s.w[words:]
	return out
}

// carve returns a copy of src from s (see take), or nil when src is
// empty, as keep does.
func carve[E any](s *slab, src []E) []E {
	if len(src) == 0 {
		return nil
	}
	out := take[E](s, len(src))
	copy(out, src)
	return out
}

// carveString returns a copy of src from s as a string.
func carveString[T ~string | ~[]byte](s *slab, src T) string {
	if len(src) == 0 {
		return ""
	}
	out := take[byte](s, len(src))
	copy(out, src)
	return unsafe.String(&out[0], len(out))
}

// slabBytes returns the bytes of a slab for what finish copies out of
// the builder b, the notes n and the records rl: each part rounded up to
// whole words.
func slabBytes(b *builder, n *notes, rl *recordLists) int {
	w := func(bytes int) int { return (bytes + 3) &^ 3 }
	ng, nt := len(b.starts), len(b.toks)
	return w(b.arena.Len()) + w(len(b.tokText)) + w(len(n.args)) +
		len(b.rules)*int(unsafe.Sizeof(rule{})) + nt*int(unsafe.Sizeof(token{})) +
		len(n.list)*int(unsafe.Sizeof(note{})) + 4*(2*ng+nt) +
		w(len(rl.text)) + w(len(b.writtenText)) + len(b.written)*int(unsafe.Sizeof(writtenForm{})) + len(rl.sitemaps)*int(unsafe.Sizeof(textSpan{})) +
		len(rl.cleanParams)*int(unsafe.Sizeof(lineSpan{})) + len(rl.records)*int(unsafe.Sizeof(recordSpan{}))
}
