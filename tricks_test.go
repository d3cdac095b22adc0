package robotstxt

// This file keeps, beside each trick of docs/PERFORMANCE.md ("Where speed
// was bought") that has no benchmark of its own elsewhere, the plain way
// of doing the same work, and a benchmark that runs both side by side.
// The plain versions live here only: the library has one way of its own.

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// corpusRuleValues returns the value of every allow and disallow line of
// the corpus, as written, and the text of each such line after its colon
// and blanks, up to and with its line break (what the plain-line scan
// reads).
func corpusRuleValues(b testing.TB) (values, tails []string) {
	for _, f := range corpus(b) {
		for _, line := range bytes.Split(f.data, []byte("\n")) {
			key, rest, ok := bytes.Cut(line, []byte(":"))
			if !ok {
				continue
			}
			switch string(bytes.ToLower(bytes.TrimSpace(key))) {
			case "allow", "disallow":
				tails = append(tails, string(bytes.TrimLeft(rest, " \t"))+"\n")
				value, _, _ := bytes.Cut(rest, []byte("#"))
				values = append(values, string(bytes.TrimSpace(value)))
			}
		}
	}
	return values, tails
}

// plainRunByOctet is plainRun testing one octet at a time.
func plainRunByOctet(s string, i int, special *[256]uint8) int {
	for i < len(s) && special[s[i]] == 0 {
		i++
	}
	return i
}

// TestPlainRunByOctet checks that the plain scan of BenchmarkTricks
// stops where plainRun does.
func TestPlainRunByOctet(t *testing.T) {
	for _, s := range []string{"", "/a", "/abcdefgh", "/abcdefg h", "/abcdefghijklmnop$", "/x%2f/ä", "/012345678901234567*"} {
		for _, special := range []*[256]uint8{&patternSpecial, &urlSpecial, &plainRuleSpecial} {
			for i := 0; i <= len(s); i++ {
				if got, want := plainRunByOctet(s, i, special), plainRun(s, i, special); got != want {
					t.Errorf("plainRunByOctet(%q, %d) = %d, plainRun %d", s, i, got, want)
				}
			}
		}
	}
}

// BenchmarkTricks runs each trick beside the plain path it replaces:
//
//   - "eight-octets": plainRun, which tests eight octets a step against
//     a table, and the same scan an octet at a time, over the value of
//     every rule line of the corpus (the normaliser's first scan, with
//     patternSpecial) and over the text after each rule line's colon
//     (the plain-line scan, with plainRuleSpecial).
//   - "blind-room": RFC mode's normaliser on the rules of the file of
//     BenchmarkParseDollarInside, each written in one reused buffer as
//     the parser does ("blind", appendRFCFrom, which counts the room a
//     canonical form needs only when the buffer lacks room for the worst
//     case) and by appendRFCFromCounted, which counts it every time
//     ("plain").
//   - "rule-layout": the rules of every corpus file of 1 KB or more
//     in a table of rules of 12 bytes, line and flags in one word
//     ("packed", rule), and of 16 bytes with a field each ("plain",
//     plainRule): the time to read every rule's kind and line, as a scan
//     does, and the tables' bytes over the files' (x-size).
//   - "eight-blanks": trimSpan, which skips the blanks that start a line
//     eight spaces a step, and trimSpanByOctet, which skips them one at
//     a time, over the lines of tjx.com's 404 page of 107 KB, which
//     indents its markup, and over the lines of the other corpus files.
//   - "index": a group's index as the library builds it, and built plain
//     (see buildIndex), over the corpus's groups of listMax rules or
//     more and its groups of most '*' rules, each asked for paths made
//     from its own rules.
//   - "reset": a quiet parse of a 25-byte file, as DecideOnce makes it,
//     and the pooled buffers emptied after it, in place ("in-place",
//     parseBuffers.reset) or each part built anew ("anew", resetAnew).
//   - "tail": matches, which rules out a pattern that ends in an octet
//     and '$' by that octet first, and without that test ("plain"),
//     over the corpus's rules that end so, each asked for ten generic
//     paths and for a path made from it.
//   - "first-use": Parse and one query of each corpus file as the
//     library answers it ("lazy": a Group is made when first asked for,
//     a group of fewer than groupless rules is decided from the tables
//     without one, and an index is built after indexAfter queries), and
//     with every Group made and indexed right after the parse ("eager").
func BenchmarkTricks(b *testing.B) {
	b.Run("blind-room", benchBlindRoom)
	b.Run("index", benchIndexTricks)
	b.Run("eight-blanks", benchEightBlanks)
	b.Run("rule-layout", benchRuleLayout)
	b.Run("reset", benchReset)
	b.Run("tail", benchTail)
	b.Run("first-use", benchFirstUse)
	values, tails := corpusRuleValues(b)
	octets := 0
	for _, s := range values {
		octets += len(s)
	}
	tailOctets := 0
	for _, s := range tails {
		tailOctets += len(s)
	}
	for _, c := range []struct {
		name    string
		in      []string
		n       int
		special *[256]uint8
	}{
		{"normaliser", values, octets, &patternSpecial},
		{"plain-line", tails, tailOctets, &plainRuleSpecial},
	} {
		for _, run := range []struct {
			name string
			f    func(string, int, *[256]uint8) int
		}{
			{"eight", plainRun},
			{"plain", plainRunByOctet},
		} {
			b.Run("eight-octets/"+c.name+"/"+run.name, func(b *testing.B) {
				b.SetBytes(int64(c.n))
				b.ReportAllocs()
				sink := 0
				for b.Loop() {
					for _, s := range c.in {
						sink += run.f(s, 0, c.special)
					}
				}
				if sink == 0 {
					b.Fatal("no octet scanned")
				}
			})
		}
	}
}

