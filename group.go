package robotstxt

// This file implements a Group, the rules one crawler obeys in one file
// (RFC 9309 section 2.2.1), and its answers.

import (
	"maps"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rfc9309/robotstxt/internal/agentname"
	"github.com/rfc9309/robotstxt/internal/octetmask"
)

// A Group is the set of rules one crawler obeys in one robots.txt file: the
// merged rules of every group naming one of its product tokens, or of the
// global "*" groups when none does. It is immutable and safe for concurrent
// use; a nil *Group and the zero Group allow everything.
type Group struct {
	matcher
	set int32 // the set of the file's groups g is (see setIDs); -1: a union
	// refused marks the Group that Robots.Group returns for a name that
	// reads as no crawler, agents[0]: its queries fail closed (see
	// unparsed).
	refused bool
	copied  bool       // the rules are g's own copy (see Robots.newGroup)
	ext     *groupExt  // nil when there are none
	cache   indexCache // the index of the rules, when they are indexMin or more
	agents  []string   // a union's names; a set's are read from the file
}

// matcher is what decides a path: the rules of a group of file r, in
// file order, read with a mode's dialect, and the cache of their index,
// nil when the rules are too few to be worth one (see matcher.decide).
type matcher struct {
	d     *dialect
	text  *ruleText
	rules []rule // never written: a window of Robots.rules can serve
	r     *Robots
	c     *indexCache
}

// Agents returns the product tokens that select g, as first written in
// the file, and "*" when g is the global group.
func (g *Group) Agents() []string {
	if g == nil || g.refused || g.r == nil {
		return nil // nil, refused, or the zero Group
	}
	if g.set < 0 {
		return slices.Clone(g.agents)
	}
	return g.r.setAgents(int(g.set))
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
		if r := &g.rules[i]; !r.derived() {
			out = append(out, publicRule(g.text, r))
		}
	}
	slices.SortStableFunc(out, func(a, b Rule) int { return a.Line - b.Line })
	return out
}

// Allowed reports whether the crawler g belongs to may fetch target, an
// absolute URL or a path with an optional query (the fragment is ignored).
// It allocates nothing for a target whose path is already in canonical
// form and, in RFC mode, for one whose canonical path and query are up to
// 512 bytes long. A nil *Group and the zero Group allow everything; the
// Group that [Robots.Group] returns for a name that reads as no crawler
// allows nothing (see [ErrInvalidAgent]).
func (g *Group) Allowed(target string) bool {
	if g == nil || g.d == nil {
		return g.unparsed().Allowed
	}
	allowed, _ := g.match(target)
	return allowed
}

// Decide is [Group.Allowed] that also says which rule decided.
func (g *Group) Decide(target string) Decision {
	if g == nil || g.d == nil {
		return g.unparsed()
	}
	return g.decision(target)
}

// decision decides target and says which rule decided.
func (m *matcher) decision(target string) Decision {
	allowed, r := m.match(target)
	d := Decision{Allowed: allowed}
	if r != nil {
		d.Rule = publicRule(m.text, r)
	}
	return d
}

// refuses reports whether a query for agent fails closed, agent reading
// as no crawler (see agentname.NoCrawler). found says that a group names
// agent as the mode reads it: such a name reads as a crawler's unless it
// is a URL whose scheme a group names ("http" in RFC mode), which is
// told by reading the leading name alone, so that a whole User-Agent
// header that finds its group is not read a second time
// (BenchmarkRobotsAllowedByName).
func refuses(agent string, found bool) bool {
	if found {
		return agentname.IsURL(agent)
	}
	return agentname.NoCrawler(agent)
}

// unparsed returns the Decision of a Group that holds no parsed file's
// rules, for any target: nil and the zero Group allow everything, and a
// refused Group (a name that reads as no crawler asked for it) fails
// closed, with the error that says why.
func (g *Group) unparsed() Decision {
	if g != nil && g.refused {
		return Decision{Err: agentError{g.agents[0]}}
	}
	return Decision{Allowed: true}
}

// publicRule returns the Rule a caller sees for r, of text t: its pattern
// as written.
func publicRule(t *ruleText, r *rule) Rule {
	w, ok := t.writtenAt(r.line())
	if !ok {
		w = t.pattern(r)
	}
	return Rule{Allow: r.allow(), Pattern: w, Line: int(r.line())}
}

// maxStackTarget is the longest canonical form of a target's path and
// query that matcher.matchPath builds on its stack: a target the RFC
// normaliser changes (non-ASCII octets, lower-case escapes) is decided
// without allocating up to it, and with one allocation past it. 512 bytes hold
// the paths of nearly all URLs crawlers see, percent-encoded, and cost
// the stack no more than a small frame.
const maxStackTarget = 512

