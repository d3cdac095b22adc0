// Package robotstxt parses robots.txt files and answers whether a crawler
// may fetch a URL, as RFC 9309 specifies. A file is parsed once, by [Parse],
// [ParseReader] or [Options.Parse], into an immutable [Robots] that answers
// any number of queries ([Robots.Allowed], [Robots.Decide], or
// [Robots.Group] once per crawler and then [Group.Allowed] per URL); a
// *Robots and a *Group are safe for concurrent use by multiple goroutines,
// and their zero values and nil pointers allow everything. Parsing never
// fails on content: lines it cannot use become [Diagnostic] values. The
// default [RFC] mode follows RFC 9309 to the letter, normalising the
// percent-encoding of rules and URLs alike and always allowing
// /robots.txt; [Google] mode gives the answers of Google's open-source
// robots.txt library instead, which takes the URL as given and adds a few
// Googlebot behaviours. Each place where the modes differ is documented on
// the function it affects (they are gathered in dialect.go). The package
// reads only what it is given and imports no net/http: package robotshttp
// fetches, caches and enforces robots.txt files as RFC 9309 section
// 2.3-2.5 asks, and package metarobots reads the page-level rules of meta
// robots tags and X-Robots-Tag headers.
package robotstxt

import (
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Mode selects whose reading of a robots.txt file a [Robots] follows.
type Mode uint8

const (
	// RFC follows RFC 9309 to the letter. It is the zero value.
	RFC Mode = iota
	// Google gives the answers of Google's open-source robots.txt library,
	// case for case.
	Google
)

// String returns "rfc" or "google".
func (m Mode) String() string {
	if m == Google {
		return "google"
	}
	return "rfc"
}

// Options controls parsing. The zero value is RFC mode with the default
// size limit.
type Options struct {
	// Mode selects RFC 9309 (the zero value) or Google's reading.
	Mode Mode
	// MaxBytes is how much of the file is parsed: 0 means DefaultMaxBytes
	// (500 KiB, RFC 9309 section 2.5) and a negative value means no limit.
	// The limit applies in Google mode too: Google's library has none, but
	// Googlebot reads only the first 500 KiB of a file.
	MaxBytes int
}

// Robots is a parsed robots.txt file. It is immutable and safe for
// concurrent use by multiple goroutines.
//
// A Robots that allows everything, for a site whose robots.txt is
// unavailable (RFC 9309 section 2.3.1.3), is the parse of an empty file:
// Parse(nil), or Options{Mode: m}.Parse(nil) for a mode. A nil *Robots and
// the zero Robots allow everything too, so that a missing file never
// makes a crawler fail, but they are not values to make on purpose.
type Robots struct {
	diagOnce sync.Once // adds the notes of neverDecides on first use
	global   int32     // the set of the "*" groups plus one; 0: none
	d        *dialect  // the mode's way of reading
	text     *ruleText // the rules' patterns
	// rules holds every rule in file order, each group's together: the
	// file's group i has rules[starts[i]:starts[i+1]]. Nothing writes it
	// after parsing: a Group orders a copy for matching (see index).
	rules      []rule
	starts     []uint32
	groupLines []uint32 // the line of each group's first user-agent line; nil unless a "*" group disallows something
	exts       []extAt  // the groups' extension records, by group
	// The user-agent lines: their product tokens in file order, and the
	// same sorted case-insensitively (then in file order) for look-up.
	toks    []token
	tokText string
	sorted  []uint32
	multi   *multiSets              // nil when no token names several groups
	cache   []atomic.Pointer[Group] // the Group of each set, once built
	unions  unionCache              // the Groups of several sets, once built
	notes   notes                   // the diagnostics
	file    *fileRecords            // nil when the file has none
}

// Mode returns the mode r was parsed in.
func (r *Robots) Mode() Mode {
	if r == nil || r.d == nil {
		return RFC
	}
	return r.d.mode
}

// Footprint returns an upper bound of the bytes of memory r holds once
// queries have built all they can build: the parsed file, the Group of
// every name it has (see [Robots.Group]), each with the index its queries
// build (a group of many rules builds one after its first few queries).
// A cache that keeps parsed files counts them at their Footprint, which
// does not grow with their queries, rather than at what they hold when
// cached, which does.
//
// Two things are counted only once they exist: the Groups that combine
// the groups of several names, which Robots.Group builds for a call with
// names of different groups and keeps, up to 64 per file (each holds at
// most what the groups it combines hold), and the findings that
// [Robots.Diagnostics] adds on its first call. Footprint costs a pass
// over the file's groups.
func (r *Robots) Footprint() int64 {
	if r == nil {
		return 0
	}
	n := heapBytes(int64(unsafe.Sizeof(*r)))
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
		// merged is built on first use: one entry per group.
		n += heapBytes(int64(unsafe.Sizeof(*m))) + sliceBytes(m.ids) + sliceBytes(m.end) + sliceBytes(m.at) +
			heapBytes(int64(len(r.starts))*int64(unsafe.Sizeof(m.merged[0])))
	}
	n += sliceBytes(r.notes.list) + sliceBytes(r.notes.args)
	if f := r.file; f != nil {
		n += heapBytes(int64(unsafe.Sizeof(*f))) + heapBytes(int64(len(f.text))) + sliceBytes(f.sitemaps) +
			sliceBytes(f.cleanParams) + sliceBytes(f.records) + heapBytes(int64(len(f.host))) + mapBytes(len(f.signals))
	}
	// The Groups of the file's names, which keep the names (agents) that
	// select them, as strings of tokText; appends may leave their lists
	// twice as long as needed.
	n += 2 * heapBytes(int64(len(r.toks))*int64(unsafe.Sizeof("")))
	for set := range r.cache {
		if set < len(r.starts) {
			n += groupBytes(len(r.groupRules(set)), false)
			continue
		}
		rules := 0
		for _, id := range r.setIDs(set) {
			rules += len(r.groupRules(id))
			n += r.extOf(id).footprint() // the merge of their extension records
		}
		n += groupBytes(rules, true)
	}
	r.unions.mu.RLock()
	for _, g := range r.unions.m {
		n += mapBytes(1) + groupBytes(len(g.rules), true) + heapBytes(int64(len(g.agents))*int64(unsafe.Sizeof("")))
		n += g.ext.footprint()
	}
	r.unions.mu.RUnlock()
	return n
}