// appendRFCFromCounted is appendRFCFrom counting the room the canonical
// form needs before every write.
func appendRFCFromCounted(dst []byte, s string, i int, pattern bool) ([]byte, int) {
	special := &urlSpecial
	if pattern {
		special = &patternSpecial
	}
	start := len(dst)
	grow := 0
	for k := i; k < len(s); k++ {
		grow += 2 * int(special[s[k]])
	}
	b := dst
	if need := len(s) + grow; cap(b)-len(b) < need {
		b = make([]byte, len(dst), len(dst)+need)
		copy(b, dst)
	}
	b = append(b, s[:i]...)
	dollars := 0
	for i < len(s) {
		in, out := rfcStep(s, i, pattern)
		switch {
		case out == 0:
			b = append(b, s[i:i+in]...)
		case in == 3 && out == 1:
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
		case in == 3:
			b = append(b, '%', upperHexOf(s[i+1]), upperHexOf(s[i+2]))
		default:
			b = append(b, '%', upperHex[s[i]>>4], upperHex[s[i]&15])
			if pattern && s[i] == '$' {
				dollars++
			}
		}
		j := plainRun(s, i+in, special)
		b = append(b, s[i+in:j]...)
		i = j
	}
	return b, len(b) - start - 2*dollars
}

// dollarInsideValues returns the values of the rules of dollarInside.
func dollarInsideValues() []string {
	var values []string
	for _, line := range bytes.Split(dollarInside(), []byte("\n")) {
		if v, ok := bytes.CutPrefix(line, []byte("Disallow: ")); ok {
			values = append(values, string(v))
		}
	}
	return values
}

// TestAppendRFCFromCounted checks that the plain normaliser of
// BenchmarkTricks writes what appendRFCFrom writes.
func TestAppendRFCFromCounted(t *testing.T) {
	values := append(dollarInsideValues()[:3], "/a b", "/%7e$x$", "/ツ/*", "/"+strings.Repeat("é", 400))
	var scratch []byte
	for _, v := range values {
		for _, pattern := range []bool{true, false} {
			i := firstChange(v, pattern)
			if i == len(v) {
				continue
			}
			want, wantPrio := appendRFCFrom(scratch[:0], v, i, pattern)
			scratch = want
			got, gotPrio := appendRFCFromCounted(nil, v, i, pattern)
			if string(got) != string(want) || gotPrio != wantPrio {
				t.Errorf("%q: plain %q, %d; appendRFCFrom %q, %d", v, got, gotPrio, want, wantPrio)
			}
		}
	}
}