// match decides target and returns the deciding rule, if any: a group
// without rules allows every target unread (RFC 9309 section 2.2.2).
func (g *matcher) match(target string) (bool, *rule) {
	if len(g.rules) == 0 {
		return true, nil
	}
	return g.matchPath(g.d.targetPath(target))
}

// matchPath is match of the path targetPath returns.
func (g *matcher) matchPath(path string) (bool, *rule) {
	if !g.d.normalize {
		return g.decide(path)
	}
	i, dots := targetChange(path)
	if i < len(path) {
		// The canonical form is built in buf, which stays on the stack
		// because nothing keeps path past this call: matching only reads
		// it (go build -gcflags=-m reports no "moved to heap: buf";
		// TestAllowedNonCanonicalDoesNotAllocate). It is declared here,
		// so that a canonical target, the common case, does not pay for
		// zeroing it.
		var buf [maxStackTarget]byte
		b, _ := appendRFCFrom(buf[:0], path, i, false)
		return g.matchRFC(view(b), true)
	}
	return g.matchRFC(path, dots)
}

// matchRFC decides a canonical path in RFC mode, as match does. dots says
// the path may hold a dot segment: it holds "/.", or is the canonical
// form built, in which "%2E" may have become '.'.
func (g *matcher) matchRFC(path string, dots bool) (bool, *rule) {
	path, robots := g.d.finishPath(path, dots)
	if robots {
		return true, nil
	}
	return g.decide(path)
}

// decide decides a path as the mode's normaliser left it: whether it is
// allowed, and the rule that decides it, or nil when none matches (an
// empty pattern matches every path with priority 0 in Google mode only;
// see dialect.emptyMatches).
//
// This is where a decision chooses between the two matchers. A group of
// fewer than indexMin rules is scanned; a larger one is scanned until its
// scans have cost indexAfter queries' work (see scanWork), and answered
// by its index after that, whose time is bounded (see index.decide): a
// file asked a few times never pays for an index, and no scan searches
// more than indexAfter times scanWork.
func (g *matcher) decide(path string) (bool, *rule) {
	var r *rule
	if ix := g.c.index(g, len(path)); ix != nil {
		if j := ix.decide(g.text, g.d.emptyMatches, path); j >= 0 {
			r = &ix.rules[j]
		}
	} else {
		r = g.scan(path)
	}
	if r == nil {
		return true, nil
	}
	return r.allows(), r
}

// scan decides path by trying every rule of g, in file order. It costs a
// prefix comparison for most rules, and no set-up: most rules of a large
// group differ from the path in their first two octets, which rule them
// out before the matcher is called (see headMismatch).
func (g *matcher) scan(path string) *rule {
	var best *rule
	for i := range g.rules {
		r := &g.rules[i]
		p := g.text.pattern(r)
		if headMismatch(p, path) {
			continue
		}
		if (best == nil || g.text.better(r, best)) && patternMatches(p, path, g.d.emptyMatches) {
			best = r
		}
	}
	return best
}

// An indexCache holds a Group's index once its queries paid for it, the
// one part of a Group written after it is made. Queries that race to
// build it build one each, and one is kept; none writes the rules.
type indexCache struct {
	stars int          // the rules with a '*', set when the Group is made
	work  atomic.Int32 // the queries scanned so far, each counted as scanWork says
	ix    atomic.Pointer[index]
}

// countStars sets c.stars for rules.
func (c *indexCache) countStars(t *ruleText, rules []rule) {
	for i := range rules {
		if strings.IndexByte(t.pattern(&rules[i]), '*') >= 0 {
			c.stars++
		}
	}
}

// index returns the index of m's rules for a query of a path of n
// octets, building it when the queries scanned so far have cost more
// than indexAfter (see scanWork); or nil, when the query is to scan. c
// may be nil: rules too few for an index.
func (c *indexCache) index(m *matcher, n int) *index {
	if c == nil {
		return nil
	}
	if ix := c.ix.Load(); ix != nil {
		return ix
	}
	if c.work.Add(int32(min(1+c.stars*n/scanWork, indexAfter+1))) <= indexAfter {
		return nil
	}
	ix := buildIndex(m.text, m.rules, false)
	if c.ix.CompareAndSwap(nil, ix) {
		return ix
	}
	return c.ix.Load()
}

// groupTable holds the Group of each set of a file's groups, once made
// (see Robots.group).
type groupTable []groupSlot

