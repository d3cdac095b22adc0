package robotstxt

// This file implements the grouping rules of RFC 9309 section 2.1 and
// section 2.2.1: which lines form a group, which group a crawler obeys, and
// how groups for the same product token merge.

import (
	"slices"
	"strconv"
	"strings"
)

// A Group is the set of rules one crawler obeys in one robots.txt file: the
// merged rules of every group naming one of its product tokens, or of the
// global "*" groups when none does. It is immutable and safe for concurrent
// use; a nil *Group allows everything.
type Group struct {
	mode        Mode
	ext         groupExt
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
	global     bool
	start, end int // the group's rules are builder.all[start:end]
	ext        groupExt
	rules      []rule // compiled by finish
}

// builder collects groups line by line (RFC 9309 section 2.1). A group
// starts at a user-agent line that follows a rule, or at the first
// user-agent line; consecutive user-agent lines, with anything but rules
// between them, share a group. Lines that are neither user-agent lines nor
// rules (blank lines, comments, Sitemap, unknown keys) never end a group.
type builder struct {
	mode      Mode
	report    func(line int, sev Severity, code, format string, args ...any)
	groups    []rawGroup
	all       []pending // every rule in file order: a group's rules are contiguous
	compiled  []rule    // all, compiled by finish
	sawRule   bool      // a rule followed the last user-agent line
	tokenToID map[string][]int
	globalIDs []int
}

func (b *builder) userAgent(value string) {
	if len(b.groups) == 0 || b.sawRule {
		b.groups = append(b.groups, rawGroup{start: len(b.all), end: len(b.all)})
		b.sawRule = false
	}
	g := &b.groups[len(b.groups)-1]
	id := len(b.groups) - 1
	if isGlobalAgent(value) {
		if !g.global {
			g.global = true
			g.agents = append(g.agents, "*")
			b.globalIDs = append(b.globalIDs, id)
		}
		return
	}
	tok := strings.Clone(ProductToken(value))
	g.agents = append(g.agents, tok)
	key := asciiLower(tok)
	if b.tokenToID == nil {
		b.tokenToID = make(map[string][]int)
	}
	ids := b.tokenToID[key]
	if len(ids) == 0 || ids[len(ids)-1] != id {
		b.tokenToID[key] = append(ids, id)
	}
}

// addRule adds a rule to the open group and reports whether there was one.
func (b *builder) addRule(r pending) bool {
	if len(b.groups) == 0 {
		return false
	}
	b.all = append(b.all, r)
	b.groups[len(b.groups)-1].end = len(b.all)
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
	for i := range b.groups {
		b.neverDecides(&b.groups[i])
	}
	r.text = b.compileText()
	for i := range b.groups {
		g := &b.groups[i]
		g.rules = b.compiled[g.start:g.end:g.end]
	}
	r.raw = b.groups
	r.byToken = make(map[string]*Group, len(b.tokenToID))
	cache := make(map[string]*Group)
	for tok, ids := range b.tokenToID {
		r.byToken[tok] = r.merged(ids, cache)
	}
	if len(b.globalIDs) > 0 {
		r.global = r.merged(b.globalIDs, cache)
	}
	for _, g := range cache {
		conflicts = append(conflicts, g.mergeExt(r)...)
	}
	// Name each group by the tokens that select it.
	seen := make(map[string]bool)
	for _, rg := range r.raw {
		for _, a := range rg.agents {
			key, g := "*", r.global
			if a != "*" {
				key, g = asciiLower(a), r.byToken[asciiLower(a)]
			}
			if !seen[key] {
				seen[key] = true
				g.agents = append(g.agents, a)
			}
		}
	}
	slices.Sort(conflicts)
	return slices.Compact(conflicts)
}

// mergeExt combines the extension records of g's groups and returns the
// lines whose values disagree.
func (g *Group) mergeExt(r *Robots) (conflicts []int) {
	g.ext = groupExt{}
	for _, id := range g.ids {
		conflicts = append(conflicts, g.ext.merge(&r.raw[id].ext)...)
	}
	g.fileSignals = r.signals
	return conflicts
}

