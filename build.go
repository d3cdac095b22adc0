package robotstxt

// This file builds a file's groups as RFC 9309 section 2.1 forms them:
// user-agent lines open a group, rules join the open one, and groups
// that name the same product token are listed for merging (section
// 2.2.1). It keeps no structure per group beyond where its rules start.

import (
	"cmp"
	"encoding/binary"
	"slices"
)

// builder collects groups line by line (RFC 9309 section 2.1). A group
// starts at a user-agent line that follows a rule, or at the first
// user-agent line; consecutive user-agent lines, with anything but rules
// between them, share a group. Lines that are neither user-agent lines nor
// rules (blank lines, comments, Sitemap, unknown keys) never end a group.
//
// The builder keeps no structure per group beyond where its rules start:
// a file of 500 one-line groups costs a few dozen bytes per group.
type builder struct {
	*buildLists
	d *dialect
	// maxText bounds the bytes of the patterns, of the written forms and
	// of the tokens, each: rules and notes address them with 32-bit
	// offsets (see limits).
	maxText int
	// line is the line of the user-agent line userAgent is given next
	// (the parser sets it): a group keeps the line of its first one.
	line    int32
	sawRule bool // a rule followed the last user-agent line
	star    bool // the open group has a "*" line
	closed  bool // a token did not fit: no more groups or rules are taken
}

// buildLists are the lists a builder grows (see parseBuffers).
type buildLists struct {
	starts []uint32 // group i's rules start at rules[starts[i]]
	rules  []rule   // every rule, each group's contiguous (see Robots.rules)
	// written and writtenText hold the written forms (see ruleText).
	written     []writtenForm
	writtenText []byte
	toks        []token
	tokText     []byte
	// groupLines holds the line of each group's first user-agent line:
	// checks that speak of a whole group put their note there.
	groupLines []uint32
	// arena holds the canonical patterns, back to back.
	arena []byte
	// extIDs and extVals are the groups that have extension records, by
	// group, ascending, and their records.
	extIDs  []uint32
	extVals []groupExt
}

// reset empties l for the next parse (see parseBuffers.reset).
func (l *buildLists) reset() (n int) {
	l.starts = emptied(l.starts, &n)
	l.rules = emptied(l.rules, &n)
	l.written = emptied(l.written, &n)
	l.writtenText = emptied(l.writtenText, &n)
	l.toks = emptied(l.toks, &n)
	l.tokText = emptied(l.tokText, &n)
	l.groupLines = emptied(l.groupLines, &n)
	l.arena = emptied(l.arena, &n)
	l.extIDs = emptied(l.extIDs, &n)
	// The records may hold maps (Content-Signal): cleared, so that a
	// pooled list keeps none alive.
	l.extVals = emptied(cleared(l.extVals), &n)
	return n
}

// userAgent adds a user-agent line, given by its product token ("*" for
// the global group), to the open group, or opens a group. It reports
// false, and takes nothing more, once the file's tokens would exceed
// b.maxText bytes.
func (b *builder) userAgent(tok string) bool {
	if b.closed || len(b.tokText)+len(tok) > b.maxText || len(b.toks) >= b.maxText {
		b.closed = true
		return false
	}
	if len(b.starts) == 0 || b.sawRule {
		b.starts = append(b.starts, uint32(len(b.rules)))
		b.groupLines = append(b.groupLines, uint32(b.line))
		b.sawRule, b.star = false, false
	}
	if tok == "*" {
		if b.star {
			return true // the group is global already
		}
		b.star = true
	}
	b.tokText = append(b.tokText, tok...)
	b.toks = append(b.toks, token{end: uint32(len(b.tokText)), group: uint32(len(b.starts) - 1)})
	return true
}

