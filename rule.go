package robotstxt

// This file holds the compiled form of an allow or disallow rule and its
// packed layout, the priority RFC 9309 section 2.2.2 gives it, and the
// text its patterns and written forms share: the arena a parse writes
// the patterns into, and the limits of the 32-bit offsets into it. No
// other file knows the layout.

import (
	"cmp"
	"math"
	"slices"
)

// rule is a compiled allow or disallow line. Its pattern is a window of the
// file's text arena rather than a string of its own, and its line shares a
// word with its flags: this keeps a rule at 12 bytes, and a corpus file's
// parse at a median 1.19 times its size in memory, 2.02 at most
// (BenchmarkRetainedCorpus; see BenchmarkTricks/rule-layout).
//
// A rule's priority (RFC 9309 section 2.2.2) is its pattern's length, except
// where RFC mode escaped a literal '$' inside the pattern: "%24" then counts
// as the one octet written. Such a rule is marked odd, and its priority is
// kept beside its written form, which it always has (see ruleText.prio).
type rule struct {
	off, n uint32 // the canonical pattern is text.arena[off : off+n]
	meta   uint32 // the line, shifted by lineShift, and the flag bits
}

// The bits of rule.meta below the line number. All knowledge of the
// layout is in this file.
const (
	allowBit   = 1 << iota // an allow rule; otherwise a disallow rule
	derivedBit             // added by Google's index.html rule (see dialect)
	oddBit                 // the priority is not n (see ruleText.prio)
	lineShift  = iota      // the line number takes the bits above the flags
)

// maxRuleLine is the largest line number a rule can keep beside its flags.
const maxRuleLine = 1<<(32-lineShift) - 1

func newRule(off, n uint32, line int32, allow, derived, odd bool) rule {
	meta := uint32(line) << lineShift
	if odd {
		meta |= oddBit
	}
	if derived {
		meta |= derivedBit
	}
	if allow {
		meta |= allowBit
	}
	return rule{off: off, n: n, meta: meta}
}

// allow reports whether r is an allow rule.
func (r *rule) allow() bool { return r.meta&allowBit != 0 }

// allows reports whether r, deciding a path, allows it: an allow rule,
// or the empty pattern, which decides with priority 0 in Google mode
// (see dialect.emptyMatches). No other rule has priority 0: an odd one
// counts at least the octet it escapes.
func (r *rule) allows() bool { return r.allow() || r.n == 0 }

// derived reports whether r was added by Google's index.html rule.
func (r *rule) derived() bool { return r.meta&derivedBit != 0 }

// line returns r's 1-based line number.
func (r *rule) line() int32 { return int32(r.meta >> lineShift) }

// prio returns r's priority: the length of its pattern as RFC 9309
// section 2.2.2 counts it.
//
// An odd rule's priority is kept with its written form rather than in
// the rule: such rules are rare (2 of the corpus's 73,360 rules), and a
// priority field in every rule (12 bytes to 16) made a parsed corpus
// file keep 12% more at the median (BenchmarkRetainedCorpus, 1.28 to
// 1.44 times the file). Keeping it in the arena after the pattern, as
// once done, parsed no faster and made the arena outgrow its reserved
// room on a file of such rules (BenchmarkParseDollarInside).
func (t *ruleText) prio(r *rule) uint32 {
	if r.meta&oddBit == 0 {
		return r.n
	}
	if i, ok := t.formAt(r.line()); ok {
		return t.written.forms[i].prio
	}
	return r.n // not reached: an odd rule has a written form
}

// ruleText holds what all groups of a file share: the canonical patterns,
// back to back, and the written form of the rules whose written form
// differs from the canonical one (most files have none).
type ruleText struct {
	arena   string
	written *writtenForms // nil when there are none
}

// writtenForms holds written forms of rules, back to back, by line.
type writtenForms struct {
	forms []writtenForm // by line, ascending
	text  string
}

// writtenForm says that the rule of line has the written form that ends
// at end in writtenForms.text (and starts where the previous one ends),
// and the priority that form gives it (see ruleText.prio).
type writtenForm struct {
	line int32
	end  uint32
	prio uint32
}

func (t *ruleText) pattern(r *rule) string { return t.arena[r.off : r.off+r.n] }

// matches reports whether r matches a canonical path (patternMatches).
// An empty pattern matches nothing in RFC mode; emptyMatches lets it
// match every path, as Google's library does (dialect.emptyMatches).
func (t *ruleText) matches(r *rule, path string, emptyMatches bool) bool {
	return patternMatches(t.pattern(r), path, emptyMatches)
}

// writtenAt returns the written form of the rule of line, when it differs
// from the canonical one.
func (t *ruleText) writtenAt(line int32) (string, bool) {
	i, ok := t.formAt(line)
	if !ok {
		return "", false
	}
	w := t.written
	start := uint32(0)
	if i > 0 {
		start = w.forms[i-1].end
	}
	return w.text[start:w.forms[i].end], true
}

// formAt returns the index of the written form of the rule of line.
func (t *ruleText) formAt(line int32) (int, bool) {
	if t.written == nil {
		return 0, false
	}
	return slices.BinarySearchFunc(t.written.forms, line, func(f writtenForm, line int32) int { return cmp.Compare(f.line, line) })
}

// writtenText returns the text of t's written forms.
func (t *ruleText) writtenText() string {
	if t.written == nil {
		return ""
	}
	return t.written.text
}

// better reports whether a decides a path over b, both matching it: the
// longer pattern, then allow over disallow (RFC 9309 section 2.2.2), then
// the earlier line, which is the one Google's library reports. No two
// rules tie on all three (a rule derived from another has another length).
func (t *ruleText) better(a, b *rule) bool {
	if pa, pb := t.prio(a), t.prio(b); pa != pb {
		return pa > pb
	}
	if a.allow() != b.allow() {
		return a.allow()
	}
	return a.line() < b.line()
}

func (t *ruleText) compareRules(a, b rule) int {
	switch {
	case t.better(&a, &b):
		return -1
	case t.better(&b, &a):
		return 1
	}
	return 0
}

// limits bound what one parse reads and keeps. They are far past what a
// file within the size limit can reach: only a file parsed without one
// meets them, and each is reported when it does. Tests parse with lower
// ones (see Options.parse).
type limits struct {
	// text bounds the bytes of each of a file's texts that are addressed
	// with 32-bit offsets: the canonical patterns, the written forms, the
	// user-agent tokens, the records' text and the notes' arguments.
	text int
	// lines bounds the lines read: a rule keeps its line number in the
	// bits its flags leave (see rule), and a note in 32 bits.
	lines int
}

var defaultLimits = limits{text: min(math.MaxUint32, math.MaxInt), lines: maxRuleLine}
