package robotstxt

// This file implements the grouping rules of RFC 9309 section 2.1 and
// section 2.2.1: which lines form a group, which group a crawler obeys, and
// how groups for the same product token merge.

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// A Group is the set of rules one crawler obeys in one robots.txt file: the
// merged rules of every group naming one of its product tokens, or of the
// global "*" groups when none does. It is immutable and safe for concurrent
// use; a nil *Group allows everything.
type Group struct {
	once        sync.Once // orders the rules and builds the index on first use
	set         int32     // the set of the file's groups g is (see setIDs); -1: a union
	ext         *groupExt // nil when there are none
	fileSignals map[string]bool
	text        *ruleText
	rules       []rule  // in the order compile gives them
	index       []entry // nil for small groups
	agents      []string
}

// Agents returns the product tokens that select g, as first written in
// the file, and "*" when g is the global group.
func (g *Group) Agents() []string {
	if g == nil {
		return nil
	}
	return slices.Clone(g.agents)
}

// Rules returns g's allow and disallow rules in file order. Google's
// index.html rule adds no entries here: it changes how a rule matches, not
// what the file says.
func (g *Group) Rules() []Rule {
	if g == nil {
		return nil
	}
	g.prepare()
	out := make([]Rule, 0, len(g.rules))
	for i := range g.rules {
		if r := &g.rules[i]; !r.derived() {
			out = append(out, g.public(r))
		}
	}
	slices.SortStableFunc(out, func(a, b Rule) int { return a.Line - b.Line })
	return out
}

// Allowed reports whether the crawler g belongs to may fetch target, an
// absolute URL or a path with an optional query (the fragment is ignored).
// It allocates nothing for a target whose path is already in canonical
// form.
func (g *Group) Allowed(target string) bool {
	if g == nil {
		return true
	}
	allowed, _ := g.match(target)
	return allowed
}

// Decide is [Group.Allowed] that also says which rule decided.
func (g *Group) Decide(target string) Decision {
	if g == nil {
		return Decision{Allowed: true}
	}
	allowed, r := g.match(target)
	d := Decision{Allowed: allowed}
	if r != nil {
		pr := g.public(r)
		d.Rule = &pr
	}
	return d
}

func (g *Group) match(target string) (bool, *rule) {
	path := targetPath(target)
	if g.text.mode == RFC {
		path, _ = normalizeRFC(path, false)
		if isRobotsTxt(path) {
			return true, nil
		}
	}
	r := g.decide(path)
	if r == nil {
		return true, nil
	}
	return r.allow() || g.text.prio(r) == 0, r
}

func (g *Group) public(r *rule) Rule {
	w, ok := g.text.writtenAt(r.line())
	if !ok {
		w = g.text.pattern(r)
	}
	return Rule{Allow: r.allow(), Pattern: w, Line: int(r.line())}
}

// token is the product token of one user-agent line ("*" for the global
// group), as written: the file's tokens are stored back to back in one
// string, in file order.
type token struct {
	end   uint32 // the token is tokText[end of the previous one : end]
	group uint32 // the file's group whose line it is
}

// extAt is the extension record of the file's group id.
type extAt struct {
	id  uint32
	ext *groupExt
}

// builder collects groups line by line (RFC 9309 section 2.1). A group
// starts at a user-agent line that follows a rule, or at the first
// user-agent line; consecutive user-agent lines, with anything but rules
// between them, share a group. Lines that are neither user-agent lines nor
// rules (blank lines, comments, Sitemap, unknown keys) never end a group.
//
// The builder keeps no structure per group beyond where its rules start:
// a file of 500 one-line groups costs a few dozen bytes per group.
type builder struct {
	mode   Mode
	starts []uint32        // group i's rules start at rules[starts[i]]
	rules  []rule          // every rule in file order: a group's rules are contiguous
	arena  strings.Builder // the canonical patterns, back to back
	// written and writtenText hold the written forms (see ruleText).
	written     []writtenForm
	writtenText []byte
	sawRule     bool // a rule followed the last user-agent line
	star        bool // the open group has a "*" line
	closed      bool // a token did not fit: no more groups or rules are taken
	donate      bool // finish may keep the rules as they are (see parse)
	toks        []token
	tokText     []byte
	exts        []extAt // by group, ascending
}

