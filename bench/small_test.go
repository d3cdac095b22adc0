package bench

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	grobotstxt "github.com/jimsmart/grobotstxt"
	ours "github.com/rfc9309/robotstxt"
	temoto "github.com/temoto/robotstxt"
)

// smallLimit is the size of the largest file BenchmarkSmallFiles times:
// most robots.txt files on the web are no larger, and for them the fixed
// cost of a parse outweighs the work per line.
const smallLimit = 1 << 10

// The query of BenchmarkSmallFiles, the one BenchmarkFirstQuery asks.
const (
	firstAgent  = "Googlebot"
	firstTarget = "/some/page.html?id=1"
)

// pairBatch is how many iterations of one library the interleaved
// sub-benchmark runs before switching to the other: enough that reading
// the clock costs little beside them, few enough that both see the same
// load of a shared machine.
const pairBatch = 16

// googleMode is the Options of the Google-mode rows.
var googleMode = ours.Options{Mode: ours.Google}

// smallFile is a corpus file of at most smallLimit bytes.
type smallFile struct {
	name string // without ".txt", as the benchmarks name it
	data []byte
}

// smallFiles returns every corpus file of at most smallLimit bytes,
// smallest first.
func smallFiles(tb testing.TB) []smallFile {
	entries, err := os.ReadDir("../testdata/corpus")
	if err != nil {
		tb.Fatal(err)
	}
	var files []smallFile
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".txt") {
			continue
		}
		if data := corpus(tb, e.Name()); len(data) <= smallLimit {
			files = append(files, smallFile{strings.TrimSuffix(e.Name(), ".txt"), data})
		}
	}
	slices.SortStableFunc(files, func(a, b smallFile) int { return len(a.data) - len(b.data) })
	if len(files) == 0 {
		tb.Fatal("no corpus file of at most 1 KB")
	}
	return files
}

// BenchmarkSmallFiles times what bulk work does with a small file: parse
// it and decide one URL, on every corpus file of at most 1 KB, in this
// library (RFC mode, the default, and Google mode), grobotstxt and
// temoto. grobotstxt, like Google's C++ library it ports, has no parsed
// file to keep: one AgentAllowed call parses and matches, which is this
// iteration. Its body is converted to a string once, outside the loop,
// as a caller holding a string would pass it. The metric B/file is the
// file's size, for bench/table.
//
// On a shared machine two sub-benchmarks seconds apart may see different
// loads, so lib=interleaved times this library (RFC mode) and grobotstxt
// in alternate batches of one loop and reports the ratio of their times,
// x-grobotstxt; its ns/op is that of both batches.
func BenchmarkSmallFiles(b *testing.B) {
	for _, f := range smallFiles(b) {
		b.Run("lib=ours/file="+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ours.Parse(f.data).Allowed(firstAgent, firstTarget)
			}
			b.ReportMetric(float64(len(f.data)), "B/file")
		})
		b.Run("lib=ours-google/file="+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				googleMode.Parse(f.data).Allowed(firstAgent, firstTarget)
			}
		})
		body := string(f.data)
		b.Run("lib=grobotstxt/file="+f.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				grobotstxt.AgentAllowed(body, firstAgent, firstTarget)
			}
		})
		b.Run("lib=interleaved/file="+f.name, func(b *testing.B) {
			var o, g time.Duration
			for b.Loop() {
				t0 := time.Now()
				for range pairBatch {
					ours.Parse(f.data).Allowed(firstAgent, firstTarget)
				}
				t1 := time.Now()
				for range pairBatch {
					grobotstxt.AgentAllowed(body, firstAgent, firstTarget)
				}
				g += time.Since(t1)
				o += t1.Sub(t0)
			}
			b.ReportMetric(float64(o)/float64(g), "x-grobotstxt")
		})
		b.Run("lib=temoto/file="+f.name, func(b *testing.B) {
			if _, err := temoto.FromBytes(f.data); err != nil {
				b.Skipf("temoto rejects the file: %v", err)
			}
			b.ReportAllocs()
			for b.Loop() {
				r, _ := temoto.FromBytes(f.data)
				r.TestAgent(firstTarget, firstAgent)
			}
		})
	}
}

