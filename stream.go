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
// streamScratch and for Google's index.html rule.
func streamDecide(src string, d *dialect, agent, target string) (Decision, bool) {
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
	// The caller's name, read as Robots.lookupSet reads it: a name that
	// finds no group leaves the "*" groups to decide.
	name := d.callerName(agent)
	named := !(name == "*" || name == "" && !d.googleNames)
	var own, global streamBest
	var scratchRoom [streamScratch]byte
	scratch := scratchRoom[:0]
	// The open group, as builder.userAgent forms groups: one starts at a
	// user-agent line that follows a rule, or at the first one.
	open, sawRule, isOwn, isGlobal := false, false, false, false
	offer := func(num int, allow bool, value string, plain bool) {
		if !open || !isOwn && !isGlobal {
			return // outside any group (see builder.addRule), or another crawler's
		}
		sawRule = true
		pattern, prio := value, len(value)
		if !plain {
			pattern, prio, _, scratch = d.pattern(scratch, value)
		}
		if patternMatches(pattern, path, d.emptyMatches) {
			if isOwn {
				own.offer(allow, prio, pattern == "", num, value)
			}
			if isGlobal {
				global.offer(allow, prio, pattern == "", num, value)
			}
		}
		if allow {
			if dp, ok := d.indexRule(pattern); ok && matches(dp, path) {
				if isOwn {
					own.offer(true, len(dp), false, num, value)
				}
				if isGlobal {
					global.offer(true, len(dp), false, num, value)
				}
			}
		}
	}
	t := newLineReader(parsedBody(src), d.lineCut, defaultLimits.lines, looksLikeHTML(src))
	var f lineFact
	for {
		if kind, value, ok := t.nextPlain(); ok {
			offer(t.num, kind == keyAllow, t.text(value), true)
			continue
		}
		if !t.nextOther(&f) {
			break
		}
		if f.flags&flagContent == 0 {
			continue
		}
		switch f.kind {
		case keyUserAgent:
			if !open || sawRule {
				open, sawRule, isOwn, isGlobal = true, false, false, false
			}
			value := t.text(f.value)
			if isGlobalAgent(value) {
				isGlobal, global.found = true, true
			} else if named && foldCompare(d.lineName(value), name) == 0 {
				isOwn, own.found = true, true
			}
		case keyAllow, keyDisallow:
			offer(f.num, f.kind == keyAllow, t.text(f.value), false)
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

// parsedBody returns the part of src the tokenizer reads: the body after
// a UTF-8 byte-order mark (see parser.run).
func parsedBody(src string) string {
	body, _ := skipBOM(src)
	return body
}

// streamBytes bounds the files that Parse keeps unbuilt (see lazyFile):
// past it, the tables' binary searches and the index cost less than
// passes over the whole text would.
const streamBytes = 1 << 10

// lazyFile is a small file that Parse keeps as its text alone: its first
// query, the common case of a batch job that asks each file once, is
// answered by one pass over that text (see streamDecide), and the file's
// tables are built only for what that pass does not answer (another
// method, a later query, a file shape it does not read), once.
type lazyFile struct {
	src   string // a copy of the body, never the caller's bytes
	mode  Mode
	asked atomic.Bool // the first query was taken
	once  sync.Once
	built atomic.Pointer[Robots]
}

// lazyBytes returns the bytes of the allocation newLazy makes for a
// file of n bytes.
func lazyBytes(n int) int64 {
	return int64(unsafe.Sizeof(lazyRobots[struct{}]{})) + int64(lazyRoom(n))
}

// lazyRoom returns the room for its text that newLazy gives a file of n
// bytes: size classes, so that a small file's copy shares the
// allocation of its Robots.
func lazyRoom(n int) int {
	switch {
	case n <= 64:
		return 64
	case n <= 192:
		return 192
	case n <= 448:
		return 448
	}
	return streamBytes
}

// lazyRobots is a lazy file's Robots, its lazyFile and room A for its
// text, in one allocation.
type lazyRobots[A any] struct {
	r    Robots
	l    lazyFile
	room A
}

// newLazy returns a Robots that keeps a copy of src, of at most
// streamBytes, and builds its tables on first need, in one allocation of
// the room src needs.
func newLazy(src string, mode Mode) *Robots {
	switch lazyRoom(len(src)) {
	case 64:
		return lazyIn[[64]byte](src, mode)
	case 192:
		return lazyIn[[192]byte](src, mode)
	case 448:
		return lazyIn[[448]byte](src, mode)
	}
	return lazyIn[[streamBytes]byte](src, mode)
}

func lazyIn[A any](src string, mode Mode) *Robots {
	f := new(lazyRobots[A])
	room := unsafe.Slice((*byte)(unsafe.Pointer(&f.room)), unsafe.Sizeof(f.room))
	n := copy(room, src)
	f.l.src, f.l.mode = unsafe.String(&room[0], n), mode
	f.r.lazy = &f.l
	return &f.r
}

// first answers the first query of the file, for one crawler, by one pass
// over its text, and reports whether it did: a later query, or one after
// the tables were built, is answered by the tables.
func (l *lazyFile) first(agent, target string) (Decision, bool) {
	if l.built.Load() != nil || l.asked.Load() || !l.asked.CompareAndSwap(false, true) {
		return Decision{}, false
	}
	return streamDecide(l.src, l.mode.dialect(), agent, target)
}

// robots returns the file's tables, built on first use. Callers that
// race wait for one build.
func (l *lazyFile) robots() *Robots {
	if r := l.built.Load(); r != nil {
		return r
	}
	l.once.Do(func() {
		o := Options{Mode: l.mode}
		buf, own := borrowBuffers(len(l.src))
		r := o.parseWith(buf, own, l.src, false, -1, defaultLimits, true)
		if !own {
			returnBuffers(buf)
		}
		l.built.Store(r)
	})
	return l.built.Load()
}