// addRule compiles a rule into the open group and reports whether there
// was one. Its pattern is copied to the arena and addressed by offset.
// written is the value as the file spells it, given only when that is not
// the pattern itself (a derived rule's is the rule it derives from).
func (b *builder) addRule(pattern, written string, prio uint32, line int32, allow, derived bool) bool {
	if len(b.starts) == 0 || b.closed {
		return false
	}
	// The pattern goes to the arena; a priority that is not the
	// pattern's length goes with the written form, which such a rule
	// always has (see ruleText.prio). Spelt out here rather than in a
	// function of rule.go, which the compiler would not inline: the call
	// and the rule it returned cost 1.5% of the instructions of a parse
	// of a file of rules (the bench module's BenchmarkParse, confex-157KB).
	odd := prio != uint32(len(pattern))
	b.rules = append(b.rules, newRule(uint32(len(b.arena)), uint32(len(pattern)), line, allow, derived, odd))
	b.arena = append(b.arena, pattern...)
	if (written != "" || derived) && (len(b.written) == 0 || b.written[len(b.written)-1].line != line) {
		b.writtenText = append(b.writtenText, written...)
		b.written = append(b.written, writtenForm{line: line, end: uint32(len(b.writtenText)), prio: prio})
	}
	b.sawRule = true
	return true
}

// ext returns the extension record of the open group, adding one if it
// has none. There must be an open group. The record is in a list that
// grows: it is written at once, before the next call.
func (b *builder) ext() *groupExt {
	id := uint32(len(b.starts) - 1)
	if n := len(b.extIDs); n == 0 || b.extIDs[n-1] != id {
		b.extIDs = append(b.extIDs, id)
		b.extVals = append(b.extVals, groupExt{})
	}
	return &b.extVals[len(b.extVals)-1]
}

// blockBytes returns the bytes of the block that finish takes r's tables
// from.
func (b *builder) blockBytes() int {
	ng, nt := len(b.starts), len(b.toks)
	return blockBytes[byte](len(b.arena)) + blockBytes[rule](len(b.rules)) +
		blockBytes[writtenForm](len(b.written)) + blockBytes[byte](len(b.writtenText)) +
		blockBytes[uint32](2*ng+nt) + blockBytes[token](nt) + blockBytes[byte](len(b.tokText))
}

// finish hands the collected groups to r, its tables taken from blk, and
// returns the lines of extension values that disagree within a merged
// group. It sorts the tokens case-insensitively, so that selecting a
// crawler's group is a binary search, and lists each set of several
// groups that one token names (RFC 9309 section 2.2.1: such groups
// merge). A set's Group is made when asked for (see Robots.group).
//
// Its steps are functions of their own: in one, it was the largest
// function of the WebAssembly module, and what V8's optimising compiler
// freed after compiling it made glibc keep megabytes more in its arenas
// (wasm/README.md, "What is left in memory").
func (b *builder) finish(r *Robots, blk *block) (conflicts []int) {
	b.finishText(r, blk)
	b.finishTokens(r, blk)
	var m multiSets // moved to the heap only when a token names several groups
	conflicts, seen := finishSets(r, &m)
	if seen != nil {
		r.multi = &multiSets{ids: trim(m.ids), end: trim(m.end), at: trim(m.at)}
	}
	if pos, ok := r.find("*"); ok {
		r.global = int32(r.setAt(pos) + 1)
	}
	if n := r.sets(); n <= len(r.inline) && blk != nil {
		r.groups = r.inline[:n:n]
	} else {
		r.groups = make(groupTable, n)
	}
	slices.Sort(conflicts)
	return slices.Compact(conflicts)
}

// finishText hands r the rules' patterns, the rules and their written
// forms.
func (b *builder) finishText(r *Robots, blk *block) {
	r.d = b.d // the text itself is not kept: only its patterns, read into the arena
	r.text.arena = carveString(blk, b.arena)
	r.rules = carve(blk, b.rules)
	if len(b.written) > 0 {
		r.text.written = &writtenForms{forms: carve(blk, b.written), text: carveString(blk, b.writtenText)}
	}
}

