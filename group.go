package robotstxt

// This file implements the grouping rules of RFC 9309 section 2.1 and
// section 2.2.1: which lines form a group, which group a crawler obeys, and
// how groups for the same product token merge.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// A Group is the set of rules one crawler obeys in one robots.txt file: the
// merged rules of every group naming one of its product tokens, or of the
// global "*" groups when none does. It is immutable and safe for concurrent
// use; a nil *Group allows everything.
type Group struct {
	once        sync.Once // orders the rules and builds the index on first use
	mode        Mode
	ext         *groupExt // nil when there are none
	fileSignals map[string]bool
	text        *ruleText
	rules       []rule  // in the order compile gives them
	index       []entry // nil for small groups
	ids         []int   // the file's groups merged into this one, ascending
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
		if r := &g.rules[i]; !r.derived {
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
	if g.mode == RFC {
		path, _ = normalizeRFC(path, false)
		if isRobotsTxt(path) {
			return true, nil
		}
	}
	r := g.decide(path)
	if r == nil {
		return true, nil
	}
	return r.allow || r.prio == 0, r
}

func (g *Group) public(r *rule) Rule {
	w, ok := g.text.written[r.line]
	if !ok {
		w = g.text.pattern(r)
	}
	return Rule{Allow: r.allow, Pattern: w, Line: int(r.line)}
}

// rawGroup is one group as the file writes it: the user-agent lines that
// open it and the rules that follow them.
type rawGroup struct {
	agents     []string // product tokens as written; "*" for the global group
	keys       []string // agents lower-cased
	aStart     int      // agents and keys are builder.names and keys[aStart:aEnd]
	aEnd       int
	global     bool
	start, end int       // the group's rules are builder.all[start:end]
	ext        *groupExt // nil when there are none
	rules      []rule    // set by finish: a window of the file's rules
	owner      *Group    // the Group whose rules are this very window, if any
}

// builder collects groups line by line (RFC 9309 section 2.1). A group
// starts at a user-agent line that follows a rule, or at the first
// user-agent line; consecutive user-agent lines, with anything but rules
// between them, share a group. Lines that are neither user-agent lines nor
// rules (blank lines, comments, Sitemap, unknown keys) never end a group.
type builder struct {
	mode      Mode
	groups    []rawGroup
	rules     []rule // every rule in file order: a group's rules are contiguous
	arena     []byte // the canonical patterns, back to back
	written   map[int32]string
	sawRule   bool // a rule followed the last user-agent line
	tokenToID map[string]idList
	globalIDs []int
	// names and keys hold the user-agent values of all groups, as written
	// and lower-cased; a group's are contiguous, so each group has a window.
	names, keys []string
	// text holds the bytes of names and keys, which are views of it: one
	// allocation for many tokens, and no view of the file's text.
	text []byte
}

func (b *builder) userAgent(value string) {
	if len(b.groups) == 0 || b.sawRule {
		b.groups = append(b.groups, rawGroup{start: len(b.rules), end: len(b.rules), aStart: len(b.names)})
		b.sawRule = false
	}
	g := &b.groups[len(b.groups)-1]
	id := len(b.groups) - 1
	if isGlobalAgent(value) {
		if !g.global {
			g.global = true
			b.names = append(b.names, "*")
			b.keys = append(b.keys, "*")
			g.aEnd = len(b.names)
			b.globalIDs = append(b.globalIDs, id)
		}
		return
	}
	tok := b.intern(ProductToken(value))
	key := tok
	if lower := asciiLower(tok); lower != tok {
		key = b.intern(lower)
	}
	b.names = append(b.names, tok)
	b.keys = append(b.keys, key)
	g.aEnd = len(b.names)
	if b.tokenToID == nil {
		b.tokenToID = make(map[string]idList)
	}
	l, ok := b.tokenToID[key]
	switch {
	case !ok:
		b.tokenToID[key] = idList{first: id}
	case l.last() != id:
		if l.more == nil {
			l.more = []int{l.first}
		}
		l.more = append(l.more, id)
		b.tokenToID[key] = l
	}
}

// addRule compiles a rule into the open group and reports whether there
// was one. Its pattern is copied to the arena and addressed by offset.
func (b *builder) addRule(pattern, written string, prio, line int32, allow, derived bool) bool {
	if len(b.groups) == 0 {
		return false
	}
	b.rules = append(b.rules, rule{off: uint32(len(b.arena)), n: uint32(len(pattern)), prio: prio, line: line, allow: allow, derived: derived})
	b.arena = append(b.arena, pattern...)
	if written != pattern || derived {
		if b.written == nil {
			b.written = make(map[int32]string)
		}
		b.written[line] = strings.Clone(written)
	}
	b.groups[len(b.groups)-1].end = len(b.rules)
	b.sawRule = true
	return true
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

// finish compiles the collected groups into the lookup tables of r.
// Groups that share a token are merged once here, so that selecting a
// crawler's group at query time is a map look-up.
func (b *builder) finish(r *Robots) (conflicts []int) {
	// The patterns are copied out of the file's text as they are read, so
	// the text (comments, keys and all) is not retained.
	r.text = &ruleText{arena: b.arenaString(), written: b.written}
	if cap(b.rules) > 2*len(b.rules)+64 {
		b.rules = slices.Clone(b.rules) // drop the spare room of the estimate
	}
	if cap(b.groups) > len(b.groups)+len(b.groups)/4 {
		b.groups = slices.Clone(b.groups) // drop the spare room of append
	}
	singles := make([]int, len(b.groups)) // singles[id:id+1] lists group id alone
	for i := range b.groups {
		g := &b.groups[i]
		g.rules = b.rules[g.start:g.end:g.end]
		g.agents = b.names[g.aStart:g.aEnd:g.aEnd]
		g.keys = b.keys[g.aStart:g.aEnd:g.aEnd]
		singles[i] = i
	}
	r.raw = b.groups

	// Each distinct set of the file's groups becomes one Group, shared by
	// every token that names exactly that set.
	setOf := make(map[string]string, len(b.tokenToID)) // token -> set key
	sets := make(map[string][]int)
	for tok, l := range b.tokenToID {
		ids := l.more
		if ids == nil {
			ids = singles[l.first : l.first+1 : l.first+1]
		}
		k := idsKey(ids)
		setOf[tok], sets[k] = k, ids
	}
	globalKey := ""
	if len(b.globalIDs) > 0 {
		globalKey = idsKey(b.globalIDs)
		sets[globalKey] = b.globalIDs
	}
	pool := make([]Group, len(sets)) // one allocation for all groups
	bySet := make(map[string]*Group, len(sets))
	for k, ids := range sets {
		g := &pool[len(bySet)]
		r.fill(g, ids, true)
		bySet[k] = g
		conflicts = append(conflicts, g.mergeExt(r)...)
	}
	r.byToken = make(map[string]*Group, len(setOf))
	for tok, k := range setOf {
		r.byToken[tok] = bySet[k]
	}
	if globalKey != "" {
		r.global = bySet[globalKey]
	}

	// Name each group by the tokens that select it, counting first so that
	// each list is allocated once.
	count := make(map[*Group]int, len(pool))
	r.eachToken(func(_ string, g *Group) { count[g]++ })
	for g, n := range count {
		g.agents = make([]string, 0, n)
	}
	r.eachToken(func(name string, g *Group) { g.agents = append(g.agents, name) })
	slices.Sort(conflicts)
	return slices.Compact(conflicts)
}

// eachToken calls f for each distinct token of the file (and "*"), in file
// order, as first written, with the group it selects.
func (r *Robots) eachToken(f func(name string, g *Group)) {
	seen := make(map[string]bool)
	for _, rg := range r.raw {
		for i, a := range rg.agents {
			key, g := rg.keys[i], r.global
			if key != "*" {
				g = r.byToken[key]
			}
			if !seen[key] {
				seen[key] = true
				f(a, g)
			}
		}
	}
}

// mergeExt combines the extension records of g's groups and returns the
// lines whose values disagree.
func (g *Group) mergeExt(r *Robots) (conflicts []int) {
	g.fileSignals = r.signals
	if len(g.ids) == 1 {
		g.ext = r.raw[g.ids[0]].ext // nothing to merge; never written after parsing
		return nil
	}
	g.ext = nil
	for _, id := range g.ids {
		e := r.raw[id].ext
		if e == nil {
			continue
		}
		if g.ext == nil {
			g.ext = new(groupExt)
		}
		conflicts = append(conflicts, g.ext.merge(e)...)
	}
	return conflicts
}

// neverDecides reports the rules of each group that another rule of the
// same group outranks on every path: patterns that match the same paths
// (the same pattern, or one that differs only by trailing '*'s) where the
// other is longer, or as long and an allow. Such a rule can never decide;
// its author usually meant something else. It runs when the diagnostics
// are first asked for, not at parse time.
func (r *Robots) neverDecides() []Diagnostic {
	var out []Diagnostic
	for id := range r.raw {
		rules := r.rawRules(id)
		best := make(map[string]*rule)
		for i := range rules {
			rl := &rules[i]
			key := matchKey(r.text.pattern(rl))
			if rl.derived || key == "" {
				continue // the empty pattern and "*": nothing to say
			}
			if old, ok := best[key]; !ok || better(rl, old) {
				best[key] = rl
			}
		}
		for i := range rules {
			rl := &rules[i]
			p := r.text.pattern(rl)
			key := matchKey(p)
			if rl.derived || key == "" || best[key] == rl {
				continue
			}
			w := best[key]
			d := Diagnostic{Line: int(rl.line), Severity: Warning, Code: CodeNeverDecides}
			switch {
			case w.allow == rl.allow && r.text.pattern(w) == p:
				d.Message = fmt.Sprintf("this rule repeats line %d", w.line)
			case r.text.pattern(w) == p:
				d.Message = fmt.Sprintf("this rule never decides: line %d has the same pattern and outranks it (RFC 9309 section 2.2.2)", w.line)
			default:
				d.Message = fmt.Sprintf("this rule never decides: line %d has the same paths as it and outranks it (RFC 9309 section 2.2.2)", w.line)
			}
			out = append(out, d)
		}
	}
	return out
}

// matchKey returns a key shared by patterns that match the same paths:
// trailing '*'s (and a '$' right after them) change nothing.
func matchKey(p string) string {
	p = strings.TrimSuffix(p, "*$")
	return strings.TrimRight(p, "*")
}

// rawRules returns the rules of the file's group id. A group that is a
// crawler's whole group shares its window with that Group, which orders it
// in place on first use; the window is read only once that is done.
func (r *Robots) rawRules(id int) []rule {
	if o := r.raw[id].owner; o != nil {
		o.prepare()
	}
	return r.raw[id].rules
}

// fill makes g the group of the file's groups ids (ascending). With own,
// g is the one Group for exactly these groups, and when that is a single
// group it shares the group's window of rules instead of copying it.
func (r *Robots) fill(g *Group, ids []int, own bool) {
	g.mode, g.text, g.ids = r.mode, r.text, ids
	if len(ids) == 1 && own {
		// The Group orders this window in place on first use: the file
		// order is kept in each rule's line, and other readers of the
		// window go through rawRules, which waits for that.
		g.rules = r.raw[ids[0]].rules
		r.raw[ids[0]].owner = g
		return
	}
	n := 0
	for _, id := range ids {
		n += len(r.raw[id].rules)
	}
	g.rules = make([]rule, 0, n)
	for _, id := range ids {
		g.rules = append(g.rules, r.rawRules(id)...)
	}
}

func idsKey(ids []int) string {
	if len(ids) == 1 { // most tokens name one group
		return strconv.Itoa(ids[0])
	}
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strconv.Itoa(id))
		b.WriteByte(',')
	}
	return b.String()
}