// userAgent adds a user-agent line, given by its product token ("*" for
// the global group), to the open group, or opens a group. It reports
// false, and takes nothing more, once the file's tokens would exceed
// maxPatternText bytes.
func (b *builder) userAgent(tok string) bool {
	if b.closed || len(b.tokText)+len(tok) > maxPatternText || len(b.toks) >= maxPatternText {
		b.closed = true
		return false
	}
	if len(b.starts) == 0 || b.sawRule {
		b.starts = append(b.starts, uint32(len(b.rules)))
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
	odd := prio != uint32(len(pattern))
	b.rules = append(b.rules, newRule(uint32(b.arena.Len()), uint32(len(pattern)), line, allow, derived, odd))
	b.arena.WriteString(pattern)
	if odd {
		b.arena.Write([]byte{byte(prio), byte(prio >> 8), byte(prio >> 16), byte(prio >> 24)})
	}
	if (written != "" || derived) && (len(b.written) == 0 || b.written[len(b.written)-1].line != line) {
		b.writtenText = append(b.writtenText, written...)
		b.written = append(b.written, writtenForm{line: line, end: uint32(len(b.writtenText))})
	}
	b.sawRule = true
	return true
}

// ext returns the extension record of the open group, adding one if it
// has none. There must be an open group.
func (b *builder) ext() *groupExt {
	id := uint32(len(b.starts) - 1)
	if n := len(b.exts); n == 0 || b.exts[n-1].id != id {
		b.exts = append(b.exts, extAt{id: id, ext: new(groupExt)})
	}
	return b.exts[len(b.exts)-1].ext
}

// isGlobalAgent reports whether a user-agent value names every crawler:
// "*" alone or followed by whitespace. Google's parser reads "* FooBot" as
// the global group too, and so does RFC mode, since no product token can
// contain '*' or a space.
func isGlobalAgent(v string) bool {
	return len(v) > 0 && v[0] == '*' && (len(v) == 1 || isSpace(v[1]))
}

// ProductToken returns the product token at the start of a user-agent
// value: its leading run of letters, '-' and '_' (RFC 9309 section 2.2.1).
// "Googlebot/2.1" gives "Googlebot" and "FooBot2" gives "FooBot"; a value
// that starts with another character gives "".
func ProductToken(value string) string {
	for i := 0; i < len(value); i++ {
		if !isTokenChar(value[i]) {
			return value[:i]
		}
	}
	return value
}

func isTokenChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// IsValidProductToken reports whether token is a product token a crawler
// may identify itself with: one or more letters, '-' and '_' only
// (RFC 9309 section 2.2.1).
func IsValidProductToken(token string) bool {
	return token != "" && ProductToken(token) == token
}

// finish hands the collected groups to r and returns the lines of
// extension values that disagree within a merged group. It sorts the
// tokens case-insensitively, so that selecting a crawler's group is a
// binary search, and lists each set of several groups that one token
// names (RFC 9309 section 2.2.1: such groups merge). No Group is built
// here: each is built on first use (see groupOf), so a file of many groups
// costs memory only for the groups crawlers ask for.
func (b *builder) finish(r *Robots) (conflicts []int) {
	// The patterns are copied out of the file's text as they are read, so
	// the text (comments, keys and all) is not retained; the rest is
	// copied out of the parse's pooled buffers (see parseBuffers), or kept
	// as it is when they were the parse's own.
	r.text = &ruleText{mode: b.mode, arena: builderString(&b.arena)}
	if b.donate {
		r.rules = trim(b.rules)
	} else {
		r.rules = keep(b.rules)
	}
	if len(b.written) > 0 {
		r.text.written = &writtenForms{forms: keep(b.written), text: string(b.writtenText)}
	}
	r.starts = keep(b.starts)
	r.toks = keep(b.toks)
	r.exts = trim(b.exts)
	r.tokText = string(b.tokText)
	r.sorted = make([]uint32, len(r.toks))
	for i := range r.sorted {
		r.sorted[i] = uint32(i)
	}
	slices.SortFunc(r.sorted, func(x, y uint32) int {
		if c := foldCompare(r.tokenText(x), r.tokenText(y)); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	var seen map[string]uint32
	var ids []uint32
	var key []byte
	var m multiSets
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
	sets := len(r.starts)
	if seen != nil {
		m.ids, m.end, m.at = trim(m.ids), trim(m.end), trim(m.at)
		r.multi = &m
		sets += len(m.end)
	}
	if pos, ok := r.find("*"); ok {
		r.global = int32(r.setAt(pos) + 1)
	}
	r.cache = make([]atomic.Pointer[Group], sets)
	slices.Sort(conflicts)
	return slices.Compact(conflicts)
}

// trim returns s without the spare room that append or an estimate left
// in it, unless that is at most a quarter of s: a parsed file keeps little
// room, and a nearly full slice is not copied (BenchmarkParse).
func trim[S ~[]E, E any](s S) S {
	if cap(s)-len(s) > len(s)/4 {
		return slices.Clone(s)
	}
	return s
}

// The groups of a file are addressed by set: set i < len(r.starts) is the
// file's group i alone, and set len(r.starts)+k is the merge of several
// groups, the k-th such list in r.multi. Every token selects one set,
// and every set has at most one Group, built on first use and kept in
// r.cache.

// multiSets lists the sets of several groups: their groups back to back,
// where each list ends, and the token runs of Robots.sorted that select
// them.
type multiSets struct {
	ids []uint32
	end []uint32
	at  []runSet

	// merged holds, for each of the file's groups, the exclusive set of
	// several groups it belongs to, or -1 (see exclusiveSet). It is built
	// on first use, once, so that asking costs no more than a look-up.
	once   sync.Once
	merged []int32
}

// span returns where set k's groups are in m.ids.
func (m *multiSets) span(k int) (start, end uint32) {
	if k > 0 {
		start = m.end[k-1]
	}
	return start, m.end[k]
}

// runSet says that the token run starting at position pos of r.sorted
// selects the k-th set of several groups.
type runSet struct{ pos, k uint32 }

// tokenText returns the file's token i as written.
func (r *Robots) tokenText(i uint32) string {
	start := uint32(0)
	if i > 0 {
		start = r.toks[i-1].end
	}
	return r.tokText[start:r.toks[i].end]
}

// find returns the position in r.sorted of the first token that equals
// key, ignoring ASCII case, and whether there is one. It allocates
// nothing.
func (r *Robots) find(key string) (int, bool) {
	lo, hi := 0, len(r.sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if foldCompare(r.tokenText(r.sorted[m]), key) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(r.sorted) && foldCompare(r.tokenText(r.sorted[lo]), key) == 0
}

// runEnd returns the end of the run of equal tokens in r.sorted that
// starts at lo.
func (r *Robots) runEnd(lo int) int {
	key := r.tokenText(r.sorted[lo])
	hi := lo + 1
	for hi < len(r.sorted) && foldCompare(r.tokenText(r.sorted[hi]), key) == 0 {
		hi++
	}
	return hi
}

// setAt returns the set selected by the token run that starts at pos.
func (r *Robots) setAt(pos int) int {
	if m := r.multi; m != nil {
		if i, ok := slices.BinarySearchFunc(m.at, uint32(pos), func(s runSet, pos uint32) int { return cmp.Compare(s.pos, pos) }); ok {
			return len(r.starts) + int(m.at[i].k)
		}
	}
	return int(r.toks[r.sorted[pos]].group)
}

// setIDs returns the file's groups in set, ascending.
func (r *Robots) setIDs(set int) []int {
	if set < len(r.starts) {
		return []int{set}
	}
	start, end := r.multi.span(set - len(r.starts))
	ids := make([]int, 0, end-start)
	for _, id := range r.multi.ids[start:end] {
		ids = append(ids, int(id))
	}
	return ids
}

// groupRules returns the window of r.rules that holds the file's group
// id's rules.
func (r *Robots) groupRules(id int) []rule {
	end := len(r.rules)
	if id+1 < len(r.starts) {
		end = int(r.starts[id+1])
	}
	return r.rules[r.starts[id]:end:end]
}

// groupTokens returns the range of r.toks that holds the user-agent lines
// of the file's group id.
func (r *Robots) groupTokens(id int) (lo, hi int) {
	lo, _ = slices.BinarySearchFunc(r.toks, uint32(id), func(t token, id uint32) int { return cmp.Compare(t.group, id) })
	hi = lo
	for hi < len(r.toks) && r.toks[hi].group == uint32(id) {
		hi++
	}
	return lo, hi
}

// extOf returns the extension record of the file's group id, or nil.
func (r *Robots) extOf(id int) *groupExt {
	i, ok := slices.BinarySearchFunc(r.exts, uint32(id), func(e extAt, id uint32) int { return cmp.Compare(e.id, id) })
	if !ok {
		return nil
	}
	return r.exts[i].ext
}

// groupOf returns the Group of set, building it on first use. Builders
// that race build one each; one is kept, and only the kept one is ever
// prepared, so the loser's view of the rules is never written through.
func (r *Robots) groupOf(set int) *Group {
	p := &r.cache[set]
	if g := p.Load(); g != nil {
		return g
	}
	g := new(Group)
	ids := r.setIDs(set)
	r.fill(g, set, ids, true)
	g.mergeExt(r, ids)
	// The group is named by the tokens that select it, each as first
	// written, in file order.
	for _, id := range ids {
		lo, hi := r.groupTokens(id)
		for t := lo; t < hi; t++ {
			name := r.tokenText(uint32(t))
			pos, _ := r.find(name)
			if r.sorted[pos] == uint32(t) && r.setAt(pos) == set {
				g.agents = append(g.agents, name)
			}
		}
	}
	if p.CompareAndSwap(nil, g) {
		return g
	}
	return p.Load()
}

// tokenSet returns the set that the file's token t selects.
func (r *Robots) tokenSet(t int) int {
	pos, _ := r.find(r.tokenText(uint32(t)))
	return r.setAt(pos)
}

// owner returns the set whose Group orders the file's group id's window
// of r.rules in place, if any: the group alone, when some token selects
// just it, or a set of several groups that owns its window (see
// ownsWindow). Other readers of the window go through rawRules.
func (r *Robots) owner(id int) (set int, ok bool) {
	lo, hi := r.groupTokens(id)
	for t := lo; t < hi; t++ {
		if r.tokenSet(t) == id {
			return id, true
		}
	}
	if set, ok := r.exclusiveSet(id); ok && r.ownsWindow(set) {
		return set, true
	}
	return -1, false
}

// exclusiveSet returns the set of several groups that every token of the
// file's group id selects, when every token of each of those groups
// selects it too: the groups then merge for every crawler that obeys any
// of them, and no other set holds them.
func (r *Robots) exclusiveSet(id int) (set int, ok bool) {
	m := r.multi
	if m == nil {
		return -1, false
	}
	m.once.Do(func() { m.merged = r.mergedSets() })
	if s := m.merged[id]; s >= 0 {
		return int(s), true
	}
	return -1, false
}

// mergedSets computes multiSets.merged: a group's tokens all selecting one
// set of several groups make it a candidate, and a set is exclusive when
// all its groups are candidates for it.
func (r *Robots) mergedSets() []int32 {
	merged := make([]int32, len(r.starts))
	for id := range merged {
		merged[id] = -1
	}
	for t := range r.toks {
		id, s := r.toks[t].group, int32(r.tokenSet(t))
		switch {
		case t == 0 || r.toks[t-1].group != id: // the group's first token
			merged[id] = s
		case merged[id] != s:
			merged[id] = -2 // tokens that select different sets
		}
	}
	m := r.multi
	for k := range m.end {
		set := int32(len(r.starts) + k)
		start, end := m.span(k)
		exclusive := true
		for _, id := range m.ids[start:end] {
			exclusive = exclusive && merged[id] == set
		}
		if !exclusive {
			for _, id := range m.ids[start:end] {
				if merged[id] == set {
					merged[id] = -2
				}
			}
		}
	}
	for id, s := range merged {
		if int(s) < len(r.starts) {
			merged[id] = -1 // mixed, or a group alone
		}
	}
	return merged
}

// ownsWindow reports whether set, a set of several groups, can order
// their rules in place as one window: the set is exclusive (see
// exclusiveSet), so no other Group reads them, and its groups follow one
// another in the file (a file that repeats "User-agent: *", say), so
// their windows are one.
func (r *Robots) ownsWindow(set int) bool {
	start, end := r.multi.span(set - len(r.starts))
	first, last := r.multi.ids[start], r.multi.ids[end-1]
	if last-first != end-start-1 { // the groups ascend, so this says they follow one another
		return false
	}
	s, ok := r.exclusiveSet(int(first))
	return ok && s == set
}

// setRules returns the window of r.rules that holds the rules of the
// groups ids, which follow one another.
func (r *Robots) setRules(ids []int) []rule {
	start := int(r.starts[ids[0]])
	end := int(r.starts[ids[len(ids)-1]]) + len(r.groupRules(ids[len(ids)-1]))
	return r.rules[start:end:end]
}

// mergeExt combines the extension records of g's groups, ids.
func (g *Group) mergeExt(r *Robots, ids []int) {
	g.fileSignals = r.fileRecs().signals
	if len(ids) == 1 {
		g.ext = r.extOf(ids[0]) // nothing to merge; never written after parsing
		return
	}
	g.ext = nil
	for _, id := range ids {
		e := r.extOf(id)
		if e == nil {
			continue
		}
		if g.ext == nil {
			g.ext = new(groupExt)
		}
		g.ext.merge(e)
	}
}

// neverDecides adds a note for each rule of each group that another rule
// of the same group (or of the groups merged with it for every crawler
// that obeys it) outranks on every path: patterns that match the same paths
// (the same pattern, or one that differs only by trailing '*'s) where the
// other is longer, or as long and an allow. Such a rule can never decide;
// its author usually meant something else. It runs when the diagnostics
// are first asked for, not at parse time.
func (r *Robots) neverDecides() {
	w := noteWriter{notes: r.notes}
	defer func() { r.notes = w.notes }()
	var done []bool // groups read with the others of their exclusive set
	for id := range r.starts {
		if done != nil && done[id] {
			continue
		}
		var rules []rule
		if set, ok := r.exclusiveSet(id); ok {
			// Groups that merge for every crawler that obeys any of them
			// are read as one: their Group holds all their rules.
			g := r.groupOf(set)
			g.prepare()
			rules = g.rules
			if done == nil {
				done = make([]bool, len(r.starts))
			}
			for _, m := range r.setIDs(set) {
				done[m] = true
			}
		} else {
			rules = r.rawRules(id)
		}
		best := make(map[string]*rule)
		for i := range rules {
			rl := &rules[i]
			key := matchKey(r.text.pattern(rl))
			if rl.derived() || key == "" {
				continue // the empty pattern and "*": nothing to say
			}
			if old, ok := best[key]; !ok || r.text.better(rl, old) {
				best[key] = rl
			}
		}
		for i := range rules {
			rl := &rules[i]
			p := r.text.pattern(rl)
			key := matchKey(p)
			if rl.derived() || key == "" || best[key] == rl {
				continue
			}
			b := best[key]
			format := "this rule never decides: line %d has the same paths as it and outranks it (RFC 9309 section 2.2.2)"
			switch {
			case b.allow() == rl.allow() && r.text.pattern(b) == p:
				format = "this rule repeats line %d"
			case r.text.pattern(b) == p:
				format = "this rule never decides: line %d has the same pattern and outranks it (RFC 9309 section 2.2.2)"
			}
			w.add(int(rl.line()), Warning, CodeNeverDecides, format, int(b.line()))
		}
	}
}

// matchKey returns a key shared by patterns that match the same paths:
// trailing '*'s (and a '$' right after them) change nothing.
func matchKey(p string) string {
	p = strings.TrimSuffix(p, "*$")
	return strings.TrimRight(p, "*")
}

// rawRules returns the rules of the file's group id, in some order, or,
// when the group shares a window with others (see ownsWindow), the rules
// of that window. A window that a Group orders in place is read only once
// that is done.
func (r *Robots) rawRules(id int) []rule {
	if set, ok := r.owner(id); ok {
		r.groupOf(set).prepare()
	}
	return r.groupRules(id)
}

// fill makes g the group of the file's groups ids (ascending), which are
// set (-1 for a union of sets). With own, g is the one Group of set; it then shares the window of
// its rules instead of copying them when it is alone or owns the window
// (see ownsWindow), and orders it in place on first use: the file order
// is kept in each rule's line, and other readers of the window go through
// rawRules, which waits for that.
func (r *Robots) fill(g *Group, set int, ids []int, own bool) {
	g.text, g.set = r.text, int32(set)
	if own && (len(ids) == 1 || r.ownsWindow(set)) {
		g.rules = r.setRules(ids)
		return
	}
	n := 0
	for _, id := range ids {
		n += len(r.groupRules(id))
	}
	g.rules = make([]rule, 0, n)
	for _, id := range ids {
		g.rules = append(g.rules, r.rawRules(id)...)
	}
}

// appendIDs appends a key for a list of groups to b.
func appendIDs(b []byte, ids []uint32) []byte {
	for _, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, id)
	}
	return b
}

// foldCompare compares a and b as if both were lower-cased (ASCII letters
// only, as asciiLower does).
func foldCompare(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return int(x) - int(y)
		}
	}
	return len(a) - len(b)
}

