package robotstxt

import (
	"bufio"
	"cmp"
	"io"
	"maps"
	"slices"
	"time"
)

// This file holds a parsed file, Robots, and its answers: the Group of
// a crawler, verdicts, the file's records and diagnostics, and what the
// file costs in memory.

// Robots is a parsed robots.txt file. It is immutable and safe for
// concurrent use by multiple goroutines: Parse builds all of its tables,
// and nothing writes it afterwards but one cache, groups: the Group of
// each set of groups once asked for (so that a file of hundreds of groups
// keeps a pointer for each one no crawler asks), which holds its index
// once its queries have paid for it (see indexCache).
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
	_      [0]func()
	d      *dialect // the mode's way of reading; nil in the zero Robots
	text   ruleText // the rules' patterns
	global int32    // the set of the "*" groups plus one; 0: none
	// rules holds every rule in file order, each group's together: the
	// file's group i has rules[starts[i]:starts[i+1]]. Nothing writes it
	// after parsing: an index orders a copy.
	rules []rule
	// groupSets are the file's groups, the user-agent lines that name
	// them and the sets of groups each name selects (see lookup.go).
	groupSets
	groupLines []uint32   // the line of each group's first user-agent line
	exts       []extAt    // the groups' extension records, by group
	groups     groupTable // the Group of each set, once made
	// inline holds the groups table of a file of at most two sets, most
	// files (BenchmarkSmallFirstQuery: its "separate" cases allocate it).
	inline   [2]groupSlot
	notes    notes        // the diagnostics of the parse
	file     *fileRecords // nil when the file has none
	blockLen int          // the bytes of the block the parse copied the tables without pointers to
}

// Mode returns the mode r was parsed in.
func (r *Robots) Mode() Mode {
	if r == nil || r.d == nil {
		return RFC
	}
	return r.d.mode
}

// Group returns the rules of the groups that name one of agents, combined
// (RFC 9309 section 2.2.1); only when no group names any of them, the rules
// of the global "*" groups. Group returns nil, which allows everything, when
// neither exists.
//
// Several names make the union of their groups, for a crawler that obeys
// every group that names one of its names. A real crawler with several
// product tokens obeys one group instead, chosen by its operator's
// precedence: Googlebot-Image obeys a "Googlebot-Image" group where a file
// has one, and only otherwise the "Googlebot" group. The union may answer
// otherwise: where "Googlebot" has "Allow: /photos/" and "Googlebot-Image"
// has "Disallow: /photos", r.Group("Googlebot-Image", "Googlebot") allows
// /photos/cat.jpg, which Googlebot-Image does not fetch. For a real crawler,
// ask [github.com/rfc9309/robotstxt/crawlers.Group](r, userAgent), which
// knows each crawler's tokens and their order, and call Allowed and Decide
// on the group it returns.
//
// A crawler calls Group once per file and keeps the result, whose queries
// allocate nothing. With one name Group finds the same Group each time, made
// on its first call; with several that match different groups, each call
// builds their union, with a copy of their rules unless their groups follow
// one another in the file, and an index of its own once its queries pay for
// it, as any Group ([Group.Footprint] counts what it holds).
//
// # Crawler names
//
// This is where the modes' readings of a caller's crawler names are said,
// for Group, [Robots.Allowed], [Robots.Decide] and [Mode]. In RFC mode an
// agent may be a name ("MJ12bot"), a name with its version ("MJ12bot/1.4")
// or a whole User-Agent header ("MyCrawler/1.0 (+https://example.com/bot)"):
// it is read as its leading name (see [ProductToken]), as user-agent lines
// are. A browser-style header, led by "Mozilla" (in any case), is read as
// the crawler it names in a comment, as Google, Bing, Yandex and Apple write
// theirs: the name after "compatible;" ("Mozilla/5.0 (compatible;
// YandexBot/3.0; +http://yandex.com/bots)" and "Mozilla/5.0
// AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1;
// +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36" name
// YandexBot and Googlebot), or a name that opens a comment and is followed
// by its version ("... Safari/605.1.15 (Applebot/0.1;
// +http://www.apple.com/go/applebot)" names Applebot), whichever the header
// gives first. A header of neither shape, a browser's, is read as "Mozilla";
// one whose "compatible;" is followed by no name (only a URL, or nothing)
// names no crawler and is refused (see below); and a browser's header in the
// compatible shape is read as the name there ("Mozilla/5.0 (compatible; MSIE
// 9.0; ...)" as MSIE). Names compare case-insensitively (in ASCII) and
// exactly: a group for "foo" never applies to "foobot".
//
// Google mode takes each agent as given, as Google's library takes the names
// its caller passes, and compares it case-insensitively with the names of
// the file's user-agent lines (which it reads as Google's library does, see
// [Mode]): "Googlebot" finds the "Googlebot" group, while "Googlebot/2.1"
// and a whole User-Agent header find no group and fall back to the "*"
// groups. A caller in Google mode passes bare product tokens.
//
// In both modes "*" given as an agent names no crawler, and so does "": both
// find the "*" groups (Google mode lets "" find a user-agent line that gives
// no name too, as Google's library does). A name that reads as no crawler at
// all is the caller's mistake, not a crawler: a path ("/admin/x"), a URL
// ("https://example.com/x"), or a string in which no name is found, neither
// at its start nor in a comment (" Googlebot", "(compatible)", a header
// whose "compatible;" is followed by no name). A header that names its
// crawler in a comment only is not refused, though RFC mode reads only a
// Mozilla-led header's comment: "(Various mobile device types) (compatible;
// Mediapartners-Google/2.1; +url)" finds the "*" group here, and its
// crawler's in package crawlers. For one among agents, in either mode and
// whatever the file (a nil *Robots too), Group returns a Group that allows
// nothing and whose Decide says why (see [ErrInvalidAgent]).
func (r *Robots) Group(agents ...string) *Group {
	var sets []int
	for _, a := range agents {
		set := r.lookupSet(a)
		if refuses(a, set >= 0) {
			return &Group{refused: true, agents: []string{a}} // allows nothing
		}
		if set >= 0 && !slices.Contains(sets, set) {
			sets = append(sets, set)
		}
	}
	switch len(sets) {
	case 0:
		if r != nil && r.global > 0 {
			return r.group(int(r.global) - 1)
		}
		return nil
	case 1:
		return r.group(sets[0])
	}
	return r.union(sets)
}