type groupSlot = atomic.Pointer[Group]

// noExt stands for the extensions of a group that has none: most groups,
// which then spend a pointer on them, not the whole record.
var noExt groupExt

func (g *Group) exts() *groupExt {
	if g.ext == nil {
		return &noExt
	}
	return g.ext
}

// CrawlDelay returns how long the crawler should wait between requests
// (Crawl-delay, in seconds, decimals allowed). When merged groups disagree,
// the longest delay wins.
func (g *Group) CrawlDelay() (time.Duration, bool) {
	if g == nil || g.exts().crawlDelayLine == 0 {
		return 0, false
	}
	return g.exts().crawlDelay, true
}

// RequestRate returns the group's Request-rate. When merged groups
// disagree, the slowest rate wins.
func (g *Group) RequestRate() (RequestRate, bool) {
	if g == nil || g.exts().rateLine == 0 {
		return RequestRate{}, false
	}
	return g.exts().rate, true
}

// VisitTime returns the group's Visit-time window. When merged groups
// disagree, the narrowest window wins.
func (g *Group) VisitTime() (Window, bool) {
	if g == nil || g.exts().visitLine == 0 {
		return Window{}, false
	}
	return g.exts().visit, true
}

// ContentSignals returns the Content-Signal preferences that apply to the
// group's crawler ("search=yes, ai-train=no" gives search: true, ai-train:
// false): the group's own, or the file's when the group states none. Where
// several records disagree on a signal, "no" wins. The map is a copy.
func (g *Group) ContentSignals() map[string]bool {
	if g == nil {
		return nil
	}
	if len(g.exts().signals) > 0 {
		return maps.Clone(g.exts().signals)
	}
	if g.r == nil {
		return nil // a refused or the zero Group
	}
	return maps.Clone(g.r.fileRecs().signals)
}

// mergeExt combines the extension records of g's groups, ids.
func (g *Group) mergeExt(r *Robots, ids []int) {
	if len(ids) == 1 {
		g.ext = r.extOf(ids[0]) // nothing to merge; never written after parsing
		return
	}
	for _, id := range ids {
		if e := r.extOf(id); e != nil {
			if g.ext == nil {
				g.ext = new(groupExt)
			}
			g.ext.merge(e)
		}
	}
}

// A Decision is the answer to one query: whether the URL may be fetched and
// the rule that said so.
type Decision struct {
	Allowed bool
	// Rule is the rule that decided: the zero Rule, whose Line is 0, when
	// no rule matched, which allows (Google's library reports line 0 then
	// too); a rule that matched has the line it was read from. In Google
	// mode an empty "Disallow:"
	// can be the deciding rule of an allowed URL: Google's library reports
	// its line when nothing longer matched. A Decision is a value: its
	// Pattern is a window of the parsed file's text, so making one
	// allocates nothing and no caller can change another's.
	Rule Rule
	// Err is nil but for a query that fails closed because of the
	// caller's mistake, Allowed false: a crawler name that reads as no
	// crawler (errors.Is finds [ErrInvalidAgent], and the message names
	// it). Two Decisions of one query compare equal with ==.
	Err error
}

// A Rule is an allow or disallow line of a robots.txt file.
type Rule struct {
	Allow   bool
	Pattern string // the path pattern as written in the file
	Line    int    // 1-based line number
}

// Footprint returns an estimate of the bytes g holds that its file's
// [Robots.Footprint] does not count, as that counts them: for a union of
// several groups that [Robots.Group] makes for several names, the Group,
// its copy of their rules when they do not follow one another in the
// file, and the index its queries build; 0 for any other Group.
func (g *Group) Footprint() int64 {
	if g == nil || g.set >= 0 || g.r == nil {
		return 0
	}
	return groupBytes(g.text, g.rules, g.copied, g.cache.ix.Load()) + sliceBytes(g.agents)
}

// groupBytes returns the bytes of a Group of rules, which are its own
// when copied, and of their index, ix or the one its queries will build.
func groupBytes(t *ruleText, rules []rule, copied bool, ix *index) int64 {
	n, count := heapBytes(sizeOf[Group]()), int64(len(rules))
	if copied {
		n += sliceBytes(rules)
	}
	if count >= listMax {
		if ix == nil {
			ix = buildIndex(t, rules, false)
		}
		n += ix.bytes()
	} else if count >= indexMin { // a list: a copy of the rules and a mask each
		n += heapBytes(sizeOf[index]()) + heapBytes(count*(sizeOf[rule]()+sizeOf[octetmask.Mask]()))
	}
	return n
}