// lookup returns the group for one product token, comparing tokens
// case-insensitively and exactly (RFC 9309 section 2.2.1): a "foo" group
// never applies to "foobot". "*" names no crawler: it finds nothing, so
// that the global group applies only when no token matches. After a
// token's first look-up it allocates nothing.
func (r *Robots) lookup(agent string) *Group {
	if agent == "*" {
		return nil
	}
	pos, ok := r.find(agent)
	if !ok {
		return nil
	}
	return r.groupOf(r.setAt(pos))
}

// asciiLower lower-cases ASCII letters only: product tokens are ASCII, and
// Unicode case folding could make a non-ASCII agent equal to one.
func asciiLower(s string) string {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// builderString returns the text of a strings.Builder, which neither
// zeroes the room it grows into nor copies its bytes to give them as a
// string. They are copied only to drop spare room (reserve's estimate is
// rough, and a builder doubles as it grows): when it is over half of the
// text, or over an eighth of a small builder, whose copy costs next to
// nothing. Patterns are most of a typical large file, whose arena is then
// kept as it is.
func builderString(b *strings.Builder) string {
	n, spare := b.Len(), b.Cap()-b.Len()
	if spare > n/2 || b.Cap() <= 8<<10 && spare > n/8 {
		return strings.Clone(b.String())
	}
	return b.String()
}

// keep returns a copy of s, or nil when s is empty: what a parsed file
// keeps of a parse's pooled buffers (see parseBuffers) is copied out at
// its length, and never shares their memory.
func keep[S ~[]E, E any](s S) S {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(s)
}