// finishTokens hands r the groups' starts, lines and extension records
// and the user-agent tokens, sorted case-insensitively.
func (b *builder) finishTokens(r *Robots, blk *block) {
	// The lines are what Robots.FileGroups says of each group.
	ng, nt := len(b.starts), len(b.toks)
	words := take[uint32](blk, 2*ng+nt)
	r.starts = words[:ng:ng]
	copy(r.starts, b.starts)
	r.groupLines = words[ng : 2*ng : 2*ng]
	copy(r.groupLines, b.groupLines)
	r.sorted = words[2*ng:]
	for i := range r.sorted {
		r.sorted[i] = uint32(i)
	}
	r.toks = carve(blk, b.toks)
	r.tokText = carveString(blk, b.tokText)
	slices.SortFunc(r.sorted, func(x, y uint32) int {
		if c := foldCompare(r.tokenText(x), r.tokenText(y)); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	if len(b.extIDs) > 0 {
		r.exts = make([]extAt, len(b.extIDs)) // one allocation however many
		for i, id := range b.extIDs {
			r.exts[i] = extAt{id: id, ext: b.extVals[i]}
		}
	}
}

// finishSets lists, in m, each set of several groups that one of r's
// tokens names, and returns the lines of extension values that disagree
// within such a set; seen is nil when no token names several groups.
func finishSets(r *Robots, m *multiSets) (conflicts []int, seen map[string]uint32) {
	var ids []uint32
	var key []byte
	for lo := 0; lo < len(r.sorted); {
		hi := r.runEnd(lo)
		// Within a run tokens are in file order, so their groups ascend.
		if r.toks[r.sorted[lo]].group != r.toks[r.sorted[hi-1]].group {
			// The set's key is its groups' numbers, 4 octets each.
			ids, key = ids[:0], key[:0]
			for _, t := range r.sorted[lo:hi] {
				if id := r.toks[t].group; len(ids) == 0 || ids[len(ids)-1] != id {
					ids = append(ids, id)
					key = binary.LittleEndian.AppendUint32(key, id)
				}
			}
			k, ok := seen[string(key)] // a look-up by converted bytes does not allocate
			if !ok {
				if seen == nil {
					seen = make(map[string]uint32)
				}
				k = uint32(len(m.end))
				seen[string(key)] = k
				m.ids = append(m.ids, ids...)
				m.end = append(m.end, uint32(len(m.ids)))
				var e groupExt
				for _, id := range ids {
					if x := r.extOf(int(id)); x != nil {
						conflicts = append(conflicts, e.merge(x)...)
					}
				}
			}
			m.at = append(m.at, runSet{pos: uint32(lo), k: k})
		}
		lo = hi
	}
	return conflicts, seen
}

// onceState is what a matcher reads besides the rules, for a decision
// on a builder's lists.
type onceState struct {
	text  ruleText
	forms writtenForms
	c     indexCache
}

// decide decides target for agent over the groups b has built, as
// Robots.Decide does over the tables finish makes of them: the groups
// that name the crawler, or else the global groups. The decision reads
// b's lists, and st holds the matcher's state.
func (b *builder) decide(st *onceState, agent, target string) Decision {
	name, byName := b.d.lookupName(agent)
	var rules []rule
	found := false
	if byName {
		rules, found = b.rulesOf(name)
	}
	if refuses(agent, found) {
		return Decision{Err: agentError{agent}}
	}
	if !found {
		if rules, found = b.rulesOf("*"); !found {
			return Decision{Allowed: true}
		}
	}
	st.text = ruleText{arena: view(b.arena)}
	if len(b.written) > 0 {
		st.forms = writtenForms{forms: b.written, text: view(b.writtenText)}
		st.text.written = &st.forms
	}
	m := matcher{d: b.d, text: &st.text, rules: rules}
	if len(rules) >= groupless { // as Robots.Decide scans a small group
		m.c = &st.c
		st.c.countStars(&st.text, rules)
	}
	return m.decision(target)
}

// rulesOf returns the rules of the groups that have a user-agent line of
// name (ignoring ASCII case, as groupSets.find compares), merged as
// Robots.Group merges them (see unionRules), and whether there is one.
func (b *builder) rulesOf(name string) (rules []rule, found bool) {
	var room [8]int // the groups of most names: no allocation
	ids := room[:0]
	for i := range b.toks { // in file order: groups ascend
		if id := int(b.toks[i].group); (len(ids) == 0 || ids[len(ids)-1] != id) && b.tokenIs(i, name) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil, false
	}
	rules, _ = unionRules(b.rules, b.starts, ids)
	return rules, true
}

// tokenIs reports whether token i is name, ignoring ASCII case, as
// groupSets.find compares them.
func (b *builder) tokenIs(i int, name string) bool {
	return foldCompare(view(b.tokText[tokenStart(b.toks, i):b.toks[i].end]), name) == 0
}
