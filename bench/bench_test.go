// Package bench compares this library with github.com/temoto/robotstxt
// and, on small files, github.com/jimsmart/grobotstxt on the same inputs
// in one process. It is a module of its own so that the
// library's dependencies stay the standard library, x/net and go-cmp.
//
//	go test -bench . -count 10 | go run ./table
package bench

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	ours "github.com/rfc9309/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

func corpus(tb testing.TB, name string) []byte {
	data, err := os.ReadFile(filepath.Join("../testdata/corpus", name))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// parseInputs are the files of the parse benchmarks: a 1 KB file, every
// corpus file over 100 KB, and the 3.7 MB one.
var parseInputs = []struct{ name, file string }{
	{"1KB", "011_reddit.com.txt"},
	{"hoka-sitemaps-10KB", "079_www.hoka.com.txt"},
	{"ipwatchdog-109KB", "009_ipwatchdog.com.txt"},
	{"linkedin-107KB", "094_linkedin.com.txt"},
	{"tjx-107KB", "020_www.tjx.com.txt"},
	{"gratz-110KB", "078_www.gratz.edu.txt"},
	{"caltech-113KB", "019_www.caltech.edu.txt"},
	{"icicibank-114KB", "091_icicibank.com.txt"},
	{"runescape-118KB", "018_www.runescape.com.txt"},
	{"smugmug-150KB", "017_www.smugmug.com.txt"},
	{"unesco-155KB", "077_www.unesco.org.txt"},
	{"confex-157KB", "076_scisoc.confex.com.txt"},
	{"kangawang-272KB", "075_kangawang.com.txt"},
	{"oracle-853KB", "016_docs.oracle.com.txt"},
	{"xuexi-3.7MB", "074_www.xuexi.cn.txt"},
}

var noLimit = ours.Options{MaxBytes: -1}

func BenchmarkParse(b *testing.B) {
	for _, in := range parseInputs {
		data := corpus(b, in.file)
		b.Run("lib=ours/file="+in.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				noLimit.Parse(data)
			}
		})
		b.Run("lib=temoto/file="+in.name, func(b *testing.B) {
			if _, err := temoto.FromBytes(data); err != nil {
				b.Skipf("temoto rejects the file: %v", err)
			}
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				temoto.FromBytes(data)
			}
		})
	}
}

// synthetic returns a file with groups of n rules each, about a third of
// them with wildcards, and paths to query it with: half of them built from
// the rules (so that they match), half not.
func synthetic(groups, n int) (file []byte, agents, paths []string) {
	rng := rand.New(rand.NewSource(int64(groups*1000 + n)))
	words := []string{"shop", "cart", "search", "api", "v1", "v2", "user", "admin", "blog", "news", "img", "static", "docs", "help", "tag", "page"}
	word := func() string { return words[rng.Intn(len(words))] }
	var b strings.Builder
	for g := range groups {
		agent := fmt.Sprintf("Bot%c", 'A'+g)
		agents = append(agents, agent)
		fmt.Fprintf(&b, "User-agent: %s\n", agent)
		for i := range n {
			p := fmt.Sprintf("/%s/%s-%d/", word(), word(), i)
			switch i % 3 {
			case 0:
				p = fmt.Sprintf("/%s/*/%s-%d", word(), word(), i)
			case 1:
				if i%2 == 0 {
					p = fmt.Sprintf("/*.%s%d$", word(), i)
				}
			}
			key := "Disallow"
			if i%5 == 0 {
				key = "Allow"
			}
			fmt.Fprintf(&b, "%s: %s\n", key, p)
			paths = append(paths, strings.ReplaceAll(strings.TrimSuffix(p, "$"), "*", "x")+"page.html")
			paths = append(paths, fmt.Sprintf("/%s/%s/%d?q=%s", word(), word(), i, word()))
		}
		b.WriteString("\n")
	}
	return []byte(b.String()), agents, paths
}