// lookup returns the group for one product token, comparing tokens
// case-insensitively and exactly (RFC 9309 section 2.2.1): a "foo" group
// never applies to "foobot". Tokens up to 64 bytes are lower-cased on the
// stack, so the look-up allocates nothing.
func (r *Robots) lookup(agent string) *Group {
	if len(agent) <= 64 {
		var buf [64]byte
		for i := 0; i < len(agent); i++ {
			c := agent[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[i] = c
		}
		return r.byToken[string(buf[:len(agent)])]
	}
	return r.byToken[asciiLower(agent)]
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

// arenaString returns the arena as a string. The builder never writes to
// the arena again, so the string may share its bytes; they are copied only
// when the arena's spare room (it starts at the file's size) is over a
// quarter of it, so that a parsed file does not keep that room alive.
func (b *builder) arenaString() string {
	if cap(b.arena)-len(b.arena) > len(b.arena)/4 {
		return string(b.arena)
	}
	return view(b.arena)
}

// idList lists the groups that name one token, without allocating for the
// common case of one group.
type idList struct {
	first int
	more  []int // all of them, when there are several
}

func (l idList) last() int {
	if l.more != nil {
		return l.more[len(l.more)-1]
	}
	return l.first
}

// intern returns a copy of s that shares storage with the builder's other
// tokens. Bytes once appended to b.text are never written again (a full
// b.text moves to a new array and leaves the old one as it was), so the
// returned strings stay valid and unchanged.
func (b *builder) intern(s string) string {
	if cap(b.text)-len(b.text) < len(s) {
		b.text = make([]byte, 0, max(512, 2*len(s)))
	}
	start := len(b.text)
	b.text = append(b.text, s...)
	return view(b.text[start:])
}