func benchBlindRoom(b *testing.B) {
	values := dollarInsideValues()
	octets := 0
	for _, v := range values {
		octets += len(v)
	}
	for _, run := range []struct {
		name string
		f    func([]byte, string, int, bool) ([]byte, int)
	}{
		{"blind", appendRFCFrom},
		{"plain", appendRFCFromCounted},
	} {
		b.Run(run.name, func(b *testing.B) {
			b.SetBytes(int64(octets))
			b.ReportAllocs()
			var scratch []byte
			for b.Loop() {
				for _, v := range values {
					scratch, _ = run.f(scratch[:0], v, firstChange(v, true), true)
				}
			}
		})
	}
}

// plainRule is rule with a field for each thing it says.
type plainRule struct {
	off, n              uint32
	line                int32
	allow, derived, odd bool
}

func benchRuleLayout(b *testing.B) {
	var packed [][]rule
	var plain [][]plainRule
	size, packedBytes, plainBytes := 0, 0, 0
	for _, f := range corpus(b) {
		if len(f.data) < 1024 {
			continue
		}
		rules := Options{MaxBytes: -1}.Parse(f.data).rules
		t := make([]plainRule, len(rules))
		for i := range rules {
			r := &rules[i]
			t[i] = plainRule{r.off, r.n, r.line(), r.allow(), r.derived(), r.meta&oddBit != 0}
		}
		packed, plain = append(packed, rules), append(plain, t)
		size += len(f.data)
		packedBytes += len(rules) * int(unsafe.Sizeof(rule{}))
		plainBytes += len(t) * int(unsafe.Sizeof(plainRule{}))
	}
	b.Run("packed", func(b *testing.B) {
		b.ReportAllocs()
		sum := 0
		for b.Loop() {
			for _, t := range packed {
				for i := range t {
					if t[i].allow() && !t[i].derived() {
						sum += int(t[i].line())
					}
				}
			}
		}
		b.ReportMetric(float64(packedBytes)/float64(size), "x-size")
		if sum == 0 {
			b.Fatal("no allow rule read")
		}
	})
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		sum := 0
		for b.Loop() {
			for _, t := range plain {
				for i := range t {
					if t[i].allow && !t[i].derived {
						sum += int(t[i].line)
					}
				}
			}
		}
		b.ReportMetric(float64(plainBytes)/float64(size), "x-size")
		if sum == 0 {
			b.Fatal("no allow rule read")
		}
	})
}

// trimSpanByOctet is trimSpan skipping the blanks before the text one at
// a time.
func trimSpanByOctet(s string, i, j int) (int, int) {
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return i, j
}

// TestTrimSpanByOctet checks that the plain trim of BenchmarkTricks
// trims as trimSpan does.
func TestTrimSpanByOctet(t *testing.T) {
	for _, s := range []string{"", " ", "a", strings.Repeat(" ", 8), strings.Repeat(" ", 17) + "x ", "\t        x", "        \t\r", "                <div>  \r"} {
		for i := 0; i <= len(s); i++ {
			gi, gj := trimSpanByOctet(s, i, len(s))
			wi, wj := trimSpan(s, i, len(s))
			if gi != wi || gj != wj {
				t.Errorf("trimSpanByOctet(%q, %d) = %d, %d; trimSpan %d, %d", s, i, gi, gj, wi, wj)
			}
		}
	}
}

func benchEightBlanks(b *testing.B) {
	var indented, other []string
	indentedOctets, otherOctets := 0, 0
	for _, f := range corpus(b) {
		lines := strings.Split(string(f.data), "\n")
		if f.name == "020_www.tjx.com.txt" {
			indented = lines
			indentedOctets = len(f.data)
		} else {
			other = append(other, lines...)
			otherOctets += len(f.data)
		}
	}
	for _, c := range []struct {
		name  string
		lines []string
		n     int
	}{
		{"tjx", indented, indentedOctets},
		{"other", other, otherOctets},
	} {
		for _, run := range []struct {
			name string
			f    func(string, int, int) (int, int)
		}{
			{"eight", trimSpan},
			{"plain", trimSpanByOctet},
		} {
			b.Run(c.name+"/"+run.name, func(b *testing.B) {
				b.SetBytes(int64(c.n))
				b.ReportAllocs()
				sum := 0
				for b.Loop() {
					for _, l := range c.lines {
						i, j := run.f(l, 0, len(l))
						sum += j - i
					}
				}
				if sum == 0 {
					b.Fatal("every line blank")
				}
			})
		}
	}
}

