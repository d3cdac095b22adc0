package robotstxt

import (
	"bufio"
	"cmp"
	"io"
	"maps"
	"slices"
	"sync/atomic"
	"time"
	"unsafe"
)

// This file holds a parsed file, Robots, and its answers: the Group of
// a crawler, verdicts, the file's records and diagnostics, and what the
// file costs in memory.

// Robots is a parsed robots.txt file. It is immutable and safe for
// concurrent use by multiple goroutines.
//
// A Robots that allows everything, for a site whose robots.txt is
// unavailable (RFC 9309 section 2.3.1.3), is the parse of an empty file:
// Parse(nil), or Options{Mode: m}.Parse(nil) for a mode. A nil *Robots and
// the zero Robots allow everything too, so that a missing file never
// makes a crawler fail, but they are not values to make on purpose.
type Robots struct {
	// The zero-size func array keeps Robots values from being compared
	// with ==, which would compare where the tables live, not what they
	// say; first, so that it adds no padding.
	_ [0]func()
	// robotsTables are the parsed file, in the allocation of the Robots
	// but for a lazy file, whose Robots is kept small: nil in a lazy
	// file's Robots and in the zero Robots, which answer from full().
	*robotsTables
	// lazy is the text of a small file whose tables are built on first
	// need (see lazyFile).
	lazy *lazyFile
}

// robotsTables are what a parse builds: a Robots's tables.
type robotsTables struct {
	global int32     // the set of the "*" groups plus one; 0: none
	d      *dialect  // the mode's way of reading
	text   *ruleText // the rules' patterns
	// rules holds every rule in file order, each group's together: the
	// file's group i has rules[starts[i]:starts[i+1]]. Nothing writes it
	// after parsing: a Group orders a copy for matching (see index).
	rules []rule
	// groupSets are the file's groups, the user-agent lines that name
	// them and the sets of groups each name selects (see lookup.go).
	groupSets
	groupLines []uint32                // the line of each group's first user-agent line
	exts       []extAt                 // the groups' extension records, by group
	cache      []atomic.Pointer[Group] // the Group of each set, once built
	// unions are the Groups of several sets, once built: nil until the
	// first, so that the many files asked by one name each do not carry
	// the room of a lock and a map (BenchmarkSmallFirstQuery).
	unions atomic.Pointer[unionCache]
	notes  notes        // the parse's diagnostics; never written after it
	file   *fileRecords // nil when the file has none
	small  *smallParts  // in r's allocation; nil unless a small file (see smallFile)
}

// wholeRobots is a Robots and its tables in one allocation.
type wholeRobots struct {
	r Robots
	t robotsTables
}

// newRobots returns a new Robots with empty tables, in one allocation.
func newRobots() *Robots {
	w := new(wholeRobots)
	w.r.robotsTables = &w.t
	return &w.r
}

// full returns the Robots that holds r's tables: r itself, a lazy
// file's, built on first use, or for the zero Robots, empty tables.
func (r *Robots) full() *Robots {
	switch {
	case r.lazy != nil:
		return r.lazy.robots()
	case r.robotsTables == nil:
		return &zeroRobots
	}
	return r
}

// zeroRobots is the zero Robots with tables: empty ones, which allow
// everything.
var zeroRobots = Robots{robotsTables: new(robotsTables)}

// Mode returns the mode r was parsed in.
func (r *Robots) Mode() Mode {
	switch {
	case r == nil:
		return RFC
	case r.lazy != nil:
		return r.lazy.mode
	case r.robotsTables == nil || r.d == nil:
		return RFC
	}
	return r.d.mode
}

