package robotstxt

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkParse reports parse throughput on a small file, a large one and
// the 3.7 MB one (with and without the default limit).
func BenchmarkParse(b *testing.B) {
	cases := []struct {
		name, file string
		opts       Options
	}{
		{"1KB", "011_reddit.com.txt", Options{}},
		{"oracle-853KB", "016_docs.oracle.com.txt", Options{MaxBytes: -1}},
		{"hoka-sitemaps", "079_www.hoka.com.txt", Options{}},
		{"xuexi-3.7MB-limit", "074_www.xuexi.cn.txt", Options{}},
		{"xuexi-3.7MB-nolimit", "074_www.xuexi.cn.txt", Options{MaxBytes: -1}},
		{"xuexi-3.7MB-nolimit-google", "074_www.xuexi.cn.txt", Options{Mode: Google, MaxBytes: -1}},
	}
	for _, c := range cases {
		data := corpusFile(b, c.file)
		b.Run(c.name, func(b *testing.B) {
			n := len(data)
			if l := c.opts.limit(); l >= 0 && n > l {
				n = l
			}
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				c.opts.Parse(data)
			}
		})
		// The plain paths of two tricks: the input copied to a string
		// rather than viewed (see view), and buffers of the parse's own
		// rather than the pool's (see parseBuffers).
		b.Run(c.name+"/copied", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				c.opts.parse(string(data), true, defaultLimits)
			}
		})
		b.Run(c.name+"/unpooled", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				keep, cut := c.opts.cut(view(data))
				c.opts.parseWith(new(parseBuffers), view(data)[:keep], cut, -1, defaultLimits, false)
			}
		})
	}
}

// BenchmarkAllowed reports the cost of one query on parsed files.
func BenchmarkAllowed(b *testing.B) {
	cases := []struct {
		name, file, agent string
		targets           []string
	}{
		{"github", "024_github.com.txt", "googlebot", []string{"/", "/foo/bar/tree/main/x", "/search?q=1", "/a/b/c/d/e/f"}},
		{"wikipedia", "002_en.wikipedia.org.txt", "FooBot", []string{"/wiki/Main_Page", "/w/index.php?title=x", "/wiki/Spezial:Suche"}},
		{"oracle-31847-rules", "016_docs.oracle.com.txt", "FooBot", []string{"/", "/cd/E11882_01/server.112/e10592/toc.htm", "/zzz"}},
	}
	for _, c := range cases {
		data := corpusFile(b, c.file)
		for _, mode := range []Mode{RFC, Google} {
			g := Options{Mode: mode, MaxBytes: -1}.Parse(data).Group(c.agent)
			for range indexAfter + 1 {
				g.Allowed("/") // past the linear queries, the index is built; time the rest
			}
			b.Run(fmt.Sprintf("%s/%v", c.name, mode), func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					g.Allowed(c.targets[i%len(c.targets)])
					i++
				}
			})
		}
	}
}

// BenchmarkRobotsAllowedByName times Robots.Allowed, which finds the
// crawler's group by name on every call, for a name as given, a name with
// a version and whole User-Agent headers: the versioned name and
// Googlebot's own header are read as their leading name (ProductToken),
// the browser-style header as the crawler named in its comment
// (callerName), which costs a pass over the header up to that name.
func BenchmarkRobotsAllowedByName(b *testing.B) {
	r := Parse(corpusFile(b, "024_github.com.txt"))
	for _, agent := range []string{"Googlebot", "Googlebot/2.1", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/130.0 Safari/537.36", "Googlebot/2.1 (+http://www.google.com/bot.html)"} {
		r.Allowed(agent, "/") // builds the group; time the rest
		b.Run(fmt.Sprintf("len=%d", len(agent)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.Allowed(agent, "/foo/bar/tree/main/x")
			}
		})
	}
}

