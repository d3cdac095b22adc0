package robotstxt

// This file implements a Group, the rules one crawler obeys in one file
// (RFC 9309 section 2.2.1), and its answers.

import (
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/rfc9309/robotstxt/internal/agentname"
)

// A Group is the set of rules one crawler obeys in one robots.txt file: the
// merged rules of every group naming one of its product tokens, or of the
// global "*" groups when none does. It is immutable and safe for concurrent
// use; a nil *Group and the zero Group allow everything.
type Group struct {
	set int32 // the set of the file's groups g is (see setIDs); -1: a union
	// refused marks the Group that Robots.Group returns for a name that
	// reads as no crawler, agents[0]: its queries fail closed (see
	// refused). It fills padding after set, where a field of its own
	// costs a small file's allocation no room (TestSmallFileSizeClasses).
	refused     bool
	ext         *groupExt // nil when there are none
	fileSignals map[string]bool
	d           *dialect
	text        *ruleText
	// rules are the group's rules, each group's in file order; they are
	// never written once g is built, so that a window of Robots.rules can
	// serve.
	rules  []rule
	agents []string
	// The index is built on demand (see Group.decide): queries counts the
	// queries answered before it, once builds it, and ix holds it.
	queries atomic.Int32
	once    sync.Once
	ix      atomic.Pointer[index]
}

// Agents returns the product tokens that select g, as first written in
// the file, and "*" when g is the global group.
func (g *Group) Agents() []string {
	if g == nil || g.refused {
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
	allowed, r := g.match(target)
	d := Decision{Allowed: allowed}
	if r != nil {
		d.Rule = g.public(r)
	}
	return d
}

// refused returns the Decision of a query for agent when agent reads as
// no crawler (see agentname.NoCrawler), whatever the file and its mode,
// and false for any other name. It allocates only for such a name.
func refused(agent string) (Decision, bool) {
	if !agentname.NoCrawler(agent) {
		return Decision{}, false
	}
	return Decision{Err: agentError{agent}}, true
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

// refusedGroup returns the Group of a query for agent, a name that reads
// as no crawler: it allows nothing.
func refusedGroup(agent string) *Group {
	return &Group{refused: true, agents: []string{agent}}
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

// maxStackTarget is the longest canonical form of a target's path and
// query that Group.match builds on its stack: a target the RFC normaliser
// changes (non-ASCII octets, lower-case escapes) is decided without
// allocating up to it, and with one allocation past it. 512 bytes hold
// the paths of nearly all URLs crawlers see, percent-encoded, and cost
// the stack no more than a small frame.
const maxStackTarget = 512

// match decides target and returns the deciding rule, if any.
func (g *Group) match(target string) (bool, *rule) {
	return g.matchPath(g.d.targetPath(target))
}

// matchPath is match of the path targetPath returns.
func (g *Group) matchPath(path string) (bool, *rule) {
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
func (g *Group) matchRFC(path string, dots bool) (bool, *rule) {
	path, robots := g.d.finishPath(path, dots)
	if robots {
		return true, nil
	}
	return g.decide(path)
}

// public returns the Rule a caller sees for r: its pattern as written.
func (g *Group) public(r *rule) Rule {
	w, ok := g.text.writtenAt(r.line())
	if !ok {
		w = g.text.pattern(r)
	}
	return Rule{Allow: r.allow(), Pattern: w, Line: int(r.line())}
}

// decide decides a path as the mode's normaliser left it: whether it is
// allowed, and the rule that decides it, or nil when none matches.
//
// A group answers its first indexAfter queries by a linear pass over its
// rules, and orders them and builds an index at the next one (see
// index): a small file asked once, as bulk work asks most files, never
// pays for ordering its groups (BenchmarkSmallFirstQuery: three
// allocations fewer a file of the corpus's smallest). A query counts for the work its pass would do: a path of
// scanWork octets or more over a group of as many rules as that, the
// shape in which a pass matches every '*' rule against the whole path
// (17,654 rules that begin with "/*" and an 8 KB path took 66 ms and
// more a pass), counts for more than one query, so that such a group
// builds its index before its passes cost more than the build
// (TestLongPathBuildsIndex). An empty pattern matches nothing in RFC mode; Google's
// library lets it match every path with priority 0 (see
// dialect.emptyMatches), which allows it.
func (g *Group) decide(path string) (bool, *rule) {
	ix := g.ix.Load()
	if ix == nil {
		if g.queries.Add(passCost(len(g.rules), len(path))) <= indexAfter {
			if r := g.scan(path); r != nil {
				return r.allows(), r
			}
			return true, nil
		}
		ix = g.prepare()
	}
	j := ix.decide(g.text, g.d.emptyMatches, path)
	if j < 0 {
		return true, nil
	}
	r := &ix.rules[j]
	return r.allows(), r
}

// scanWork is the rules times path octets that a linear pass may cost
// and still count as one query: 2^20, a thousand rules over a path of a
// thousand octets, or 47,000 rules over one of 22: the large groups of
// the corpus, asked for paths of a few dozen octets, count for one to
// three queries.
const scanWork = 1 << 20

// passCost returns how many queries a linear pass over rules rules with
// a path of n octets counts for (see Group.decide).
func passCost(rules, n int) int32 {
	return int32(min(1+rules*n/scanWork, indexAfter+1))
}

// scan decides path by trying every rule of g, in file order. It costs a
// prefix comparison for most rules, and no set-up: most rules of a large
// group differ from the path in their first two octets, which rule them
// out before the matcher is called (see headMismatch).
func (g *Group) scan(path string) *rule {
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

// prepare builds g's index, once, and returns it. Sorting is the one cost
// of a parse that grows faster than the file; doing it when a crawler
// asks often keeps Parse linear, and costs nothing for files that are only
// linted, written back or asked a few times.
func (g *Group) prepare() *index {
	g.once.Do(func() { g.ix.Store(buildIndex(g.text, g.rules, gramMin)) })
	return g.ix.Load()
}

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
	return maps.Clone(g.fileSignals)
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

// groupBytes bounds the bytes of a Group of n rules, keyed of which a
// gram index can key (see keyedRules), with its index built: a Group of
// one file group shares its window of Robots.rules, one of several
// (copied) holds its own copy.
func groupBytes(n, keyed int, copied bool) int64 {
	b := heapBytes(int64(unsafe.Sizeof(Group{}))) + indexBytes(n, keyed)
	if copied {
		b += heapBytes(int64(n) * int64(unsafe.Sizeof(rule{})))
	}
	return b
}