// Group returns the rules of the groups that name one of agents, combined
// (RFC 9309 section 2.2.1); only when no group names any of them, the
// rules of the global "*" groups. Group returns nil, which allows
// everything, when neither exists.
//
// Several names make the union of their groups, for a crawler that obeys
// every group that names one of its names. A real crawler with several
// product tokens obeys one group instead, chosen by its operator's
// precedence: Googlebot-Image obeys a "Googlebot-Image" group where a file
// has one, and only otherwise the "Googlebot" group. The union may answer
// otherwise: where "Googlebot" has "Allow: /photos/" and "Googlebot-Image"
// has "Disallow: /photos", r.Group("Googlebot-Image", "Googlebot") allows
// /photos/cat.jpg, which Googlebot-Image does not fetch. For a real
// crawler, ask [github.com/rfc9309/robotstxt/crawlers.Group](r, userAgent),
// which knows each crawler's tokens and their order, and call Allowed and
// Decide on the group it returns.
//
// A crawler should call Group once per file and keep the result: with one
// name it is a binary search over the file's names (the name's group is
// built on its first look-up and shared after that), with several that
// match different groups it builds their union. Reading a name allocates
// nothing.
//
// A union is built on the first call for a set of groups and kept for
// later calls (up to 64 sets of up to four groups each), so that a
// crawler with several names may call Robots.Allowed and Robots.Decide
// per URL without allocating.
//
// # Crawler names
//
// This is where the modes' readings of a caller's crawler names are said,
// for Group, [Robots.Allowed], [Robots.Decide] and [Mode]. In RFC mode an
// agent may be a name ("MJ12bot"), a name with its version
// ("MJ12bot/1.4") or a whole User-Agent header ("MyCrawler/1.0
// (+https://example.com/bot)"): it is read as its leading name (see
// [ProductToken]), as user-agent lines are. A browser-style header, led
// by "Mozilla" (in any case), is read as the crawler it names in a
// comment, as Google, Bing, Yandex and Apple write theirs: the name after
// "compatible;" ("Mozilla/5.0 (compatible; YandexBot/3.0;
// +http://yandex.com/bots)" and "Mozilla/5.0 AppleWebKit/537.36 (KHTML,
// like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html)
// Chrome/W.X.Y.Z Safari/537.36" name YandexBot and Googlebot), or a name
// that opens a comment and is followed by its version ("...
// Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)"
// names Applebot), whichever the header gives first. A header of neither
// shape, a browser's, is read as "Mozilla"; one whose "compatible;" is
// followed by no name (only a URL, or nothing) names no crawler and is
// refused (see below); and a browser's header in the compatible shape is
// read as the name there ("Mozilla/5.0 (compatible; MSIE 9.0; ...)" as
// MSIE).
// Names compare case-insensitively (in ASCII) and exactly: a group for
// "foo" never applies to "foobot".
//
// Google mode takes each agent as given, as Google's library takes the
// names its caller passes, and compares it case-insensitively with the
// names of the file's user-agent lines (which it reads as Google's
// library does, see [Mode]): "Googlebot" finds the "Googlebot" group,
// while "Googlebot/2.1" and a whole User-Agent header find no group and
// fall back to the "*" groups. A caller in Google mode passes bare product
// tokens.
//
// In both modes "*" given as an agent names no crawler, and so does "":
// both find the "*" groups (Google mode lets "" find a user-agent line
// that gives no name too, as Google's library does). A name that reads as
// no crawler at all is the caller's mistake, not a crawler: a path
// ("/admin/x"), a URL ("https://example.com/x"), or a string in which no
// name is found, neither at its start nor in a comment (" Googlebot",
// "(compatible)", a header whose "compatible;" is followed by no name). A
// header that names its crawler in a comment only is not refused, though
// RFC mode reads only a Mozilla-led header's comment: "(Various mobile
// device types) (compatible; Mediapartners-Google/2.1; +url)" finds the
// "*" group here, and its crawler's in package crawlers. For one among
// agents, in either mode and whatever the file (a nil *Robots too), Group
// returns a Group that allows nothing and whose Decide says why (see
// [ErrInvalidAgent]).
func (r *Robots) Group(agents ...string) *Group {
	if r == nil {
		for _, a := range agents {
			if refuses(a, false) {
				return refusedGroup(a)
			}
		}
		return nil
	}
	r = r.full()
	if len(agents) > 1 {
		// Only names that were read and kept are recent: none that
		// reads as no crawler.
		if g := r.unions.Load().recent(agents); g != nil {
			return g
		}
	}
	key := unionKey{-1, -1, -1, -1}
	n, over := 0, false
	for _, a := range agents {
		set := r.lookupSet(a)
		if refuses(a, set >= 0) {
			return refusedGroup(a)
		}
		if set < 0 {
			continue
		}
		n, over = key.add(int32(set), n, over)
	}
	switch {
	case n == 0 && !over:
		if r.global > 0 {
			return r.groupOf(int(r.global) - 1)
		}
		return nil
	case n == 1 && !over:
		return r.groupOf(int(key[0]))
	case !over:
		if g := r.unions.Load().get(key); g != nil {
			return g
		}
	}
	g := r.union(agents)
	if !over {
		g = r.unionCache().put(key, agents, g)
	}
	return g
}