// BenchmarkGroupByName times finding a crawler's group by its name, as
// the file writes it, which foldCompare compares word-wide at once, and
// in another case, which takes its octet-by-octet fold (the plain path).
func BenchmarkGroupByName(b *testing.B) {
	r := Parse(corpusFile(b, "024_github.com.txt"))
	for _, c := range []struct{ name, agent string }{{"as-written", "Googlebot"}, {"other-case", "GOOGLEBOT"}} {
		r.Group(c.agent) // builds the group; time the look-up
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r.Group(c.agent)
			}
		})
	}
}

// BenchmarkProductToken times reading a crawler name out of a whole
// User-Agent header.
func BenchmarkProductToken(b *testing.B) {
	ua := "MistralAI-User/1.0 (+https://docs.mistral.ai/robots)"
	b.ReportAllocs()
	for b.Loop() {
		_ = ProductToken(ua)
	}
}

// BenchmarkPathOf times reading the path of a target that is a path, as
// crawlers mostly ask, by pathOf's shortcut and by the general reading
// (general).
func BenchmarkPathOf(b *testing.B) {
	const target = "/some/page.html?id=1"
	for _, c := range []struct {
		name string
		f    func(string, string) string
	}{{"shortcut", pathOf}, {"general", pathOfURL}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				_ = c.f(target, rfcDialect.authorityEnds)
			}
		})
	}
}

// BenchmarkPathological reports the worst cases of the matcher: patterns
// of many '*' against long paths that almost match. The cost grows with
// len(pattern) x len(path) at most, never exponentially.
func BenchmarkPathological(b *testing.B) {
	for _, stars := range []int{10, 100, 1000} {
		for _, pathLen := range []int{256, 2048, 16384} {
			// "/*a*a*a...*b": every segment matches early, the last never.
			pattern := "/" + strings.Repeat("*a", stars) + "*b"
			path := "/" + strings.Repeat("a", pathLen-1)
			file := []byte("User-agent: *\nDisallow: " + pattern + "\n")
			g := Parse(file).Group("x")
			b.Run(fmt.Sprintf("stars=%d/path=%d", stars, pathLen), func(b *testing.B) {
				b.SetBytes(int64(len(path)))
				b.ReportAllocs()
				for b.Loop() {
					g.Allowed(path)
				}
			})
		}
	}
	for _, size := range []int{1 << 10, 1 << 16, 1 << 20} {
		line := []byte("User-agent: *\nDisallow: /" + strings.Repeat("x", size) + "\n")
		b.Run(fmt.Sprintf("parse-line=%d", size), func(b *testing.B) {
			b.SetBytes(int64(len(line)))
			b.ReportAllocs()
			for b.Loop() {
				Options{MaxBytes: -1}.Parse(line)
			}
		})
	}
}

// BenchmarkManyLines parses files of many lines of one kind, asks the
// first question and reads the diagnostics: a kind whose cost grows faster
// than its lines shows a lower MB/s at the larger size.
func BenchmarkManyLines(b *testing.B) {
	kinds := []struct {
		name string
		line func(i int) string
	}{
		{"sitemaps", func(i int) string { return fmt.Sprintf("Sitemap: https://example.com/sitemap-%d.xml\n", i) }},
		{"groups", func(i int) string { return fmt.Sprintf("User-agent: bot%d\nDisallow: /%d\n", i, i) }},
		{"same-agent-groups", func(i int) string { return fmt.Sprintf("User-agent: bot\nCrawl-delay: %d\nDisallow: /%d\n", i%7, i) }},
		{"agents", func(i int) string { return fmt.Sprintf("User-agent: bot%d\n", i) }},
		{"clean-params", func(i int) string { return fmt.Sprintf("Clean-param: p%d /x\n", i) }},
		{"content-signals", func(i int) string { return fmt.Sprintf("Content-Signal: search=yes, p%d=no\n", i) }},
		{"unknown-keys", func(i int) string { return fmt.Sprintf("Key%d: value\n", i) }},
	}
	for _, k := range kinds {
		for _, n := range []int{1000, 16000, 64000} {
			var sb strings.Builder
			sb.WriteString("User-agent: *\nDisallow: /a\n")
			for i := range n {
				sb.WriteString(k.line(i))
			}
			data := []byte(sb.String())
			b.Run(fmt.Sprintf("%s/lines=%d", k.name, n), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					r := Options{MaxBytes: -1}.Parse(data)
					r.Allowed("bot", "/x")
					r.Diagnostics()
				}
			})
		}
	}
}

