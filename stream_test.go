package robotstxt

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"
	"unsafe"
)

// TestFirstQueryBuildsNothing checks that the first query of a small file
// is answered from its text, without building its tables, and that the
// second builds them: on every corpus file of up to streamBytes and the
// files of smallShapes, in both modes.
func TestFirstQueryBuildsNothing(t *testing.T) {
	for _, f := range append(corpus(t), smallShapes...) {
		if len(f.data) > streamBytes {
			continue
		}
		for _, o := range []Options{{}, {Mode: Google}} {
			r := o.Parse(f.data)
			r.Decide("Googlebot", "/some/page.html?id=1")
			if r.lazy == nil || r.lazy.built.Load() != nil {
				t.Errorf("%s, mode %v: the first query built the tables, want them left unbuilt", f.name, o.Mode)
				continue
			}
			r.Decide("Googlebot", "/some/page.html?id=1")
			if r.lazy.built.Load() == nil {
				t.Errorf("%s, mode %v: the second query left the tables unbuilt, want them built", f.name, o.Mode)
			}
		}
	}
}

// TestStreamShapes checks the pass over a small file's text (see
// streamDecide) on the shapes of file it reads as the builder and
// matcher do, each row with its source: the Decision must equal the
// tables' in every field.
func TestStreamShapes(t *testing.T) {
	tests := []struct {
		name, file, agent, target string
		mode                      Mode
	}{
		{"merged groups (RFC 9309 section 2.2.1)", "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nuser-agent: A\nAllow: /x/y\n", "a", "/x/y/z", RFC},
		{"a named group without rules allows (section 2.2.1)", "User-agent: *\nDisallow: /\n\nUser-agent: a\n", "a/1.0", "/x", RFC},
		{"global groups merged (section 2.2.1)", "User-agent: *\nDisallow: /a\nUser-agent: b\nAllow: /\nUser-agent: *\nAllow: /a/b\n", "c", "/a/b", RFC},
		{"allow wins a tie (section 2.2.2)", "User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a", RFC},
		{"earlier line wins a tie of kind", "User-agent: *\nDisallow: /a*\nDisallow: /*b\n", "x", "/ab", Google},
		{"'$' inside a pattern counts once (section 2.2.3)", "User-agent: *\nDisallow: /a$b\nAllow: /a%24\n", "x", "/a$b", RFC},
		{"a rule before any group is ignored (section 2.1)", "Disallow: /\nUser-agent: *\nAllow: /a\n", "x", "/b", RFC},
		{"a record does not end a group (section 2.2.4)", "User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /\n", "a", "/x", RFC},
		{"Google's empty rule decides with priority 0", "User-agent: *\nDisallow:\n", "x", "/x", Google},
		{"Google's index.html rule", "User-agent: *\nAllow: /d/index.html\nDisallow: /\n", "x", "/d/", Google},
		{"Google reads names as given", "User-agent: MJ12bot\nDisallow: /\n", "MJ", "/x", Google},
		{"RFC reads a browser header's crawler", "User-agent: bingbot\nDisallow: /\n", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "/x", RFC},
		{"/robots.txt is always allowed (section 2.2.2)", "User-agent: *\nDisallow: /\n", "x", "/robots.txt", RFC},
		{"non-canonical target (section 2.2.2)", "User-agent: *\nDisallow: /%7Ea/b\n", "x", "/~a/./c/../b", RFC},
		{"a UTF-8 byte-order mark", "\ufeffUser-agent: *\nDisallow: /\n", "x", "/x", RFC},
		{"an HTML page", "<html>\nUser-agent: *\nDisallow: /\n</html>\n", "x", "/x", RFC},
		{"plain and general user-agent lines form one group", "User-agent: x\nuser-agent: *\nDisallow: /a\n", "x", "/a", RFC},
		{"a user-agent value with a comment", "User-agent: x # y\nDisallow: /a\nUser-agent: *\nAllow: /\n", "x", "/a", RFC},
		{"Google reads \"* x\" as the global agent", "User-agent: * x\nDisallow: /a\n", "y", "/a", Google},
		{"a final CRLF", "User-agent: *\r\nDisallow: /a\r\n", "x", "/a", RFC},
		{"a final CR after a blank line", "User-agent: *\nDisallow: /a\n\r", "x", "/a", Google},
		{"a line without a colon (Google's two words)", "User-agent *\nDisallow /a\n", "x", "/a", Google},
		{"a non-canonical path past the stack's room", "User-agent: *\nDisallow: /%7E" + strings.Repeat("a", 200) + "\n", "x", "/~" + strings.Repeat("a", 200) + "/./b", RFC},
		{"/robots.txt in a file without rules for the caller", "User-agent: y\nDisallow: /\nUser-agent: *\n", "x", "/robots.txt", RFC},
		{"the caller's name after global groups", "User-agent: *\nDisallow: /a\n\nUser-agent: X\nAllow: /a\n", "x/1.0", "/a", RFC},
		{"a pattern past the stack's room", "User-agent: *\nDisallow: /" + strings.Repeat("ä", 200) + "\n", "x", "/" + strings.Repeat("ä", 200), RFC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := Options{Mode: tt.mode}
			want := o.Parse([]byte(tt.file)).Group(tt.agent).Decide(tt.target)
			got, ok := streamDecide(tt.file, tt.mode.dialect(), tt.agent, tt.target)
			if !ok || got != want {
				t.Errorf("streamDecide(%q, %q) = %+v, %v, want %+v, true", tt.agent, tt.target, got, ok, want)
			}
		})
	}
}