// groupBytes bounds the bytes of a Group of n rules, with its index
// built: a Group of one file group shares its window of Robots.rules, one
// of several (copied) holds its own copy.
func groupBytes(n int, copied bool) int64 {
	b := heapBytes(int64(unsafe.Sizeof(Group{}))) + indexBytes(n)
	if copied {
		b += heapBytes(int64(n) * int64(unsafe.Sizeof(rule{})))
	}
	return b
}

// footprint bounds the bytes of e, nil or not.
func (e *groupExt) footprint() int64 {
	if e == nil {
		return 0
	}
	return heapBytes(int64(unsafe.Sizeof(*e))) + mapBytes(len(e.signals))
}

// heapBytes bounds the bytes the heap takes for an object of n bytes:
// the size classes of small objects step by 16 bytes up to 128 and waste
// at most an eighth of the size above, and larger objects take whole
// pages of 8 KiB.
func heapBytes(n int64) int64 {
	switch {
	case n == 0:
		return 0
	case n <= 128:
		return (n + 15) &^ 15
	case n > 32<<10:
		return (n + 8<<10 - 1) &^ (8<<10 - 1)
	}
	return n + n/8
}

// sliceBytes bounds the bytes of the array behind s.
func sliceBytes[S ~[]E, E any](s S) int64 {
	var e E
	return heapBytes(int64(cap(s)) * int64(unsafe.Sizeof(e)))
}

// mapBytes bounds the bytes of a map[string]bool of n entries whose keys
// point into text held elsewhere.
func mapBytes(n int) int64 {
	if n == 0 {
		return 0
	}
	return heapBytes(int64(48 + 2*n*(16+1+8)))
}

// Group returns the rules a crawler that answers to the given names obeys
// (RFC 9309 section 2.2.1). In RFC mode each agent may be a name
// ("MJ12bot"), a versioned name ("MJ12bot/1.4") or a whole User-Agent
// header ("MyCrawler/1.0 (+https://example.com/bot)"): it is read as its
// leading name (see [ProductToken]), as user-agent lines are. Names
// compare case-insensitively (in ASCII) and exactly: a group for "foo"
// never applies to "foobot". Google mode takes each agent as given, as
// Google's library does. The rules of every group that names one of the
// agents are combined; only when none does do the global "*" groups
// apply. Group returns nil, which allows everything, when neither exists.
//
// A crawler should call Group once per file and keep the result: with one
// name it is a binary search over the file's names (the name's group is
// built on its first look-up and shared after that), with several that
// match different groups it builds their union. "*" given as an agent
// names no crawler. Reading a name allocates nothing.
//
// A union is built on the first call for a set of groups and kept for
// later calls (up to maxUnions sets of up to four groups each), so that a
// crawler with several names may call Robots.Allowed and Robots.Decide
// per URL without allocating.
func (r *Robots) Group(agents ...string) *Group {
	if r == nil {
		return nil
	}
	key := unionKey{-1, -1, -1, -1}
	n, over := 0, false
	for _, a := range agents {
		set := r.lookupSet(a)
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
		if g := r.unions.get(key); g != nil {
			return g
		}
	}
	g := r.union(agents)
	if !over {
		g = r.unions.put(key, g)
	}
	return g
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

// Allowed reports whether the crawler with product token agent may fetch
// target, an absolute URL or a path with an optional query. It is
// r.Group(agent).Allowed(target).
func (r *Robots) Allowed(agent, target string) bool {
	return r.Group(agent).Allowed(target)
}

// Decide reports whether the crawler with product token agent may fetch
// target, and which rule decided. It is r.Group(agent).Decide(target),
// and takes its arguments in the order of [Robots.Allowed]; a crawler that
// answers to several names asks r.Group(names...).Decide(target).
func (r *Robots) Decide(agent, target string) Decision {
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

// Diagnostics returns the problems found while parsing, in line order.
// None of them changed a verdict beyond what it says. The checks of whole
// groups run at the first call, within a budget of work in proportion to
// the file's size: a check that would compare every rule with every group
// of a file of thousands of both compares part of them and says so in its
// notes. The global-not-inherited check notes the first 100 named groups
// that ignore rules of the "*" group one by one, and counts the others in
// one more note on the first of them.
func (r *Robots) Diagnostics() []Diagnostic {
	if r == nil {
		return nil
	}
	r.diagOnce.Do(func() {
		if r.text == nil {
			return // the zero Robots
		}
		r.neverDecides()
		r.webmasterChecks()
		r.notes.sort()
	})
	return r.notes.diagnostics(r.text, r.tokenText)
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
}

// A Rule is an allow or disallow line of a robots.txt file.
type Rule struct {
	Allow   bool
	Pattern string // the path pattern as written in the file
	Line    int    // 1-based line number
}