// BenchmarkRetained reports the heap a parsed file keeps alive, as a
// multiple of the file's size (the metric "x-size").
func BenchmarkRetained(b *testing.B) {
	for _, c := range []struct{ name, file string }{
		{"1KB", "011_reddit.com.txt"},
		{"github-32KB", "024_github.com.txt"},
		{"504-groups-22KB", "027_www.brainyquote.com.txt"},
		{"oracle-853KB", "016_docs.oracle.com.txt"},
		{"xuexi-3.7MB", "074_www.xuexi.cn.txt"},
		{"dollar-inside-1.9MB", ""}, // see BenchmarkParseDollarInside
	} {
		var data []byte
		if c.file == "" {
			data = dollarInside()
		} else {
			data = corpusFile(b, c.file)
		}
		b.Run(c.name, func(b *testing.B) {
			var ms runtime.MemStats
			var total uint64
			for b.Loop() {
				// Collected twice: a pool's buffers outlive one collection.
				runtime.GC()
				runtime.GC()
				runtime.ReadMemStats(&ms)
				before := ms.HeapAlloc
				r := Options{MaxBytes: -1}.Parse(data)
				r.Allowed("googlebot", "/x") // as a crawler keeps it: asked once
				runtime.GC()
				runtime.GC()
				runtime.ReadMemStats(&ms)
				total += ms.HeapAlloc - before
				runtime.KeepAlive(r)
			}
			b.ReportMetric(float64(total)/float64(b.N)/float64(len(data)), "x-size")
		})
	}
}

// BenchmarkRetainedCorpus reports the heap that parsed files keep alive,
// as a multiple of their size, over every corpus file of 1 KB or more:
// the median, the 90th percentile and the largest, each file parsed and
// asked once as a crawler would. Many copies of a file are kept at once,
// so that the runtime's own allocations do not blur small files.
func BenchmarkRetainedCorpus(b *testing.B) {
	var files [][]byte
	for _, cf := range corpus(b) {
		if len(cf.data) >= 1024 {
			files = append(files, cf.data)
		}
	}
	var ratios []float64
	for b.Loop() {
		ratios = ratios[:0]
		for _, data := range files {
			copies := make([]*Robots, min(1000, max(2, 1<<21/len(data))))
			var ms runtime.MemStats
			// Collected twice: a pool's buffers outlive one collection.
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&ms)
			before := ms.HeapAlloc
			for i := range copies {
				copies[i] = Options{MaxBytes: -1}.Parse(data)
				copies[i].Allowed("googlebot", "/x")
			}
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&ms)
			kept := max(0, float64(ms.HeapAlloc)-float64(before))
			ratios = append(ratios, kept/float64(len(copies))/float64(len(data)))
			runtime.KeepAlive(copies)
		}
	}
	slices.Sort(ratios)
	b.ReportMetric(ratios[len(ratios)/2], "median-x-size")
	b.ReportMetric(ratios[len(ratios)*9/10], "p90-x-size")
	b.ReportMetric(ratios[len(ratios)-1], "max-x-size")
}