// indexCases returns the corpus's Googlebot groups of listMax rules or
// more, and paths made from each group's rules, as bench/before's Kept
// makes them.
func indexCases(tb testing.TB, names ...string) (gs []*Group, paths [][]string) {
	for _, f := range corpus(tb) {
		if len(names) > 0 && !slices.Contains(names, f.name) {
			continue
		}
		g := Parse(f.data).Group("Googlebot")
		if g == nil || len(g.rules) < listMax {
			continue
		}
		var ps []string
		for _, r := range g.Rules() {
			ps = append(ps, strings.ReplaceAll(strings.TrimSuffix(r.Pattern, "$"), "*", "x")+"/y?z=1")
		}
		gs, paths = append(gs, g), append(paths, append(ps, "/", "/some/page.html?id=1"))
	}
	return gs, paths
}

// TestIndexPlain checks that the plain index decides as the library's.
func TestIndexPlain(t *testing.T) {
	gs, paths := indexCases(t)
	for i, g := range gs {
		ix, plain := g.prepare(), buildIndex(g.text, g.rules, true)
		for _, p := range paths[i] {
			if a, b := ix.decide(g.text, g.d.emptyMatches, p), plain.decide(g.text, g.d.emptyMatches, p); (a < 0) != (b < 0) || a >= 0 && ix.rules[a] != plain.rules[b] {
				t.Fatalf("%v: %q decided by %d, plainly by %d", g.Agents(), p, a, b)
			}
		}
	}
}

func benchIndexTricks(b *testing.B) {
	for _, c := range []struct {
		name  string
		files []string
	}{
		{"corpus", nil},
		{"sophos", []string{"021_www.sophos.com.txt"}},
		{"next", []string{"071_www.next.co.uk.txt"}},
		{"hoka", []string{"079_www.hoka.com.txt"}},
	} {
		gs, paths := indexCases(b, c.files...)
		for _, plain := range []bool{false, true} {
			name := c.name + "/tricks"
			if plain {
				name = c.name + "/plain"
			}
			ixs := make([]*index, len(gs))
			for i, g := range gs {
				ixs[i] = buildIndex(g.text, g.rules, plain)
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for i, ix := range ixs {
						for _, p := range paths[i] {
							ix.decide(gs[i].text, gs[i].d.emptyMatches, p)
						}
					}
				}
			})
		}
	}
}

// resetAnew empties b as parseBuffers.reset does, but builds each part
// anew from its emptied lists rather than emptying them in place: the
// plain way, which keeps a field added later empty by construction.
func resetAnew(b *parseBuffers) (n int) {
	l, r := &b.build, &b.records
	*l = buildLists{
		starts: emptied(l.starts, &n), rules: emptied(l.rules, &n),
		written: emptied(l.written, &n), writtenText: emptied(l.writtenText, &n),
		toks: emptied(l.toks, &n), tokText: emptied(l.tokText, &n),
		groupLines: emptied(l.groupLines, &n), arena: emptied(l.arena, &n),
		extIDs: emptied(l.extIDs, &n), extVals: emptied(cleared(l.extVals), &n),
	}
	b.notes = notes{list: emptied(b.notes.list, &n), args: emptied(b.notes.args, &n)}
	*r = recordLists{
		text: emptied(r.text, &n),
		recordSpans: recordSpans{
			sitemaps: emptied(r.sitemaps, &n), cleanParams: emptied(r.cleanParams, &n),
			records: emptied(r.records, &n),
		},
		sitemapSeen: r.sitemapSeen,
	}
	n += len(r.sitemapSeen) * int(sizeOf[string]())
	clear(r.sitemapSeen)
	b.scratch = emptied(b.scratch, &n)
	b.once = onceState{}
	return n
}

// TestResetAnew checks that the plain reset of BenchmarkTricks/reset
// empties the buffers as parseBuffers.reset does.
func TestResetAnew(t *testing.T) {
	var b parseBuffers
	for _, f := range corpus(t) {
		// The second parse of a file finds the room the first grew.
		_ = Options{}.parseWith(&b, string(f.data), false, -1, defaultLimits, false)
		want := b.reset()
		_ = Options{}.parseWith(&b, string(f.data), false, -1, defaultLimits, false)
		if got := resetAnew(&b); got != want {
			t.Errorf("%s: resetAnew counts %d bytes of room, reset %d", f.name, got, want)
		}
		if field := leftover(reflect.ValueOf(&b).Elem(), "parseBuffers"); field != "" {
			t.Fatalf("after resetAnew of %s: %s holds what the parse left", f.name, field)
		}
	}
}