// TestTrimFinalBreak checks that the pass drops exactly one line break
// at the end of a file, in each of its three spellings (RFC 9309
// section 2.2: CR, LF or CRLF), and nothing else.
func TestTrimFinalBreak(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"a", "a"},
		{"a\n", "a"},
		{"a\r", "a"},
		{"a\r\n", "a"},
		{"a\n\n", "a\n"},
		{"a\n\r", "a\n"},
		{"a\r\r\n", "a\r"},
		{"\n", ""},
		{"a \t", "a \t"},
	} {
		if got := trimFinalBreak(tt.in); got != tt.want {
			t.Errorf("trimFinalBreak(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestStreamDeclinesUTF16 checks that a file led by a UTF-16 byte-order
// mark, which RFC mode converts before parsing, is answered by its
// tables.
func TestStreamDeclinesUTF16(t *testing.T) {
	src := "\xff\xfeU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00D\x00i\x00s\x00a\x00l\x00l\x00o\x00w\x00:\x00 \x00/\x00\n\x00"
	if _, ok := streamDecide(src, RFC.dialect(), "x", "/a"); ok {
		t.Error("streamDecide answered a UTF-16 file in RFC mode, want it left to the tables")
	}
	if got := Parse([]byte(src)).Allowed("x", "/a"); got {
		t.Errorf("Allowed(%q, %q) = %v, want %v", "x", "/a", got, false)
	}
}

// TestFirstQueriesConcurrent asks a fresh small file from many goroutines
// at once, each with one of its methods first, and checks every answer
// against the built tables': one of them takes the pass over the text,
// the others build the tables once (run with -race).
func TestFirstQueriesConcurrent(t *testing.T) {
	data := []byte("User-agent: *\nDisallow: /private\nAllow: /private/ok\nSitemap: https://example.com/s.xml\n\nUser-agent: FooBot\nDisallow: /\n")
	ref := parseGeneral(data)
	want := map[string]Decision{}
	for _, a := range []string{"FooBot", "other"} {
		for _, u := range []string{"/private/ok/x", "/private/x", "/x"} {
			want[a+" "+u] = ref.Decide(a, u)
		}
	}
	wantDiags := fmt.Sprint(ref.Diagnostics())
	for round := range 20 {
		r := Parse(data)
		var wg sync.WaitGroup
		errs := make(chan string, 64)
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, u := []string{"FooBot", "other"}[g%2], []string{"/private/ok/x", "/private/x", "/x"}[(g+round)%3]
				switch g % 4 {
				case 2:
					if got := fmt.Sprint(r.Diagnostics()); got != wantDiags {
						errs <- fmt.Sprintf("Diagnostics() = %s, want %s", got, wantDiags)
					}
				case 3:
					if got := r.Group(a).Decide(u); got != want[a+" "+u] {
						errs <- fmt.Sprintf("Group(%q).Decide(%q) = %+v, want %+v", a, u, got, want[a+" "+u])
					}
				}
				for range 2 {
					if got := r.Decide(a, u); got != want[a+" "+u] {
						errs <- fmt.Sprintf("Decide(%q, %q) = %+v, want %+v", a, u, got, want[a+" "+u])
					}
					if got, w := r.Allowed(a, u), want[a+" "+u].Allowed; got != w {
						errs <- fmt.Sprintf("Allowed(%q, %q) = %v, want %v", a, u, got, w)
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	}
}

// firstQueryShapes returns data and the shapes of file made from it that
// the pass must read as the parser does, each named: line ends (CRLF, CR
// alone), byte-order marks (UTF-8, part of one, UTF-16 before UTF-8
// text, a whole UTF-16 file), NUL bytes, invalid UTF-8, an HTML page,
// misspelt keys and keys without a colon, blank lines and comments
// inside groups, and padding to streamBytes and one byte past it.
func firstQueryShapes(name string, data []byte) []corpusEntry {
	s := string(data)
	utf16LE := []byte{0xFF, 0xFE}
	for _, c := range utf16.Encode([]rune(s)) {
		utf16LE = append(utf16LE, byte(c), byte(c>>8))
	}
	pad := s
	for len(pad) <= streamBytes {
		pad += "# a comment that pads the file\n"
	}
	shapes := []struct{ how, text string }{
		{"as served", s},
		{"CRLF", strings.ReplaceAll(s, "\n", "\r\n")},
		{"CR alone", strings.ReplaceAll(s, "\n", "\r")},
		{"UTF-8 byte-order mark", "\ufeff" + s},
		{"part of a byte-order mark", "\xEF\xBB" + s},
		{"UTF-16 mark before UTF-8 text", "\xFF\xFE" + s},
		{"UTF-16LE", string(utf16LE)},
		{"NUL bytes", strings.Replace(s, "\n", "\x00 /x\n", 3)},
		{"invalid UTF-8", strings.Replace(s, "/", "/\xFF", 2)},
		{"an HTML page", "<html>\n" + s + "</html>\n"},
		{"an HTML page of marked-up lines", "<html><body>\n<p>" + strings.ReplaceAll(s, "\n", "</p>\n<p>") + "</p></body></html>\n"},
		{"misspelt keys", strings.ReplaceAll(strings.ReplaceAll(s, "Disallow:", "disalow:"), "User-agent:", "useragent:")},
		{"no colons", strings.ReplaceAll(strings.ReplaceAll(s, "Disallow: ", "Disallow "), "User-agent: ", "User-agent ")},
		{"blank lines and comments", strings.ReplaceAll(s, "\n", "\n\n# c\n")},
		{"streamBytes", pad[:streamBytes]},
		{"streamBytes+1", pad[:streamBytes+1]},
	}
	out := make([]corpusEntry, len(shapes))
	for i, sh := range shapes {
		out[i] = corpusEntry{name + ", " + sh.how, []byte(sh.text)}
	}
	return out
}

// firstQueryAgents returns the crawler names to ask a file: each value of
// its user-agent lines as written, upper-cased and as its product token,
// and names that find no group, the "*" group, or a group only in one
// mode.
func firstQueryAgents(data []byte) []string {
	agents := []string{"Googlebot", "googlebot/2.1", "*", "", " ", "unknownbot", "ÄBot", "MJ12bot", "MJ",
		"Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"}
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.Contains(strings.ToLower(k), "agent") {
			v, _, _ = strings.Cut(v, "#")
			v = strings.TrimSpace(v)
			agents = append(agents, v, strings.ToUpper(v), ProductToken(v))
		}
	}
	slices.Sort(agents)
	return slices.Compact(agents)
}

// firstQueryTargets returns the targets to ask a file: paths made from
// each rule's value (the path it names, one below it, one octet short of
// it, with a query, as an absolute URL, the directory of an index.html),
// and targets that the normaliser changes.
func firstQueryTargets(data []byte) []string {
	targets := []string{"/", "/robots.txt", "/ROBOTS.TXT", "", "https://example.com/a?b#c", "/%7Ea/./b/../ä",
		"/a/index.html", "/a/", "http://u:a;b@example.com/private", "/%2e%2e/x", "/x;y=1"}
	for line := range strings.Lines(string(data)) {
		k, v, ok := strings.Cut(line, ":")
		if !ok || !strings.Contains(strings.ToLower(k), "allow") {
			continue
		}
		v, _, _ = strings.Cut(v, "#")
		p := strings.TrimSuffix(strings.ReplaceAll(strings.TrimSpace(v), "*", "x"), "$")
		targets = append(targets, p, p+"/sub", p+"?q", "https://example.com"+p, strings.TrimSuffix(p, "index.html"))
		if len(p) > 2 {
			targets = append(targets, p[:len(p)-1])
		}
	}
	slices.Sort(targets)
	return slices.Compact(targets)
}

// parseBuiltMode parses data in o's mode with its tables built, as Parse
// did for every file before small files were kept as their text.
func parseBuiltMode(o Options, data []byte) *Robots {
	return o.build(string(data), false, -1, defaultLimits, true)
}

// TestFirstQueryCorpus compares the first query of each corpus file of up
// to streamBytes, and of the shapes made from it (see firstQueryShapes),
// with the same query of its built tables, in both modes: every name its
// user-agent lines give and a few others, crossed with paths made from
// its rules. Each query is a fresh parse's first, so that the pass
// answers it; a file that cannot be kept as its text (one byte too long)
// checks that the tables answer alike.
func TestFirstQueryCorpus(t *testing.T) {
	var files []corpusEntry
	for _, f := range append(corpus(t), smallShapes...) {
		if len(f.data) <= streamBytes {
			files = append(files, firstQueryShapes(f.name, f.data)...)
		}
	}
	queries, streamed := 0, 0
	for _, f := range files {
		agents, targets := firstQueryAgents(f.data), firstQueryTargets(f.data)
		for _, o := range []Options{{}, {Mode: Google}} {
			built := parseBuiltMode(o, f.data)
			for _, a := range agents {
				for _, u := range targets {
					want := built.Group(a).Decide(u)
					r := o.Parse(f.data)
					streamed += countStreamed(r)
					queries++
					if got := r.Decide(a, u); got != want {
						t.Fatalf("%s, mode %v: first Decide(%q, %q) = %+v, want %+v", f.name, o.Mode, a, u, got, want)
					}
					if got := o.Parse(f.data).Allowed(a, u); got != want.Allowed {
						t.Fatalf("%s, mode %v: first Allowed(%q, %q) = %v, want %v", f.name, o.Mode, a, u, got, want.Allowed)
					}
				}
			}
		}
	}
	// Most shapes are kept as their text: a test whose files all took the
	// tables would leave the pass unchecked.
	if streamed < queries*3/4 {
		t.Errorf("%d of %d first queries were answered by the pass over the text, want at least three in four", streamed, queries)
	}
}

// TestLazyMethods checks that every exported method of a Robots kept as
// its text (see lazyFile) answers as the same file's built tables do, on
// a fresh parse, before any query: on each corpus file of up to
// streamBytes and the shapes made from it, in both modes. It lists the
// methods by reflection, so that a method added later without reading
// the tables (see Robots.full) fails here until it is compared.
// robotsMethods calls each method of Robots and gives its answer as a
// comparable value, for TestLazyMethods and TestZeroRobotsMethods.
var robotsMethods = map[string]func(r *Robots, agent, target string) any{
	"Allowed":        func(r *Robots, a, u string) any { return r.Allowed(a, u) },
	"Decide":         func(r *Robots, a, u string) any { return r.Decide(a, u) },
	"ContentSignals": func(r *Robots, _, _ string) any { return fmt.Sprint(r.ContentSignals()) },
	"Diagnostics":    func(r *Robots, _, _ string) any { return fmt.Sprint(r.Diagnostics()) },
	"Group":          func(r *Robots, a, _ string) any { return groupsText([]*Group{r.Group(a)}) },
	"Groups":         func(r *Robots, _, _ string) any { return groupsText(r.Groups()) },
	"Host":           func(r *Robots, _, _ string) any { h, ok := r.Host(); return fmt.Sprint(h, ok) },
	"Mode":           func(r *Robots, _, _ string) any { return r.Mode() },
	"Records":        func(r *Robots, _, _ string) any { return fmt.Sprint(r.Records()) },
	"FileGroups":     func(r *Robots, _, _ string) any { return fmt.Sprint(r.FileGroups()) },
	"Sitemaps":       func(r *Robots, _, _ string) any { return fmt.Sprint(r.Sitemaps()) },
	"WriteTo":        func(r *Robots, _, _ string) any { var b strings.Builder; r.WriteTo(&b); return b.String() },
	// A kept file counts its text beside its tables.
	"Footprint": func(r *Robots, _, _ string) any {
		if r.lazy != nil {
			return r.Footprint() - heapBytes(lazyBytes(r.lazy.n))
		}
		return r.Footprint()
	},
}

// groupsText writes the names and rules of gs.
func groupsText(gs []*Group) string {
	var b strings.Builder
	for _, g := range gs {
		fmt.Fprintf(&b, "%q %+v; ", g.Agents(), g.Rules())
	}
	return b.String()
}

func TestLazyMethods(t *testing.T) {
	methods := robotsMethods
	typ := reflect.TypeFor[*Robots]()
	for i := range typ.NumMethod() {
		if name := typ.Method(i).Name; methods[name] == nil {
			t.Errorf("Robots.%s is not compared here: add it, and have it answer from Robots.full", name)
		}
	}
	lazy := 0
	for _, f := range append(corpus(t), smallShapes...) {
		if len(f.data) > streamBytes {
			continue
		}
		for _, sh := range firstQueryShapes(f.name, f.data) {
			agent := "Googlebot"
			if as := firstQueryAgents(sh.data); len(as) > 10 {
				agent = as[len(as)/2]
			}
			for _, o := range []Options{{}, {Mode: Google}} {
				for name, call := range methods {
					// Both fresh: Footprint counts the Groups and notes
					// that earlier calls build.
					r, built := o.Parse(sh.data), parseBuiltMode(o, sh.data)
					if r.lazy != nil {
						lazy++
					}
					got, want := call(r, agent, "/some/page.html?id=1"), call(built, agent, "/some/page.html?id=1")
					if got != want {
						t.Errorf("%s, mode %v: %s on a fresh parse = %v, the tables give %v", sh.name, o.Mode, name, got, want)
					}
				}
			}
		}
	}
	if lazy == 0 {
		t.Error("no file was kept as its text: the methods of a kept file went unchecked")
	}
}

// TestKeptSmallFileLetsTextGo checks that a small file kept for many
// queries, as robotshttp.Cache keeps files, holds its tables and the
// Robots that kept its text, not the text itself: the heap that 256
// copies of a corpus file of nearly 1 KB hold, their tables built, is at
// most the heap of their tables alone and that Robots each, with a
// margin of a quarter of the text for the collector's accounting.
func TestKeptSmallFileLetsTextGo(t *testing.T) {
	const copies = 256
	data := corpusFile(t, "057_adguard.com.txt") // 860 bytes
	if len(data) <= lazyInline || len(data) > streamBytes {
		t.Fatalf("the file has %d bytes, want a text kept apart from its Robots", len(data))
	}
	held := func(parse func() *Robots) int64 {
		kept := make([]*Robots, copies)
		before := liveHeap()
		for i := range kept {
			kept[i] = parse()
			kept[i].Allowed("Googlebot", "/a")
			kept[i].Allowed("Googlebot", "/b") // builds the tables
		}
		after := liveHeap()
		runtime.KeepAlive(kept)
		return (after - before) / copies
	}
	tables := held(func() *Robots { return Options{}.build(string(data), false, -1, defaultLimits, true) })
	lazy := held(func() *Robots { return Parse(data) })
	if limit := tables + heapBytes(lazyBytes(len(data))) + int64(len(data))/4; lazy > limit {
		t.Errorf("a kept file of %d bytes holds %d bytes, want at most %d (its tables %d, its Robots %d)",
			len(data), lazy, limit, tables, heapBytes(lazyBytes(len(data))))
	}
}

// TestBuiltTablesKeepNoViewOfTheCopy checks that a small file's tables,
// once built, hold nothing of the copy of its text that they were built
// from: the copy of a text longer than lazyInline is collected while the
// Robots lives on. Footprint counts the tables and not that copy, so a
// table that pointed into it would keep it alive uncounted.
func TestBuiltTablesKeepNoViewOfTheCopy(t *testing.T) {
	files := []corpusEntry{
		{"records of every kind", []byte("Content-Signal: search=yes\nUser-agent: FooBot/1\nDisallow: /a\nAllow: /b/index.html\nCrawl-delay: 1\nContent-Signal: ai-train=no\nHost: example.com\nClean-param: a&b /x\nX-Thing: value\nSitemap: https://e.com/s.xml\nDissallow /%7e\n")},
		{"lazyInline+1 bytes", []byte("User-agent: *\nDisallow: /" + strings.Repeat("a", lazyInline+1-26) + "\n")},
		{"streamBytes bytes", []byte("User-agent: *\nDisallow: /" + strings.Repeat("b", streamBytes-26) + "\n")},
	}
	for _, f := range corpus(t) {
		if len(f.data) > lazyInline && len(f.data) <= streamBytes {
			files = append(files, f)
		}
	}
	for _, f := range files {
		for _, mode := range []Mode{RFC, Google} {
			r := Options{Mode: mode}.Parse(f.data)
			if r.lazy == nil || r.lazy.n <= lazyInline {
				t.Fatalf("%s (%d bytes): not kept as a copy of its own", f.name, len(f.data))
			}
			collected := make(chan struct{})
			runtime.AddCleanup(r.lazy.text.Load(), func(c chan struct{}) { close(c) }, collected)
			buildAll(r, f.data)
			r.Diagnostics()
			r.Sitemaps()
			r.Records()
			if !copyCollected(collected) {
				t.Errorf("%v: %s (%d bytes): the copy of the text outlives the building of its tables", mode, f.name, len(f.data))
			}
			runtime.KeepAlive(r)
		}
	}
}

// copyCollected runs the garbage collector until collected is closed,
// for at most 20 cycles.
func copyCollected(collected chan struct{}) bool {
	for range 20 {
		runtime.GC()
		select {
		case <-collected:
			return true
		case <-time.After(50 * time.Millisecond):
		}
	}
	return false
}

// TestZeroRobotsMethods checks that every method of the zero Robots, whose
// tables are nil (see Robots.full), answers as the parse of an empty file
// does, but for Footprint, which counts the zero Robots alone, and
// Diagnostics, which has no file to report as empty.
func TestZeroRobotsMethods(t *testing.T) {
	empty := Parse(nil)
	for name, call := range robotsMethods {
		var zero Robots
		got := call(&zero, "Googlebot", "/some/page.html?id=1")
		if name == "Footprint" {
			if got != heapBytes(int64(unsafe.Sizeof(zero))) {
				t.Errorf("Footprint of the zero Robots = %v, want its own size", got)
			}
			continue
		}
		if name == "Diagnostics" {
			if got != "[]" {
				t.Errorf("Diagnostics of the zero Robots = %v, want none", got)
			}
			continue
		}
		if want := call(empty, "Googlebot", "/some/page.html?id=1"); got != want {
			t.Errorf("zero Robots: %s = %v, Parse(nil) gives %v", name, got, want)
		}
	}
}