// BenchmarkMergedFirstQuery times the first query and the diagnostics of
// files where one token names every group (so the groups merge) and one
// group also has a token of its own (so they do not always merge): the
// cost must grow linearly with the groups (compare the sizes).
func BenchmarkMergedFirstQuery(b *testing.B) {
	for _, n := range []int{1000, 8000} {
		var sb strings.Builder
		for range n {
			sb.WriteString("User-agent: a\nDisallow: /x\n\n")
		}
		sb.WriteString("User-agent: a\nUser-agent: z\nDisallow: /y\n")
		data := []byte(sb.String())
		b.Run(fmt.Sprintf("groups=%d", n), func(b *testing.B) {
			for b.Loop() {
				r := Options{MaxBytes: -1}.Parse(data)
				r.Allowed("a", "/x")
				r.Diagnostics()
			}
		})
	}
}

// BenchmarkWorstCase holds the index's bound (see index.decide): a
// decision on each hostile shape (see worstShapes), a group of about 500
// KiB of rules, asked in each mode for paths of 101 octets and 8 KiB
// over one letter, two letters and all letters, with the index built. A
// decision must take at most 1 ms. "scan" times the plain path, the
// scan a group makes before its index, on the shape of 25,000 rules of
// three pieces of two letters; and "sophos" and "next" the corpus groups
// of most '*' rules, asked for paths made from their rules.
func BenchmarkWorstCase(b *testing.B) {
	for _, shape := range worstShapes {
		for _, mode := range []Mode{RFC, Google} {
			g := Options{Mode: mode}.Parse(shape.file()).Group("FooBot")
			ix := g.prepare()
			for _, n := range []int{101, 8 << 10} {
				for _, letters := range []string{"a", "ab", "abcdefghijklmnopqrstuvwxyz"} {
					path := worstPath(shape.prefix, letters, n)
					b.Run(fmt.Sprintf("%s/%v/path=%d/letters=%d", shape.name, mode, n, len(letters)), func(b *testing.B) {
						b.SetBytes(int64(len(path)))
						b.ReportAllocs()
						for b.Loop() {
							ix.decide(g.text, g.d.emptyMatches, path)
						}
					})
				}
			}
		}
	}
	// A crowd of rules listed, which a query takes only while its rules
	// times the path's octets are at most listWork: rules of 64 to 127
	// 'a's and a 'b', against a path of runs of 63 'a's and a 'b', where
	// the list takes 16 us a rule.
	for _, n := range []int{sweepMin - 1, listMost - 1} {
		var lines strings.Builder
		lines.WriteString("User-agent: *\n")
		for i := range n {
			fmt.Fprintf(&lines, "Disallow: /*%sb\n", strings.Repeat("a", 64+i%64))
		}
		g := Parse([]byte(lines.String())).Group("FooBot")
		ix := g.prepare()
		path := ("/" + strings.Repeat(strings.Repeat("a", 63)+"b", 130))[:8<<10]
		b.Run(fmt.Sprintf("listed/rules=%d/path=8192", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ix.decide(g.text, g.d.emptyMatches, path)
			}
		})
	}
	g := Parse(worstShapes[0].file()).Group("FooBot")
	path := worstPath("", "ab", 8<<10)
	b.Run("scan/"+worstShapes[0].name+"/path=8192/letters=2", func(b *testing.B) {
		b.SetBytes(int64(len(path)))
		for b.Loop() {
			g.scan(path)
		}
	})
	for _, c := range []struct{ name, file string }{
		{"sophos", "021_www.sophos.com.txt"},
		{"next", "071_www.next.co.uk.txt"},
	} {
		g := Parse(corpusFile(b, c.file)).Group("FooBot")
		var paths []string
		for _, r := range g.Rules() {
			p := strings.ReplaceAll(strings.TrimSuffix(r.Pattern, "$"), "*", "x")
			paths = append(paths, p, p+"/y?z=1")
		}
		paths = append(paths, "/not/listed", "/")
		ix := g.prepare()
		for _, m := range []struct {
			name   string
			decide func(string)
		}{
			{"index", func(p string) { ix.decide(g.text, g.d.emptyMatches, p) }},
			{"scan", func(p string) { g.scan(p) }},
		} {
			b.Run(c.name+"/"+m.name, func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					m.decide(paths[i%len(paths)])
					i++
				}
			})
		}
	}
}