// wildcardGroup returns the wildcard-heavy group of 200 rules and the 64
// paths to query it with, as the performance issue specifies them: words
// drawn by a seeded generator; rule i is "/w/w<i>", or "/*w*.php" when
// i%3 == 0, or "/w/w<i>$" when i%7 == 0; an Allow when i%4 == 0, else a
// Disallow. Most of its rules start with '*' after "/", so a prefix
// index alone cannot rule them out.
func wildcardGroup() (file []byte, paths []string) {
	rng := rand.New(rand.NewSource(200))
	words := []string{"shop", "cart", "api", "user", "search", "static", "img", "blog", "tag", "page", "print", "amp", "feed", "admin", "login"}
	word := func() string { return words[rng.Intn(len(words))] }
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range 200 {
		w := word()
		p := fmt.Sprintf("/%s/%s%d", w, w, i)
		switch {
		case i%3 == 0:
			p = fmt.Sprintf("/*%s*.php", w)
		case i%7 == 0:
			p += "$"
		}
		key := "Disallow"
		if i%4 == 0 {
			key = "Allow"
		}
		fmt.Fprintf(&b, "%s: %s\n", key, p)
	}
	for range 64 {
		w := word()
		paths = append(paths, fmt.Sprintf("/%s/%s%d/x?id=%d", w, w, rng.Intn(300), rng.Intn(1000)))
	}
	return []byte(b.String()), paths
}

// pathsFrom returns paths made from the rules of a file, so that many of
// them match, and a few that do not.
func pathsFrom(file []byte, limit int) []string {
	var paths []string
	for _, line := range strings.Split(string(file), "\n") {
		_, v, ok := strings.Cut(line, ": ")
		if !ok || !strings.HasPrefix(strings.TrimSpace(v), "/") && !strings.HasPrefix(strings.TrimSpace(v), "*") {
			continue
		}
		v = strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(v), "$"), "*", "x")
		paths = append(paths, v, v+"/y?z=1")
		if len(paths) >= limit {
			break
		}
	}
	return append(paths, "/not/listed", "/")
}

// warmQueries is more than the queries a group answers before it builds
// its index, so that the timed queries use it.
const warmQueries = 64

// BenchmarkAllowed times one query on a parsed file: the crawler's group
// is selected once, as a crawler does, and asked often enough to have
// built its index.
func BenchmarkAllowed(b *testing.B) {
	type input struct {
		name  string
		file  []byte
		agent string
		paths []string
	}
	var inputs []input
	file, agents, paths := synthetic(1, 200)
	inputs = append(inputs, input{"200-rules", file, agents[0], paths})
	file, agents, paths = synthetic(10, 20)
	inputs = append(inputs, input{"10-groups", file, agents[7], paths})
	xuexi := corpus(b, "074_www.xuexi.cn.txt")
	var xpaths []string
	for _, line := range strings.Split(string(xuexi), "\n")[:2000:2000] {
		if v, ok := strings.CutPrefix(line, "Allow: "); ok {
			xpaths = append(xpaths, strings.TrimSpace(v), strings.TrimSpace(v)+"x/y")
		}
	}
	xpaths = append(xpaths, "/not/listed", "/")
	inputs = append(inputs, input{"47000-rules", xuexi, "Googlebot", xpaths})
	wild, wpaths := wildcardGroup()
	inputs = append(inputs, input{"wildcards-200", wild, "FooBot", wpaths})
	hoka := corpus(b, "079_www.hoka.com.txt")
	inputs = append(inputs, input{"hoka-global", hoka, "FooBot", pathsFrom(hoka, 200)})
	oracle := corpus(b, "016_docs.oracle.com.txt")
	inputs = append(inputs, input{"oracle-global", oracle, "FooBot", pathsFrom(oracle, 200)})

	for _, in := range inputs {
		g := noLimit.Parse(in.file).Group(in.agent)
		for i := range warmQueries {
			g.Allowed(in.paths[i%len(in.paths)])
		}
		b.Run("lib=ours/case="+in.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				g.Allowed(in.paths[i%len(in.paths)])
				i++
			}
		})
		t, err := temoto.FromBytes(in.file)
		if err != nil {
			b.Fatal(err)
		}
		tg := t.FindGroup(in.agent)
		b.Run("lib=temoto/case="+in.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				tg.Test(in.paths[i%len(in.paths)])
				i++
			}
		})
	}
}