// benchReset parses the corpus's smallest file as DecideOnce does and
// empties the buffers after, in place (the library's reset) or by
// building each part anew: on files this small, the reset is a tenth of
// the work.
func benchReset(b *testing.B) {
	data := "User-agent: * Disallow: /" // 043_www.wacom.com, whole
	for _, run := range []struct {
		name  string
		reset func(*parseBuffers) int
	}{
		{"in-place", (*parseBuffers).reset},
		{"anew", resetAnew},
	} {
		b.Run(run.name, func(b *testing.B) {
			b.ReportAllocs()
			buf := new(parseBuffers)
			for b.Loop() {
				var p parser
				Options{}.initParser(&p, buf, defaultLimits)
				p.quiet = true
				p.run(data)
				run.reset(buf)
			}
		})
	}
}

// tailPaths returns the corpus's rule values that end in an octet and
// '$', and paths to ask them: ten generic ones and one made from each.
func tailPaths(b testing.TB) (patterns, paths []string) {
	values, _ := corpusRuleValues(b)
	paths = []string{"/some/page.html?id=1", "/", "/search?q=x", "/wp-admin/admin-ajax.php", "/en/products/item-12345.html",
		"/account/login", "/static/js/app.js", "/images/logo.png", "/api/v1/users?limit=10", "/blog/2024/01/post-title/"}
	for _, v := range values {
		if len(v) > 1 && strings.HasSuffix(v, "$") && v[len(v)-2] != '*' {
			patterns = append(patterns, v)
			paths = append(paths, strings.ReplaceAll(strings.TrimSuffix(v, "$"), "*", "x"))
		}
	}
	return patterns, paths
}

func benchTail(b *testing.B) {
	patterns, paths := tailPaths(b)
	for _, run := range []struct {
		name string
		f    func(pattern, path string) bool
	}{
		{"checked", func(pattern, path string) bool { return patternMatches(pattern, path, false) }},
		{"plain", func(pattern, path string) bool { return matchPattern(pattern, path, true) }},
	} {
		b.Run(run.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for _, p := range patterns {
					for _, path := range paths[:10] {
						if run.f(p, path) {
							n++
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(patterns)*10), "ns/match")
		})
	}
}

// TestPatternMatchesTail holds matches, which rules a pattern out by the
// octet before its final '$', to its plain path on patterns that end so
// and paths that end in every octet: the corpus's, with paths made from
// them, and random ones over few octets.
func TestPatternMatchesTail(t *testing.T) {
	patterns, paths := tailPaths(t)
	rnd := rand.New(rand.NewPCG(9309, 36))
	for i := range 3000 {
		patterns = append(patterns, "/"+letterRun(rnd, "ab*/", rnd.IntN(6))+"$")
		if i < 300 {
			paths = append(paths, "/"+letterRun(rnd, "ab/", rnd.IntN(8)))
		}
	}
	ruledOut := 0
	for _, p := range patterns {
		for _, path := range paths {
			got, want := matches(p, path), matchPattern(p, path, true)
			if got != want {
				t.Fatalf("matches(%q, %q) = %v, its plain path gives %v", p, path, got, want)
			}
			if !got {
				ruledOut++
			}
		}
	}
	if ruledOut == 0 {
		t.Fatal("no pattern was ruled out")
	}
}

// benchFirstUse times Parse and one query of each corpus file, with the
// Groups made and indexed when they are needed ("lazy") and all of them
// right after the parse ("eager"), as BenchmarkTricks says.
func benchFirstUse(b *testing.B) {
	files := corpus(b)
	for _, eager := range []bool{false, true} {
		name := "lazy"
		if eager {
			name = "eager"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			allowed := 0
			for b.Loop() {
				for _, f := range files {
					r := Parse(f.data)
					if eager {
						for set := range r.sets() {
							if g := r.group(set); g.c != nil {
								g.c.ix.Store(buildIndex(g.text, g.rules, false))
							}
						}
					}
					if r.Allowed("Googlebot", "/some/page.html?id=1") {
						allowed++
					}
				}
			}
			if allowed == 0 {
				b.Fatal("no query allowed")
			}
		})
	}
}