// BenchmarkSmallFirstQuery times what most robots.txt files cost a crawler
// or an audit: a parse and one decision, for the corpus files of 1 KB or
// less (over public collections the median file is 250 bytes and four in
// five are at most 1 KB).
func BenchmarkSmallFirstQuery(b *testing.B) {
	for _, f := range corpus(b) {
		if len(f.data) > 1<<10 {
			continue
		}
		b.Run(strings.TrimSuffix(f.name, ".txt"), func(b *testing.B) {
			b.SetBytes(int64(len(f.data)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(f.data).Allowed("Googlebot", "/some/page.html?id=1")
			}
		})
		// The same with each table in an allocation of its own rather
		// than a share of one block (see block).
		b.Run("separate/"+strings.TrimSuffix(f.name, ".txt"), func(b *testing.B) {
			b.SetBytes(int64(len(f.data)))
			b.ReportAllocs()
			for b.Loop() {
				parseSeparate(f.data).Allowed("Googlebot", "/some/page.html?id=1")
			}
		})
	}
}

// BenchmarkDecideOnce decides one URL on each corpus file of at most
// 1 KiB, by DecideOnce and by Parse and Decide, whose tables DecideOnce
// leaves out; "kept" is a later query on the kept Group, what a crawler
// that asks a file again pays.
func BenchmarkDecideOnce(b *testing.B) {
	const target = "/some/page.html?id=1"
	for _, f := range corpus(b) {
		if len(f.data) > 1<<10 {
			continue
		}
		name := strings.TrimSuffix(f.name, ".txt")
		b.Run("once/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				DecideOnce(f.data, "Googlebot", target)
			}
		})
		b.Run("parse/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Parse(f.data).Decide("Googlebot", target)
			}
		})
		g := Parse(f.data).Group("Googlebot")
		b.Run("kept/"+name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				g.Decide(target)
			}
		})
	}
}

// BenchmarkParseDollarInside parses, in each mode, a file of 1.9 MB whose
// every rule has a '$' inside its path, the shape of a real file of 43,279
// such rules: RFC mode writes each '$' as "%24" (RFC 9309 section 2.2.3),
// so every rule keeps its written form beside its canonical pattern, which
// Google mode does not.
func BenchmarkParseDollarInside(b *testing.B) {
	data := dollarInside()
	for _, m := range []Mode{RFC, Google} {
		b.Run(m.String(), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				Options{Mode: m, MaxBytes: -1}.Parse(data)
			}
		})
	}
}

// dollarInside returns a file of 1.9 MB in the shape of a real file of
// 43,279 rules, each with a '$' inside its path.
func dollarInside() []byte {
	var sb strings.Builder
	sb.WriteString("User-agent: *\n")
	for i := 0; sb.Len() < 1900<<10; i++ {
		fmt.Fprintf(&sb, "Disallow: /$%08X-6142-4F12-BC72-D12A82659500$/development/map-test\n", i*7919)
	}
	return []byte(sb.String())
}

// parseSeparate parses data as Parse does, but with each of the parsed
// file's tables in an allocation of its own (see block).
func parseSeparate(data []byte) *Robots {
	buf, _ := borrowBuffers(len(data))
	r := Options{}.parseWith(buf, view(data), false, -1, defaultLimits, true)
	returnBuffers(buf)
	return r
}