// grobotstxtDepartures are the small files on which grobotstxt departs
// from Google's C++ library, and how; on them TestSmallFilesAgree logs a
// difference instead of failing.
var grobotstxtDepartures = map[string]string{
	"036_www.turktelekom.com.tr": "its user-agent line is \"*\" and the byte 0xA0: grobotstxt reads 0xA0 as a space (unicode.IsSpace), " +
		"Google's library does not (isspace in the C locale), so only grobotstxt takes the group for the global one",
}

// rulePaths returns, for each Allow or Disallow line of file, a path its
// rule matches, kept only when it is printable ASCII without spaces: a URL
// as a crawler passes it. grobotstxt escapes the URL it is given before
// matching (url.Parse then String) where Google's library takes it as
// given, so on other paths the two differ by design.
func rulePaths(file []byte) []string {
	var paths []string
	for _, line := range strings.FieldsFunc(string(file), func(r rune) bool { return r == '\n' || r == '\r' }) {
		key, v, ok := strings.Cut(line, ":")
		if key = strings.ToLower(strings.TrimSpace(key)); !ok || key != "allow" && key != "disallow" {
			continue
		}
		v = strings.ReplaceAll(strings.TrimSuffix(strings.TrimSpace(v), "$"), "*", "x")
		if !strings.HasPrefix(v, "/") || strings.ContainsFunc(v, func(r rune) bool { return r <= ' ' || r > '~' }) {
			continue
		}
		paths = append(paths, v, v+"/y?z=1")
	}
	return paths
}

// TestSmallFilesAgree checks that BenchmarkSmallFiles compares like with
// like: on every small file, this library in Google mode answers as
// grobotstxt, a port of Google's library, for the benchmark's query, for
// /robots.txt and for paths made from the file's rules, for the
// benchmark's crawler and for one no group names. Where RFC mode or
// temoto answer otherwise, it logs the difference: those readings differ
// by design.
func TestSmallFilesAgree(t *testing.T) {
	for _, f := range smallFiles(t) {
		google, rfc := googleMode.Parse(f.data), ours.Parse(f.data)
		tr, terr := temoto.FromBytes(f.data)
		if terr != nil {
			t.Logf("%s: temoto rejects the file: %v", f.name, terr)
		}
		departure, departs := grobotstxtDepartures[f.name]
		differed := false
		for _, agent := range []string{firstAgent, "FooBot"} {
			for _, target := range append([]string{firstTarget, "/robots.txt"}, rulePaths(f.data)...) {
				want := grobotstxt.AgentAllowed(string(f.data), agent, target)
				switch got := google.Allowed(agent, target); {
				case got != want && departs:
					differed = true
					t.Logf("%s: Allowed(%q, %q) = %v in Google mode, grobotstxt %v: %s", f.name, agent, target, got, want, departure)
				case got != want:
					t.Errorf("%s: Allowed(%q, %q) = %v in Google mode, want %v as grobotstxt", f.name, agent, target, got, want)
				}
				if got, g := rfc.Allowed(agent, target), google.Allowed(agent, target); got != g {
					t.Logf("%s: Allowed(%q, %q) = %v in RFC mode, %v in Google mode", f.name, agent, target, got, g)
				}
				if terr == nil {
					if got, g := tr.TestAgent(target, agent), rfc.Allowed(agent, target); got != g {
						t.Logf("%s: temoto TestAgent(%q, %q) = %v, Allowed in RFC mode %v", f.name, target, agent, got, g)
					}
				}
			}
		}
		if departs && !differed {
			t.Errorf("%s: grobotstxt answers as Google mode on every query, but grobotstxtDepartures says %s", f.name, departure)
		}
	}
}