// BenchmarkRetained reports the heap a parsed file keeps alive, as a
// multiple of the file's size (the metric x-size).
func BenchmarkRetained(b *testing.B) {
	for _, in := range []struct{ name, file string }{
		{"1KB", "011_reddit.com.txt"},
		{"504-groups-22KB", "027_www.brainyquote.com.txt"},
		{"oracle-853KB", "016_docs.oracle.com.txt"},
		{"xuexi-3.7MB", "074_www.xuexi.cn.txt"},
	} {
		data := corpus(b, in.file)
		for _, lib := range []string{"ours", "temoto"} {
			b.Run("lib="+lib+"/file="+in.name, func(b *testing.B) {
				var ms runtime.MemStats
				var total uint64
				for b.Loop() {
					// Collected twice: a pool's buffers outlive one collection.
					runtime.GC()
					runtime.GC()
					runtime.ReadMemStats(&ms)
					before := ms.HeapAlloc
					// Parsed and asked once, as a crawler keeps a file.
					var keep any
					if lib == "ours" {
						r := noLimit.Parse(data)
						r.Allowed("googlebot", "/x")
						keep = r
					} else {
						r, _ := temoto.FromBytes(data)
						r.TestAgent("/x", "googlebot")
						keep = r
					}
					runtime.GC()
					runtime.GC()
					runtime.ReadMemStats(&ms)
					total += ms.HeapAlloc - before
					runtime.KeepAlive(keep)
				}
				b.ReportMetric(float64(total)/float64(b.N)/float64(len(data)), "x-size")
			})
		}
	}
}

// TestSameAnswers checks that the two libraries agree on the synthetic
// files, where both follow the same rules, so that the timings compare
// like with like.
func TestSameAnswers(t *testing.T) {
	file, agents, paths := synthetic(10, 20)
	r := noLimit.Parse(file)
	tr, err := temoto.FromBytes(file)
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for _, a := range agents {
		for _, p := range paths {
			if r.Allowed(a, p) != tr.TestAgent(p, a) {
				differ++
			}
		}
	}
	t.Logf("%d of %d answers differ", differ, len(agents)*len(paths))
}

// BenchmarkFirstQuery times what bulk work does with a file: parse it and
// decide one URL, for every corpus file of 8 KB or more. Each iteration
// times the parse and the first query apart, in the same loop, so that
// the metric x-parse, (parse + first query) / parse, is spared the drift
// of a shared machine between two benchmarks.
func BenchmarkFirstQuery(b *testing.B) {
	entries, err := os.ReadDir("../testdata/corpus")
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		data := corpus(b, e.Name())
		if len(data) < 8<<10 {
			continue
		}
		b.Run("lib=ours/file="+strings.TrimSuffix(e.Name(), ".txt"), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var parse, query time.Duration
			for b.Loop() {
				t0 := time.Now()
				r := noLimit.Parse(data)
				t1 := time.Now()
				r.Allowed("Googlebot", "/some/page.html?id=1")
				query += time.Since(t1)
				parse += t1.Sub(t0)
			}
			b.ReportMetric(float64(parse+query)/float64(parse), "x-parse")
		})
	}
}

// BenchmarkSeveralNames times a crawler with two names that asks
// Robots.Group(names...).Decide per URL, as the Transport does, on two
// groups of 2,000 rules each, beside one that keeps its Group. temoto has no
// equivalent: its FindGroup takes one name.
func BenchmarkSeveralNames(b *testing.B) {
	var sb strings.Builder
	for _, agent := range []string{"AlphaBot", "BetaBot"} {
		fmt.Fprintf(&sb, "User-agent: %s\n", agent)
		for i := range 2000 {
			fmt.Fprintf(&sb, "Disallow: /%s/%d/\n", agent, i)
		}
	}
	r := noLimit.Parse([]byte(sb.String()))
	g := r.Group("AlphaBot", "BetaBot")
	for range warmQueries {
		r.Group("AlphaBot", "BetaBot").Decide("/")
	}
	b.Run("lib=ours/case=Robots.Group.Decide", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r.Group("AlphaBot", "BetaBot").Decide("/BetaBot/1999/x")
		}
	})
	b.Run("lib=ours/case=kept-Group", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			g.Allowed("/BetaBot/1999/x")
		}
	})
}