// unionCache returns r's cache of unions, made on first use.
func (r *Robots) unionCache() *unionCache {
	if c := r.unions.Load(); c != nil {
		return c
	}
	r.unions.CompareAndSwap(nil, new(unionCache))
	return r.unions.Load()
}

// union builds the Group of every group that one of agents names.
func (r *Robots) union(agents []string) *Group {
	var ids []int
	var names []string
	for _, a := range agents {
		if set := r.lookupSet(a); set >= 0 {
			ids = append(ids, r.setIDs(set)...)
			names = append(names, r.groupOf(set).agents...)
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	g := new(Group)
	r.fill(g, -1, ids)
	g.mergeExt(r, ids)
	seen := make(map[string]bool, len(names))
	for _, name := range names {
		if !seen[name] {
			seen[name] = true
			g.agents = append(g.agents, name)
		}
	}
	return g
}

// Allowed reports whether the crawler agent may fetch target, an absolute
// URL or a path with an optional query. agent is a crawler's name or its
// whole User-Agent header, read as r's mode reads it (see "Crawler names"
// at [Robots.Group]). It is r.Group(agent).Allowed(target).
//
// The crawler's name comes first. An agent that reads as no crawler at
// all (a path or a URL, as when the arguments are passed the other way
// round, or a string that gives no name) is a mistake: Allowed returns
// false for it, whatever the file, and [Robots.Decide] says why. "" and
// "*" are not mistakes: they name no crawler and get the "*" group's
// answer.
func (r *Robots) Allowed(agent, target string) bool {
	if r != nil && r.lazy != nil {
		if d, ok := r.lazy.first(agent, target); ok {
			return d.Allowed
		}
	}
	return r.Group(agent).Allowed(target)
}

// Decide reports whether the crawler agent may fetch target, and which
// rule decided. agent is read as for [Robots.Allowed], whose order of
// arguments Decide takes. It gives what r.Group(agent).Decide(target)
// gives; a real crawler with several product tokens asks the group that
// [github.com/rfc9309/robotstxt/crawlers.Group] chooses (see
// [Robots.Group]).
//
// For an agent that reads as no crawler at all (see [Robots.Allowed]),
// Decide fails closed: Allowed is false, Rule is the zero Rule, and Err
// holds an error that names the agent, in which errors.Is finds
// [ErrInvalidAgent]. Err is nil for every other query.
//
// The first Allowed or Decide of a file of up to 1 KB, parsed whole, is
// answered by one pass over its text, which allocates nothing and builds
// none of the tables that Group, the other methods and later queries
// build once: bulk work that asks each file once pays for no more. A
// caller that will ask such a file many times saves that pass by asking
// Group first.
func (r *Robots) Decide(agent, target string) Decision {
	if r != nil && r.lazy != nil {
		if d, ok := r.lazy.first(agent, target); ok {
			return d
		}
	}
	return r.Group(agent).Decide(target)
}

// Sitemaps returns the values of the file's Sitemap lines, in file order,
// each once. A value that is not an absolute http or https URL (a relative
// "/sitemap.xml") is dropped, as crawlers drop it, and reported by
// [Robots.Diagnostics].
func (r *Robots) Sitemaps() []string {
	if r == nil {
		return nil
	}
	r = r.full()
	f := r.fileRecs()
	if len(f.sitemaps) == 0 {
		return nil
	}
	out := make([]string, len(f.sitemaps))
	for i, sp := range f.sitemaps {
		out[i] = f.text[sp.off:sp.end]
	}
	return out
}

// Diagnostics returns the problems the parse found, in line order: what
// a line says that a crawler reads otherwise than its author may have
// meant, and the limits the file reached. None of them changed a verdict
// beyond what it says. It reads what the parse kept and changes nothing.
// The checks of the file as a whole (rules that never decide, named
// groups that drop the "*" group's rules, blocked CSS and JavaScript, a
// closed site) are package [github.com/rfc9309/robotstxt/lint]'s: its
// Check returns these diagnostics and its own, in line order.
func (r *Robots) Diagnostics() []Diagnostic {
	if r == nil {
		return nil
	}
	r = r.full()
	if r.text == nil {
		return nil // the zero Robots
	}
	out := r.notes.diagnostics(r.text, r.tokenText)
	// The parse adds a few notes after the lines they are about (merged
	// groups that disagree, the groups a record splits).
	slices.SortStableFunc(out, func(a, b Diagnostic) int { return cmp.Compare(a.Line, b.Line) })
	return out
}

// Footprint returns an upper bound of the bytes of memory r holds once
// queries have built all they can build: the parsed file, the Group of
// every name it has (see [Robots.Group]), each with the index its queries
// build (a group of many rules builds one after its first few queries).
// A cache that keeps parsed files counts them at their Footprint, which
// does not grow with their queries, rather than at what they hold when
// cached, which does.
//
// The Groups that combine the groups of several names are counted only
// once they exist: Robots.Group builds them for a call with names of
// different groups and keeps them, up to 64 per file (each holds at most
// what the groups it combines hold). Footprint costs a pass over the
// file's groups.
func (r *Robots) Footprint() int64 {
	if r == nil {
		return 0
	}
	if r.lazy != nil {
		// The tables, and the Robots that kept the text until they
		// were built.
		return r.full().Footprint() + heapBytes(lazyBytes(r.lazy.n))
	}
	if r.robotsTables == nil {
		return heapBytes(int64(unsafe.Sizeof(*r))) // the zero Robots
	}
	n := heapBytes(int64(unsafe.Sizeof(wholeRobots{})))
	if r.small != nil {
		n = heapBytes(smallFileBytes(r)) // its Robots, text, table, first Group and extra room
	}
	if t := r.text; t != nil {
		// The arena may keep up to half its length again of spare room
		// (see builderString).
		n += heapBytes(int64(unsafe.Sizeof(*t))) + heapBytes(int64(len(t.arena))*3/2)
		if w := t.written; w != nil {
			n += heapBytes(int64(unsafe.Sizeof(*w))) + sliceBytes(w.forms) + heapBytes(int64(len(w.text)))
		}
	}
	n += sliceBytes(r.rules) + sliceBytes(r.starts) + sliceBytes(r.groupLines) + sliceBytes(r.exts)
	for _, e := range r.exts {
		n += e.ext.footprint()
	}
	n += sliceBytes(r.toks) + heapBytes(int64(len(r.tokText))) + sliceBytes(r.sorted) + sliceBytes(r.cache)
	if m := r.multi; m != nil {
		n += heapBytes(int64(unsafe.Sizeof(*m))) + sliceBytes(m.ids) + sliceBytes(m.end) + sliceBytes(m.at)
	}
	n += sliceBytes(r.notes.list) + sliceBytes(r.notes.args)
	if f := r.file; f != nil {
		n += heapBytes(int64(unsafe.Sizeof(*f))) + heapBytes(int64(len(f.text))) + sliceBytes(f.sitemaps) +
			sliceBytes(f.cleanParams) + sliceBytes(f.records) + heapBytes(int64(len(f.host))) + signalBytes(f.signals)
	}
	// The Groups of the file's names, which keep the names (agents) that
	// select them, as strings of tokText; appends may leave their lists
	// twice as long as needed.
	n += 2 * heapBytes(int64(len(r.toks))*int64(unsafe.Sizeof("")))
	for set := range r.cache {
		if set < len(r.starts) {
			rules := r.groupRules(set)
			n += groupBytes(len(rules), keyedRules(r.text, rules), false)
			continue
		}
		rules, keyed := 0, 0
		for _, id := range r.setIDs(set) {
			rules += len(r.groupRules(id))
			keyed += keyedRules(r.text, r.groupRules(id))
			n += r.extOf(id).footprint() // the merge of their extension records
		}
		n += groupBytes(rules, keyed, true)
	}
	if c := r.unions.Load(); c != nil {
		n += heapBytes(int64(unsafe.Sizeof(*c)))
		c.mu.RLock()
		n += mapBytes(len(c.m))
		for _, g := range c.m {
			n += groupBytes(len(g.rules), keyedRules(g.text, g.rules), true) + heapBytes(int64(len(g.agents))*int64(unsafe.Sizeof("")))
			n += g.ext.footprint()
		}
		c.mu.RUnlock()
		if u := c.last.Load(); u != nil {
			n += u.bytes()
		}
	}
	return n
}

// Host returns the first valid Host record (Yandex's preferred host name).
func (r *Robots) Host() (string, bool) {
	if r == nil {
		return "", false
	}
	host := r.full().fileRecs().host
	return host, host != ""
}

// ContentSignals returns the Content-Signal preferences stated outside any
// group, for every crawler. The map is a copy.
func (r *Robots) ContentSignals() map[string]bool {
	if r == nil {
		return nil
	}
	r = r.full()
	return maps.Clone(r.fileRecs().signals)
}

// Records returns, in file order, the key-value lines this library does
// not interpret: those whose keys it does not know, and Yandex's
// Clean-param lines, whose values ("utm_source&utm_medium /news/") it
// checks but does not apply, with the key "Clean-param" however the line
// spelt it. A file that is an HTML page ([CodeNotRobotsTxt]) has none: its
// lines with a colon are markup, not records.
func (r *Robots) Records() []Record {
	if r == nil {
		return nil
	}
	r = r.full()
	f := r.fileRecs()
	n := len(f.records) + len(f.cleanParams)
	if n == 0 {
		return nil
	}
	out := make([]Record, 0, n)
	cps := f.cleanParams
	for _, rec := range f.records {
		for len(cps) > 0 && cps[0].line < rec.line {
			out = append(out, f.cleanParamRecord(cps[0]))
			cps = cps[1:]
		}
		out = append(out, Record{Line: int(rec.line), Key: f.text[rec.off:rec.mid], Value: f.text[rec.mid:rec.end]})
	}
	for _, c := range cps {
		out = append(out, f.cleanParamRecord(c))
	}
	return out
}

// noFile stands for the records of a file that has none: most files, which
// then spend a pointer on them, not the whole record.
var noFile fileRecords

func (r *Robots) fileRecs() *fileRecords {
	if r.file == nil {
		return &noFile
	}
	return r.file
}

// WriteTo writes r as a canonical robots.txt file: one group for each set
// of crawlers that obey the same rules (merged groups written once), each
// with its user-agent lines, its extension records and its rules in file
// order, then the file-wide records. A group without rules gets an empty
// "Disallow:", which allows everything, so that it cannot merge with the
// next one. Parsing the result in the same mode gives the same verdict for
// every crawler and URL and the same extension values; comments, unknown
// spellings and the rules before the first user-agent line are not kept.
func (r *Robots) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: bufio.NewWriter(w)}
	if r != nil {
		writeRobots(cw, r.full())
	}
	if cw.err == nil {
		cw.err = cw.w.(*bufio.Writer).Flush()
	}
	return cw.n, cw.err
}