// neverDecides finds the rules of a group that another rule of the same
// group outranks on every path: patterns that match the same paths (the
// same pattern, or one that differs only by trailing '*'s) where the other
// is longer, or as long and an allow. Such a rule can never decide; a
// webmaster usually meant something else.
func (b *builder) neverDecides(g *rawGroup) {
	rules := b.all[g.start:g.end]
	best := make(map[string]*pending)
	for i := range rules {
		r := &rules[i]
		if r.derived {
			continue
		}
		key := matchKey(r.pattern)
		if key == "" {
			continue // the empty pattern and "*": nothing to say
		}
		if old, ok := best[key]; !ok || betterPending(r, old) {
			best[key] = r
		}
	}
	for i := range rules {
		r := &rules[i]
		key := matchKey(r.pattern)
		if r.derived || key == "" || best[key] == r {
			continue
		}
		w := best[key]
		what := "the same paths as"
		if w.pattern == r.pattern {
			what = "the same pattern as"
		}
		if w.allow == r.allow && w.pattern == r.pattern {
			b.report(int(r.line), Warning, CodeNeverDecides, "this rule repeats line %d", w.line)
			continue
		}
		b.report(int(r.line), Warning, CodeNeverDecides,
			"this rule never decides: line %d has %s it and outranks it (RFC 9309 section 2.2.2)", w.line, what)
	}
}

// matchKey returns a key shared by patterns that match the same paths:
// trailing '*'s (and a '$' right after them) change nothing.
func matchKey(p string) string {
	p = strings.TrimSuffix(p, "*$")
	return strings.TrimRight(p, "*")
}

func betterPending(a, b *pending) bool {
	if a.prio != b.prio {
		return a.prio > b.prio
	}
	if a.allow != b.allow {
		return a.allow
	}
	return a.line < b.line
}

// compileText copies every canonical pattern into one arena string and
// compiles the pending rules to windows of it. The file's text is then no
// longer referenced by any rule, so comments and keys are not retained.
func (b *builder) compileText() *ruleText {
	t := &ruleText{}
	n := 0
	for i := range b.all {
		n += len(b.all[i].pattern)
	}
	var sb strings.Builder
	sb.Grow(n)
	b.compiled = make([]rule, len(b.all))
	for i := range b.all {
		p := &b.all[i]
		b.compiled[i] = rule{off: uint32(sb.Len()), n: uint32(len(p.pattern)), prio: p.prio, line: p.line, allow: p.allow, derived: p.derived}
		sb.WriteString(p.pattern)
		if p.written != p.pattern || p.derived {
			if t.written == nil {
				t.written = make(map[int32]string)
			}
			t.written[p.line] = strings.Clone(p.written)
		}
	}
	t.arena = sb.String()
	b.all = nil
	return t
}

// merged returns the group made of the file's groups ids (ascending),
// sharing one *Group among all tokens that name the same groups.
func (r *Robots) merged(ids []int, cache map[string]*Group) *Group {
	var key string
	if cache != nil {
		key = idsKey(ids)
		if g, ok := cache[key]; ok {
			return g
		}
	}
	g := &Group{mode: r.mode, text: r.text, ids: ids}
	n := 0
	for _, id := range ids {
		n += len(r.raw[id].rules)
	}
	if len(ids) == 1 {
		// Reordering in place is safe: the file order is kept in each
		// rule's line, and no other group has this window.
		g.rules = r.raw[ids[0]].rules
	} else {
		g.rules = make([]rule, 0, n)
		for _, id := range ids {
			g.rules = append(g.rules, r.raw[id].rules...)
		}
	}
	g.compile()
	if cache != nil {
		cache[key] = g
	}
	return g
}

func idsKey(ids []int) string {
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
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
