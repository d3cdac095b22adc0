// Package bench compares this library with github.com/temoto/robotstxt on
// the same inputs in one process. It is a module of its own so that the
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

	ours "github.com/rfc9309/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

func corpus(b *testing.B, name string) []byte {
	data, err := os.ReadFile(filepath.Join("../testdata/corpus", name))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// parseInputs are the files of the parse benchmarks: a 1 KB file, every
// corpus file over 100 KB, and the 3.7 MB one.
var parseInputs = []struct{ name, file string }{
	{"1KB", "011_reddit.com.txt"},
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

// BenchmarkAllowed times one query on a parsed file: the crawler's group
// is selected once, as a crawler does.
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

	for _, in := range inputs {
		g := noLimit.Parse(in.file).Group(in.agent)
		g.Allowed("/") // the first query orders the rules; time the rest
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