// groupless bounds the groups that Robots.Decide scans from the tables
// without making their Group: most files' groups, asked once, cost no
// allocation; a crawler asking often keeps a Group, whose index a scan
// of such a group would not have (see listMax).
const groupless = 8

// group returns the Group of set, made on first use. Callers that race
// make one each and one is kept; none writes what it reads.
func (r *Robots) group(set int) *Group {
	p := &r.groups[set]
	if p.Load() == nil {
		p.CompareAndSwap(nil, r.newGroup(set, r.setIDs(set)))
	}
	return p.Load()
}

// union builds the Group of every group of sets, two or more.
func (r *Robots) union(sets []int) *Group {
	var ids []int
	for _, set := range sets {
		ids = append(ids, r.setIDs(set)...)
	}
	slices.Sort(ids)
	g := r.newGroup(-1, slices.Compact(ids))
	for _, set := range sets {
		for _, name := range r.setAgents(set) {
			if !slices.Contains(g.agents, name) {
				g.agents = append(g.agents, name)
			}
		}
	}
	return g
}

// newGroup returns a new Group of the file's groups ids, ascending, which
// are set (-1: a union): a window of r.rules when the groups follow one
// another in the file (one group, most often), else a copy of their
// rules, one group's after another.
func (r *Robots) newGroup(set int, ids []int) *Group {
	g := &Group{set: int32(set)}
	g.r, g.d, g.text = r, r.d, &r.text
	g.rules, g.copied = unionRules(r.rules, r.starts, ids)
	if len(g.rules) >= indexMin {
		g.c = &g.cache
		g.c.countStars(g.text, g.rules)
	}
	g.mergeExt(r, ids)
	return g
}

