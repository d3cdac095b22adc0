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
	d     *dialect
	arena patternArena // the canonical patterns, back to back
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
	own     bool // the lists are the parse's own, not pooled (see borrowBuffers)
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
	// arena is room for a small file's patterns (see builder.arena).
	arena []byte
	// extIDs and extVals are the groups that have extension records, by
	// group, ascending, and their records.
	extIDs  []uint32
	extVals []groupExt
}

// reset empties l for the next parse (see parseBuffers.reset).
func (l *buildLists) reset() (n int) {
	*l = buildLists{
		starts:      emptied(l.starts, &n),
		rules:       emptied(l.rules, &n),
		written:     emptied(l.written, &n),
		writtenText: emptied(l.writtenText, &n),
		toks:        emptied(l.toks, &n),
		tokText:     emptied(l.tokText, &n),
		groupLines:  emptied(l.groupLines, &n),
		arena:       emptied(l.arena, &n),
		extIDs:      emptied(l.extIDs, &n),
		// The records may hold maps (Content-Signal): cleared, so that a
		// pooled list keeps none alive.
		extVals: emptied(cleared(l.extVals), &n),
	}
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
	// of a file of rules (BenchmarkParse, confex).
	odd := prio != uint32(len(pattern))
	b.rules = append(b.rules, newRule(uint32(b.arena.Len()), uint32(len(pattern)), line, allow, derived, odd))
	b.arena.WriteString(pattern)
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

// keepExts returns r's list of extension records, copied out of the
// builder's: in r's smallParts when there is room, else in two
// allocations, however many records there are.
func (b *builder) keepExts(r *Robots) []extAt {
	n := len(b.extIDs)
	if n == 0 {
		return nil
	}
	var exts []extAt
	var vals []groupExt
	if s := r.small; s != nil && s.extra != nil && n <= len(s.extra.exts) {
		exts, vals = s.extra.exts[:n:n], s.extra.extVals[:n:n]
	} else {
		exts, vals = make([]extAt, n), make([]groupExt, n)
	}
	copy(vals, b.extVals)
	for i, id := range b.extIDs {
		exts[i] = extAt{id: id, ext: &vals[i]}
	}
	return exts
}

// finish hands the collected groups to r and returns the lines of
// extension values that disagree within a merged group. It sorts the
// tokens case-insensitively, so that selecting a crawler's group is a
// binary search, and lists each set of several groups that one token
// names (RFC 9309 section 2.2.1: such groups merge). No Group is built
// here: each is built on first use (see groupOf), so a file of many groups
// costs memory only for the groups crawlers ask for.
//
// A small file's tables are copied into s (see slab); s is nil otherwise.
//
// Its steps are functions of their own: in one, it was the largest
// function of the WebAssembly module, and what V8's optimising compiler
// freed after compiling it made glibc keep megabytes more in its arenas
// (wasm/README.md, "What is left in memory").
func (b *builder) finish(r *Robots, s *slab) (conflicts []int) {
	b.finishText(r, s)
	b.finishTokens(r, s)
	var m multiSets // moved to the heap only when a token names several groups
	conflicts, seen := finishSets(r, &m)
	sets := len(r.starts)
	if seen != nil {
		r.multi = &multiSets{ids: trim(m.ids), end: trim(m.end), at: trim(m.at)}
		sets += len(m.end)
	}
	if pos, ok := r.find("*"); ok {
		r.global = int32(r.setAt(pos) + 1)
	}
	r.cache = groupTable(r, sets)
	slices.Sort(conflicts)
	return slices.Compact(conflicts)
}

// finishText hands r the rules' patterns, the rules and their written
// forms.
func (b *builder) finishText(r *Robots, s *slab) {
	// The patterns are copied out of the file's text as they are read, so
	// the text (comments, keys and all) is not retained; the rest is
	// copied out of the parse's pooled buffers (see parseBuffers), or kept
	// as it is when they were the parse's own.
	r.d = b.d
	if r.text == nil {
		r.text = new(ruleText)
	}
	switch {
	case s != nil:
		r.text.arena = carveString(s, b.arena.view())
		r.rules = carve(s, b.rules)
	case b.own:
		r.text.arena = b.arena.String()
		r.rules = trim(b.rules)
	default:
		r.text.arena = b.arena.String()
		r.rules = keep(b.rules)
	}
	if b.arena.isPooled {
		b.buildLists.arena = b.arena.pooled[:0] // its room, grown, for the next parse
	}
	if len(b.written) > 0 {
		w := newWrittenForms(r)
		switch {
		case s != nil:
			*w = writtenForms{forms: carve(s, b.written), text: carveString(s, b.writtenText)}
		case b.own:
			// Kept as they are, as the rules are: in a file whose every
			// rule has a written form they are as large as its patterns
			// (BenchmarkParseDollarInside, RFC mode).
			*w = writtenForms{forms: trim(b.written), text: view(trim(b.writtenText))}
		default:
			*w = writtenForms{forms: keep(b.written), text: string(b.writtenText)}
		}
		r.text.written = w
	}
}

// finishTokens hands r the groups' starts and lines and the user-agent
// tokens, sorted case-insensitively.
func (b *builder) finishTokens(r *Robots, s *slab) {
	// The groups' starts and lines and the sorted tokens share one
	// allocation: a file of one group would otherwise make one for each
	// few words (BenchmarkParse, allocations). The lines are what
	// Robots.FileGroups says of each group.
	ng, nt := len(b.starts), len(b.toks)
	words := take[uint32](s, 2*ng+nt)
	r.starts = words[:ng:ng]
	copy(r.starts, b.starts)
	r.groupLines = words[ng : 2*ng : 2*ng]
	copy(r.groupLines, b.groupLines)
	r.sorted = words[2*ng:]
	for i := range r.sorted {
		r.sorted[i] = uint32(i)
	}
	r.toks = carve(s, b.toks)
	r.exts = b.keepExts(r)
	if s != nil {
		r.tokText = carveString(s, b.tokText)
	} else {
		r.tokText = string(b.tokText)
	}
	slices.SortFunc(r.sorted, func(x, y uint32) int {
		if c := foldCompare(r.tokenText(x), r.tokenText(y)); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
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
			ids = ids[:0]
			for _, t := range r.sorted[lo:hi] {
				if id := r.toks[t].group; len(ids) == 0 || ids[len(ids)-1] != id {
					ids = append(ids, id)
				}
			}
			key = appendIDs(key[:0], ids)
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

// appendIDs appends a key for a list of groups to b.
func appendIDs(b []byte, ids []uint32) []byte {
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, id)
	}
	return b
}