// Groups returns each group of the file once, merged as crawlers see them:
// one per set of product tokens that obey the same rules, in the order of
// their first lines.
func (r *Robots) Groups() []*Group {
	if r == nil {
		return nil
	}
	r = r.full()
	return r.distinctGroups()
}

// distinctGroups returns each group of r once, in the order of the file's
// first group in each.
func (r *Robots) distinctGroups() []*Group {
	var gs []*Group
	for pos := 0; pos < len(r.sorted); pos = r.runEnd(pos) {
		if g := r.groupOf(r.setAt(pos)); !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	ids := make(map[*Group][]int, len(gs))
	for _, g := range gs {
		ids[g] = r.setIDs(int(g.set))
	}
	slices.SortFunc(gs, func(a, b *Group) int { return slices.Compare(ids[a], ids[b]) })
	return gs
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

// extOf returns the extension record of the file's group id, or nil.
func (r *Robots) extOf(id int) *groupExt {
	i, ok := slices.BinarySearchFunc(r.exts, uint32(id), func(e extAt, id uint32) int { return cmp.Compare(e.id, id) })
	if !ok {
		return nil
	}
	return r.exts[i].ext
}

// groupOf returns the Group of set, building it on first use. Builders
// that race build one each and one is kept; neither writes the rules it
// reads.
func (r *Robots) groupOf(set int) *Group {
	p := &r.cache[set]
	if g := p.Load(); g != nil {
		return g
	}
	g := newGroup(r)
	ids := r.setIDs(set)
	r.fill(g, set, ids)
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

// fill makes g the group of the file's groups ids (ascending), which are
// set (-1 for a union of sets). A group alone shares its window of
// r.rules, which nothing writes after parsing; several groups' rules are
// copied, one window after another.
func (r *Robots) fill(g *Group, set int, ids []int) {
	g.d, g.text, g.set = r.d, r.text, int32(set)
	if len(ids) == 1 {
		g.rules = r.groupRules(ids[0])
		return
	}
	n := 0
	for _, id := range ids {
		n += len(r.groupRules(id))
	}
	g.rules = make([]rule, 0, n)
	for _, id := range ids {
		g.rules = append(g.rules, r.groupRules(id)...)
	}
}

// lookupSet returns the set of groups for one crawler, given by a name
// or a whole User-Agent string, which the mode reads as a name (see
// dialect.callerName), or -1 when no group names it. Names compare
// case-insensitively in ASCII and exactly (RFC 9309 section 2.2.1): a
// "foo" group never applies to "foobot". "*" and, in RFC mode, a string
// that gives no name find nothing, so that the global group applies only
// when no name matches. It allocates nothing.
func (r *Robots) lookupSet(agent string) int {
	if r.d == nil {
		return -1 // the zero Robots
	}
	name := r.d.callerName(agent)
	if name == "*" || name == "" && !r.d.googleNames {
		return -1 // Google's library lets "" find a line that names nothing
	}
	pos, ok := r.find(name)
	if !ok {
		return -1
	}
	return r.setAt(pos)
}

// A FileGroup is one group of the file as written (RFC 9309 section
// 2.1): its user-agent lines and its rules, before the groups that name
// one crawler are merged. Groups merge for a crawler when they name the
// same product token, compared case-insensitively in ASCII (RFC 9309
// section 2.2.1); [Robots.Group] returns what a crawler obeys. Package
// lint reads a file through its FileGroups.
type FileGroup struct {
	Line   int        // the line of its first user-agent line
	Agents []string   // the product tokens of its user-agent lines, as written, in file order; "*" for the global group
	Rules  []FileRule // its allow and disallow rules, in file order
	// CrawlDelay is the group's Crawl-delay and CrawlDelayLine the line
	// that gives it (the longest, when several do), or 0 when none does;
	// merged groups have the longest of theirs (see [Group.CrawlDelay]).
	CrawlDelay     time.Duration
	CrawlDelayLine int
}

// A FileRule is a rule as written and as the file's mode matches it.
type FileRule struct {
	Rule
	// Match is the pattern as the mode matches it: RFC mode's canonical
	// percent-encoding (RFC 9309 section 2.2.2), Google mode's escaping of
	// octets that a URL may not hold bare.
	Match string
	// Priority ranks the rule against the others that match a path: the
	// longer pattern decides, and an allow wins a tie (RFC 9309 section
	// 2.2.2). It is the length of Match but where the mode counts the
	// written form's octets (Google mode, for a pattern it escapes).
	Priority int
}

// FileGroups returns the file's groups as written, in file order. Rules
// before the first user-agent line belong to none (see
// [CodeRuleOutsideGroup]); a group whose user-agent lines name no crawler
// has no Agents. The slices are the caller's.
func (r *Robots) FileGroups() []FileGroup {
	if r == nil {
		return nil
	}
	r = r.full()
	if len(r.starts) == 0 {
		return nil
	}
	out := make([]FileGroup, len(r.starts))
	rules := make([]FileRule, 0, len(r.rules))
	agents := make([]string, 0, len(r.toks))
	t := 0
	for id := range out {
		for i := range r.groupRules(id) {
			rl := &r.groupRules(id)[i]
			if rl.derived() {
				continue
			}
			public := Rule{Allow: rl.allow(), Pattern: r.text.pattern(rl), Line: int(rl.line())}
			if w, ok := r.text.writtenAt(rl.line()); ok {
				public.Pattern = w
			}
			rules = append(rules, FileRule{Rule: public, Match: r.text.pattern(rl), Priority: int(r.text.prio(rl))})
		}
		a := len(agents)
		for ; t < len(r.toks) && int(r.toks[t].group) == id; t++ {
			agents = append(agents, r.tokenText(uint32(t)))
		}
		out[id] = FileGroup{Line: int(r.groupLines[id]), Agents: agents[a:len(agents):len(agents)]}
		if e := r.extOf(id); e != nil {
			out[id].CrawlDelay, out[id].CrawlDelayLine = e.crawlDelay, e.crawlDelayLine
		}
	}
	// The groups' rules are cut from one list once it is whole.
	n := 0
	for id := range out {
		start := n
		for _, rl := range r.groupRules(id) {
			if !rl.derived() {
				n++
			}
		}
		out[id].Rules = rules[start:n:n]
	}
	return out
}