// Allowed reports whether the crawler agent may fetch target, an absolute
// URL or a path with an optional query. agent is a crawler's name or its
// whole User-Agent header, read as r's mode reads it (see "Crawler names" at
// [Robots.Group]). It is r.Group(agent).Allowed(target).
//
// The crawler's name comes first. An agent that reads as no crawler at all
// (a path or a URL, as when the arguments are passed the other way round, or
// a string that gives no name) is a mistake: Allowed returns false for it,
// whatever the file, and [Robots.Decide] says why. "" and "*" are not
// mistakes: they name no crawler and get the "*" group's answer.
func (r *Robots) Allowed(agent, target string) bool {
	return r.Decide(agent, target).Allowed
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
func (r *Robots) Decide(agent, target string) Decision {
	set := r.lookupSet(agent)
	if refuses(agent, set >= 0) {
		return Decision{Err: agentError{agent}}
	}
	if set < 0 && r != nil {
		set = int(r.global) - 1
	}
	if set < 0 {
		return Decision{Allowed: true}
	}
	if set < len(r.starts) {
		// A group of fewer than groupless rules is scanned from the
		// tables, without making its Group: most files, asked once (an
		// allocation fewer on the corpus's smallest files).
		if rules := r.groupRules(set); len(rules) < groupless {
			m := matcher{d: r.d, text: &r.text, rules: rules, r: r}
			return m.decision(target)
		}
	}
	return r.group(set).decision(target)
}

// Sitemaps returns the values of the file's Sitemap lines, in file order,
// each once. A value that is not an absolute http or https URL (a relative
// "/sitemap.xml") is dropped, as crawlers drop it, and reported by
// [Robots.Diagnostics].
func (r *Robots) Sitemaps() []string {
	if r == nil {
		return nil
	}
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
	if r == nil || r.d == nil {
		return nil // the zero Robots
	}
	out := r.notes.diagnostics(&r.text, r.tokenText)
	// The parse adds a few notes after the lines they are about (merged
	// groups that disagree, the groups a record splits).
	slices.SortStableFunc(out, func(a, b Diagnostic) int { return cmp.Compare(a.Line, b.Line) })
	return out
}

// Host returns the first valid Host record (Yandex's preferred host name).
func (r *Robots) Host() (string, bool) {
	if r == nil {
		return "", false
	}
	host := r.fileRecs().host
	return host, host != ""
}

// ContentSignals returns the Content-Signal preferences stated outside any
// group, for every crawler. The map is a copy.
func (r *Robots) ContentSignals() map[string]bool {
	if r == nil {
		return nil
	}
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
		writeRobots(cw, r)
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
	var sets []int
	for pos := 0; r != nil && pos < len(r.sorted); pos = r.runEnd(pos) {
		if set := r.setAt(pos); !slices.Contains(sets, set) {
			sets = append(sets, set)
		}
	}
	slices.SortFunc(sets, func(a, b int) int { return slices.Compare(r.setIDs(a), r.setIDs(b)) })
	var gs []*Group
	for _, set := range sets {
		gs = append(gs, r.group(set))
	}
	return gs
}

// groupRules returns the window of r.rules that holds the file's group
// id's rules.
func (r *Robots) groupRules(id int) []rule { return groupRules(r.rules, r.starts, id) }

// groupRules returns the window of rules that holds group id's rules,
// the groups starting at starts.
func groupRules(rules []rule, starts []uint32, id int) []rule {
	end := len(rules)
	if id+1 < len(starts) {
		end = int(starts[id+1])
	}
	return rules[starts[id]:end:end]
}

// unionRules returns the rules of groups ids, ascending, of the groups
// starting at starts, one group's after another as RFC 9309 section
// 2.2.1 merges them, and whether they are a copy: a window of rules when
// the groups follow one another in the file (one group, most often),
// else one copy of exactly their rules.
func unionRules(rules []rule, starts []uint32, ids []int) ([]rule, bool) {
	if last := len(ids) - 1; ids[last]-ids[0] == last {
		end := int(starts[ids[last]]) + len(groupRules(rules, starts, ids[last]))
		return rules[starts[ids[0]]:end:end], false
	}
	n := 0
	for _, id := range ids {
		n += len(groupRules(rules, starts, id))
	}
	union := make([]rule, 0, n)
	for _, id := range ids {
		union = append(union, groupRules(rules, starts, id)...)
	}
	return union, true
}

// extOf returns the extension record of the file's group id, or nil.
func (r *Robots) extOf(id int) *groupExt {
	i, ok := slices.BinarySearchFunc(r.exts, uint32(id), func(e extAt, id uint32) int { return cmp.Compare(e.id, id) })
	if !ok {
		return nil
	}
	return &r.exts[i].ext
}

// setAgents returns the tokens that select set, each as first written,
// in file order.
func (r *Robots) setAgents(set int) []string {
	var names []string
	for _, id := range r.setIDs(set) {
		lo, hi := r.groupTokens(id)
		for t := lo; t < hi; t++ {
			name := r.tokenText(uint32(t))
			pos, _ := r.find(name)
			if r.sorted[pos] == uint32(t) && r.setAt(pos) == set {
				names = append(names, name)
			}
		}
	}
	return names
}

// lookupSet returns the set of groups for one crawler, given by a name
// or a whole User-Agent string, which the mode reads as a name (see
// dialect.callerName), or -1 when no group names it. Names compare
// case-insensitively in ASCII and exactly (RFC 9309 section 2.2.1): a
// "foo" group never applies to "foobot". "*" and, in RFC mode, a string
// that gives no name find nothing, so that the global group applies only
// when no name matches; so does every name, for a nil or the zero Robots.
// It allocates nothing.
func (r *Robots) lookupSet(agent string) int {
	if r == nil || r.d == nil {
		return -1
	}
	name, ok := r.d.lookupName(agent)
	if !ok {
		return -1
	}
	pos, ok := r.find(name)
	if !ok {
		return -1
	}
	return r.setAt(pos)
}

// Footprint returns an estimate of the bytes of memory r holds once its
// queries have built all they can build: the parsed file, the Group of
// each set of groups and its index. A cache counts a parsed file at its
// Footprint, which does not grow with its queries. The estimate is
// within 1.0 to 1.3 times what the heap holds for the corpus's files
// (TestFootprintEstimate); the unions of several names' groups that
// Robots.Group builds are the caller's, counted by [Group.Footprint]. Footprint costs
// the build of the indexes of 32 rules or more that are not built yet.
func (r *Robots) Footprint() int64 {
	if r == nil {
		return 0
	}
	n := heapBytes(sizeOf[Robots]()) + heapBytes(int64(r.blockLen))
	if r.text.written != nil {
		n += heapBytes(sizeOf[writtenForms]())
	}
	if f := r.file; f != nil {
		n += heapBytes(sizeOf[fileRecords]()) + heapBytes(int64(len(f.host))) + signalBytes(f.signals)
	}
	if len(r.exts) > 0 {
		n += sliceBytes(r.exts)
		for _, e := range r.exts {
			n += signalBytes(e.ext.signals)
		}
	}
	if m := r.multi; m != nil {
		n += heapBytes(sizeOf[multiSets]()) + sliceBytes(m.ids) + sliceBytes(m.end) + sliceBytes(m.at)
	}
	// The Groups of the file's sets, each with its index.
	n += sliceBytes(r.groups)
	for set := range r.groups {
		if g := r.groups[set].Load(); g != nil {
			n += groupBytes(g.text, g.rules, g.copied, g.cache.ix.Load())
			continue
		}
		rules, copied := unionRules(r.rules, r.starts, r.setIDs(set)) // as newGroup will
		n += groupBytes(&r.text, rules, copied, nil)
	}
	return n
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
	if r == nil || len(r.starts) == 0 {
		return nil
	}
	out := make([]FileGroup, len(r.starts))
	// Room for every rule and token: the groups' windows of the two lists
	// stay valid as they grow.
	rules := make([]FileRule, 0, len(r.rules))
	agents := make([]string, 0, len(r.toks))
	t := 0
	for id := range out {
		start := len(rules)
		for i := range r.groupRules(id) {
			rl := &r.groupRules(id)[i]
			if rl.derived() {
				continue
			}
			rules = append(rules, FileRule{Rule: publicRule(&r.text, rl), Match: r.text.pattern(rl), Priority: int(r.text.prio(rl))})
		}
		a := len(agents)
		for ; t < len(r.toks) && int(r.toks[t].group) == id; t++ {
			agents = append(agents, r.tokenText(uint32(t)))
		}
		out[id] = FileGroup{Line: int(r.groupLines[id]), Agents: agents[a:len(agents):len(agents)]}
		out[id].Rules = rules[start:len(rules):len(rules)]
		if e := r.extOf(id); e != nil {
			out[id].CrawlDelay, out[id].CrawlDelayLine = e.crawlDelay, e.crawlDelayLine
		}
	}
	return out
}
