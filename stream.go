package robotstxt

// This file answers the first query of a small file in one pass over its
// text, as Google's library answers every query: the tokenizer reads the
// file line by line, and each rule of a group that applies to the caller
// is matched against the path as it is read (RFC 9309 section 2.2.1 and
// section 2.2.2), with no tables built. It reads lines, names, groups,
// patterns and paths with the functions the parser, the group builder
// and the matcher use, so that the two readings cannot drift apart;
// FuzzFirstQuery compares them.

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// streamScratch is the room on the stack for the canonical form of one
// rule's pattern: a longer one, rare in a small file, costs an
// allocation.
const streamScratch = 256

// streamBest is the best rule so far among the rules of one kind of group
// (those that name the caller, or the "*" groups) that match the path.
type streamBest struct {
	found   bool   // a group of the kind exists, with or without rules
	matched bool   // a rule matched
	allow   bool   // the rule is an allow rule
	prio    int    // its priority (RFC 9309 section 2.2.2)
	empty   bool   // its pattern is empty (see dialect.emptyMatches)
	line    int    // its line
	written string // its value as written, the Pattern a Rule reports
}

// offer makes the rule the best so far when it beats it: the longer
// priority, then allow over disallow (RFC 9309 section 2.2.2), then the
// earlier line, as ruleText.better orders rules. Rules come in file
// order, so a later rule that ties on the first two loses.
func (b *streamBest) offer(allow bool, prio int, empty bool, line int, written string) {
	if b.matched && (prio < b.prio || prio == b.prio && (b.allow || !allow)) {
		return
	}
	*b = streamBest{found: true, matched: true, allow: allow, prio: prio, empty: empty, line: line, written: written}
}

// decision returns the Decision of b's rule, as Group.Decide gives it.
func (b *streamBest) decision() Decision {
	if !b.matched {
		return Decision{Allowed: true}
	}
	return Decision{Allowed: b.allow || b.empty, Rule: Rule{Allow: b.allow, Pattern: b.written, Line: b.line}}
}

// streamDecide decides target for the crawler agent by one pass over src,
// a file that the parser reads whole (no size limit cuts it), in the
// dialect d: the Decision that the parsed file's Group(agent).Decide
// gives, or false when src has a shape the pass does not read. The one
// such shape is a body led by a UTF-16 byte-order mark in RFC mode, which
// the parser converts to UTF-8 first (see parser.run). It allocates
// nothing, but for a pattern whose canonical form outgrows
// streamScratch, for Google's index.html rule and for the error of an
// agent that reads as no crawler, refused as Robots.Group refuses it.
func streamDecide(src string, d *dialect, agent, target string) (Decision, bool) {
	if no, ok := refused(agent); ok {
		return no, true // as Robots.Group refuses it
	}
	if d.utf16 && utf16Mark(src) != "" {
		return Decision{}, false
	}
	path := d.targetPath(target)
	if d.normalize {
		// As Group.matchPath reads a path, its canonical form on the
		// stack.
		i, dots := targetChange(path)
		if i < len(path) {
			var buf [maxStackTarget]byte
			b, _ := appendRFCFrom(buf[:0], path, i, false)
			path, dots = view(b), true
		}
		var robots bool
		if path, robots = d.finishPath(path, dots); robots {
			return Decision{Allowed: true}, true
		}
	}
	var caller streamCaller
	var own, global streamBest
	var scratchRoom [streamScratch]byte
	scratch := scratchRoom[:0]
	// The open group, as builder.userAgent forms groups: one starts at a
	// user-agent line that follows a rule, or at the first one.
	open, sawRule, isOwn, isGlobal := false, false, false, false
	// take offers a rule that matched to the best of each kind the open
	// group is: a group may name the caller and be a "*" group at once.
	take := func(allow bool, prio int, empty bool, num int, value string) {
		if isOwn {
			own.offer(allow, prio, empty, num, value)
		}
		if isGlobal {
			global.offer(allow, prio, empty, num, value)
		}
	}
	body, _ := skipBOM(src) // as parser.run reads it
	// The empty line after a final line break holds nothing the pass
	// reads, and most files end in one.
	body = trimFinalBreak(body)
	t := newLineReader(body, d.lineCut, defaultLimits.lines, looksLikeHTML(src))
	var f lineFact
	for {
		// A line nextPlain takes is read as the general path reads it, and
		// a rule's value is its own pattern.
		kind, value, plain := t.nextPlain()
		num := t.num
		if !plain {
			if !t.nextOther(&f) {
				break
			}
			if f.flags&flagContent == 0 {
				continue
			}
			kind, value, num = f.kind, f.value, f.num
		}
		switch kind {
		case keyUserAgent:
			if !open || sawRule {
				open, sawRule, isOwn, isGlobal = true, false, false, false
			}
			value := t.text(value)
			if isGlobalAgent(value) {
				isGlobal, global.found = true, true
			} else if caller.names(d, agent, value) {
				isOwn, own.found = true, true
			}
		case keyAllow, keyDisallow:
			if !open || !isOwn && !isGlobal {
				continue // outside any group (see builder.addRule), or another crawler's
			}
			sawRule = true
			allow, value := kind == keyAllow, t.text(value)
			pattern, prio := value, len(value)
			if !plain {
				pattern, prio, _, scratch = d.pattern(scratch, value)
			}
			if patternMatches(pattern, path, d.emptyMatches) {
				take(allow, prio, pattern == "", num, value)
			}
			if allow {
				if dp, ok := d.indexRule(pattern); ok && matches(dp, path) {
					take(true, len(dp), false, num, value)
				}
			}
		}
	}
	switch {
	case own.found:
		return own.decision(), true
	case global.found:
		return global.decision(), true
	}
	return Decision{Allowed: true}, true
}