// BenchmarkParseModes weighs RFC mode's parse against Google mode's, the
// two modes interleaved in one run: "corpus" reports the largest ratio
// RFC/Google over the corpus files (the target is at most 1.5) and logs
// the files over 1.3; "dollar-inside" reports it on the file of
// BenchmarkParseDollarInside.
func BenchmarkParseModes(b *testing.B) {
	b.Run("corpus", func(b *testing.B) {
		files := corpus(b)
		ratios := make([]float64, len(files))
		for b.Loop() {
			for i, f := range files {
				ratios[i] = modeRatio(f.data, 5)
			}
		}
		worst := 0
		for i, r := range ratios {
			if r > ratios[worst] {
				worst = i
			}
			if r > 1.3 {
				b.Logf("RFC/Google parse ratio %.2f on %s (%d bytes)", r, files[i].name, len(files[i].data))
			}
		}
		b.ReportMetric(ratios[worst], "max-rfc/google")
	})
	b.Run("dollar-inside", func(b *testing.B) {
		data := dollarInside()
		var r float64
		for b.Loop() {
			r = modeRatio(data, 9)
		}
		b.ReportMetric(r, "rfc/google")
	})
}

// modeRatio returns the time RFC mode takes to parse data over the time
// Google mode takes: parses of about 2 MB in all, the best of rounds of
// each mode, the modes taking turns and each round starting from a
// collected heap. The clock is the process's CPU time: a mode that
// allocates more pays for it in collections, which run on other
// threads, and the time other processes take on a busy machine is not
// counted.
func modeRatio(data []byte, rounds int) float64 {
	n := max(1, 2<<20/(len(data)+256))
	best := [2]time.Duration{math.MaxInt64, math.MaxInt64}
	for range rounds {
		for m, mode := range []Mode{RFC, Google} {
			o := Options{Mode: mode, MaxBytes: -1}
			runtime.GC()
			t0 := processCPU()
			for range n {
				o.Parse(data)
			}
			best[m] = min(best[m], processCPU()-t0)
		}
	}
	return float64(best[0]) / float64(best[1])
}

// BenchmarkPlainLines keeps the gain of the tokenizer's shortcut for
// lines in their plainest shape visible (tokenizer.nextPlain): each file
// is read as written ("plain"), and with its keys in lower case
// ("general"), which the shortcut does not take, so that the general
// path reads every line: Parse and the first query.
func BenchmarkPlainLines(b *testing.B) {
	keys := regexp.MustCompile(`(?m)^(User-agent|Allow|Disallow):`)
	for _, name := range []string{"043_www.wacom.com.txt", "033_www.ups.com.txt", "011_reddit.com.txt"} {
		data := corpusFile(b, name)
		lower := keys.ReplaceAllFunc(data, bytes.ToLower)
		if bytes.Equal(lower, data) {
			b.Fatalf("%s: no key to write in lower case", name)
		}
		if Parse(data).Allowed("Googlebot", "/some/page.html?id=1") != Parse(lower).Allowed("Googlebot", "/some/page.html?id=1") {
			b.Fatalf("%s: the lower-case keys change the answer", name)
		}
		for _, v := range []struct {
			name string
			data []byte
		}{{"plain", data}, {"general", lower}} {
			b.Run("first/"+v.name+"/"+strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					Parse(v.data).Allowed("Googlebot", "/some/page.html?id=1")
				}
			})
		}
	}
}

// BenchmarkGroupScan keeps the gain of headMismatch visible: the linear
// pass of a large group's first queries (Group.scan) over the 5,000 rules
// of runescape.com's "*" group, as Group.scan makes it ("scan") and with
// the matcher tried on every rule ("plain").
func BenchmarkGroupScan(b *testing.B) {
	g := Parse(corpusFile(b, "018_www.runescape.com.txt")).Group("Googlebot")
	const path = "/some/page.html?id=1"
	plain := func() *rule {
		var best *rule
		for i := range g.rules {
			r := &g.rules[i]
			if (best == nil || g.text.better(r, best)) && g.text.matches(r, path, g.d.emptyMatches) {
				best = r
			}
		}
		return best
	}
	if len(g.rules) < 1000 || plain() != g.scan(path) {
		b.Fatalf("the group has %d rules, or the two passes disagree", len(g.rules))
	}
	b.Run("scan", func(b *testing.B) {
		for b.Loop() {
			g.scan(path)
		}
	})
	b.Run("plain", func(b *testing.B) {
		for b.Loop() {
			plain()
		}
	})
}