// streamCaller is the caller's name in a pass, read at the first
// user-agent line that is not "*": many small files have no other.
type streamCaller struct {
	name        string
	read, named bool
}

// names reports whether the user-agent line value names the caller
// agent, as Robots.lookupSet finds a group: a name that can find no group
// ("*", or none in RFC mode) leaves the "*" groups to decide.
func (c *streamCaller) names(d *dialect, agent, value string) bool {
	if !c.read {
		c.name, c.read = d.callerName(agent), true
		c.named = !(c.name == "*" || c.name == "" && !d.googleNames)
	}
	return c.named && foldCompare(d.lineName(value), c.name) == 0
}

// streamBytes bounds the files that Parse keeps unbuilt (see lazyFile):
// past it, the tables' binary searches and the index cost less than
// passes over the whole text would.
const streamBytes = 1 << 10

// lazyFile is a small file that Parse keeps as its text alone: its first
// query, the common case of a batch job that asks each file once, is
// answered by one pass over that text (see streamDecide), and the file's
// tables are built only for what that pass does not answer (another
// method, a later query, a file shape it does not read), once. The text
// is let go once the tables are built: a file kept for many queries, as
// robotshttp.Cache keeps files, holds its tables and a small lazyFile
// beside them, not a second copy of its text.
type lazyFile struct {
	// text is the first byte of the copy of the body, of n bytes; nil
	// once the tables are built. A pass that began before keeps the copy
	// alive for as long as it reads it.
	text  atomic.Pointer[byte]
	n     int
	mode  Mode
	asked atomic.Bool // the first query was taken
	once  sync.Once
	built atomic.Pointer[Robots]
}

// lazyInline bounds the files whose copy shares the allocation of their
// Robots: 64 bytes of room fill the allocator's size class of 128 bytes
// with the Robots and its lazyFile (TestSmallFileSizeClasses), and a copy
// kept there costs no allocation of its own; a longer copy is an
// allocation of its own, which can be collected once the tables are
// built. More room inline was measured (192 bytes, a class of 256) and
// saved 3-4% of the instructions of files of up to that size, but no
// time: the collector scans the larger object.
const lazyInline = 64

// lazyRobots is a lazy file's Robots and its lazyFile, with room A for a
// copy of at most lazyInline bytes, in one allocation.
type lazyRobots[A any] struct {
	r    Robots
	l    lazyFile
	room A
}

// lazyBytes returns the bytes a lazy file of n bytes keeps once its
// tables are built: the allocation of its Robots.
func lazyBytes(n int) int64 {
	if n <= lazyInline {
		return int64(unsafe.Sizeof(lazyRobots[[lazyInline]byte]{}))
	}
	return int64(unsafe.Sizeof(lazyRobots[struct{}]{}))
}

// newLazy returns a Robots that keeps a copy of src, of at most
// streamBytes, and builds its tables on first need: one allocation for a
// src of at most lazyInline bytes, two for a longer one.
func newLazy(src string, mode Mode) *Robots {
	var l *lazyFile
	var r *Robots
	var room []byte
	if len(src) <= lazyInline {
		f := new(lazyRobots[[lazyInline]byte])
		r, l, room = &f.r, &f.l, f.room[:]
	} else {
		f := new(lazyRobots[struct{}])
		r, l, room = &f.r, &f.l, make([]byte, len(src))
	}
	l.n, l.mode = copy(room, src), mode
	l.text.Store(&room[0])
	r.lazy = l
	return r
}

// src returns the copy of the file's text, and false once the tables
// are built.
func (l *lazyFile) src() (string, bool) {
	p := l.text.Load()
	if p == nil {
		return "", false
	}
	return unsafe.String(p, l.n), true
}

// first answers the first query of the file, for one crawler, by one pass
// over its text, and reports whether it did: a later query, or one after
// the tables were built (which let the text go), is answered by the
// tables.
func (l *lazyFile) first(agent, target string) (Decision, bool) {
	if l.asked.Load() || !l.asked.CompareAndSwap(false, true) {
		return Decision{}, false
	}
	src, ok := l.src()
	if !ok {
		return Decision{}, false
	}
	return streamDecide(src, l.mode.dialect(), agent, target)
}

// robots returns the file's tables, built on first use. Callers that
// race wait for one build.
func (l *lazyFile) robots() *Robots {
	if r := l.built.Load(); r != nil {
		return r
	}
	l.once.Do(func() {
		src, _ := l.src() // only the build lets it go
		l.built.Store(Options{Mode: l.mode}.build(src, false, -1, defaultLimits, true))
		l.text.Store(nil) // the tables hold their own copies
	})
	return l.built.Load()
}

// trimFinalBreak returns s without its final line break, which the
// tokenizer would read as the end of its last line and then an empty
// line: the lines before it, and their numbers, are unchanged.
func trimFinalBreak(s string) string {
	n := len(s)
	if n > 0 && s[n-1] == '\n' {
		n--
	}
	if n > 0 && s[n-1] == '\r' {
		n--
	}
	return s[:n]
}
