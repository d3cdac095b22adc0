package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// benchOut is a small output of "go test -bench . -count 2" in the bench
// module: a case both libraries run, one temoto rejects, a case of this
// library alone, and smallOut.
const benchOut = `goos: linux
goarch: amd64
pkg: github.com/rfc9309/robotstxt/bench
BenchmarkParse/lib=ours/file=1KB-2         	  400000	      3000 ns/op	 372.00 MB/s	    2048 B/op	      11 allocs/op
BenchmarkParse/lib=temoto/file=1KB-2       	   20000	     60000 ns/op	  18.60 MB/s	   82167 B/op	     896 allocs/op
BenchmarkParse/lib=ours/file=1KB-2         	  400000	      3200 ns/op	 348.75 MB/s	    2048 B/op	      11 allocs/op
BenchmarkParse/lib=temoto/file=1KB-2       	   20000	     64000 ns/op	  17.44 MB/s	   82167 B/op	     896 allocs/op
--- SKIP: BenchmarkParse/lib=temoto/file=odd-2KB
BenchmarkParse/lib=ours/file=odd-2KB-2     	  100000	     10000 ns/op	 200.00 MB/s	    4096 B/op	      13 allocs/op
BenchmarkParse/lib=ours/file=odd-2KB-2     	  100000	     10000 ns/op	 200.00 MB/s	    4096 B/op	      13 allocs/op
BenchmarkAllowed/lib=ours/case=200-rules-2 	 5000000	       200 ns/op	       0 B/op	       0 allocs/op
BenchmarkAllowed/lib=temoto/case=200-rules-2	   60000	     20000 ns/op	       0 B/op	       0 allocs/op
BenchmarkAllowed/lib=ours/case=200-rules-2 	 5000000	       250 ns/op	       0 B/op	       0 allocs/op
BenchmarkAllowed/lib=temoto/case=200-rules-2	   60000	     20000 ns/op	       0 B/op	       0 allocs/op
BenchmarkFirstQuery/lib=ours/file=a-2      	   10000	    100000 ns/op	 100.00 MB/s	    1.100 x-parse	    4096 B/op	      10 allocs/op
BenchmarkFirstQuery/lib=ours/file=b-2      	   10000	    100000 ns/op	 100.00 MB/s	    1.300 x-parse	    4096 B/op	      10 allocs/op
` + smallOut + "PASS\n"

// smallOut is a small output of BenchmarkSmallFiles: four files out of
// order of size, one run of each but two of
// the 94-byte file, and a file temoto rejects. The interleaved ratios
// differ from the ratios of the medians, as they may in a run.
const smallOut = `BenchmarkSmallFiles/lib=ours/file=033_www.ups.com-2         	  1000000	      1500 ns/op	        94.00 B/file	     700 B/op	       2 allocs/op
BenchmarkSmallFiles/lib=ours-google/file=033_www.ups.com-2  	  1000000	      1600 ns/op	     700 B/op	       2 allocs/op
BenchmarkSmallFiles/lib=grobotstxt/file=033_www.ups.com-2   	  1000000	      3000 ns/op	     900 B/op	      30 allocs/op
BenchmarkSmallFiles/lib=interleaved/file=033_www.ups.com-2	   30000	     50000 ns/op	         0.5 x-grobotstxt	   16000 B/op	     200 allocs/op
BenchmarkSmallFiles/lib=temoto/file=033_www.ups.com-2       	  1000000	      6000 ns/op	    3000 B/op	      40 allocs/op
BenchmarkSmallFiles/lib=ours/file=033_www.ups.com-2         	  1000000	      1700 ns/op	        94.00 B/file	     700 B/op	       2 allocs/op
BenchmarkSmallFiles/lib=ours-google/file=033_www.ups.com-2  	  1000000	      1600 ns/op	     700 B/op	       2 allocs/op
BenchmarkSmallFiles/lib=grobotstxt/file=033_www.ups.com-2   	  1000000	      3400 ns/op	     900 B/op	      30 allocs/op
BenchmarkSmallFiles/lib=interleaved/file=033_www.ups.com-2	   30000	     50000 ns/op	         0.7 x-grobotstxt	   16000 B/op	     200 allocs/op
BenchmarkSmallFiles/lib=temoto/file=033_www.ups.com-2       	  1000000	      6000 ns/op	    3000 B/op	      40 allocs/op
BenchmarkSmallFiles/lib=ours/file=043_www.wacom.com-2       	  1000000	      1000 ns/op	        25.00 B/file	     600 B/op	       2 allocs/op
BenchmarkSmallFiles/lib=ours-google/file=043_www.wacom.com-2	  1000000	      1100 ns/op	     600 B/op	       2 allocs/op
BenchmarkSmallFiles/lib=grobotstxt/file=043_www.wacom.com-2 	  1000000	      2000 ns/op	     400 B/op	      11 allocs/op
BenchmarkSmallFiles/lib=interleaved/file=043_www.wacom.com-2	   30000	     50000 ns/op	         1.2 x-grobotstxt	   16000 B/op	     200 allocs/op
BenchmarkSmallFiles/lib=temoto/file=043_www.wacom.com-2     	  1000000	      2500 ns/op	    2400 B/op	      13 allocs/op
BenchmarkSmallFiles/lib=ours/file=034_www.nation.co.ke-2    	  1000000	      2000 ns/op	       187.0 B/file	     800 B/op	       3 allocs/op
BenchmarkSmallFiles/lib=ours-google/file=034_www.nation.co.ke-2	  1000000	      2100 ns/op	     800 B/op	       3 allocs/op
BenchmarkSmallFiles/lib=grobotstxt/file=034_www.nation.co.ke-2	  1000000	      4000 ns/op	    1000 B/op	      40 allocs/op
BenchmarkSmallFiles/lib=interleaved/file=034_www.nation.co.ke-2	   30000	     50000 ns/op	         0.8 x-grobotstxt	   16000 B/op	     200 allocs/op
BenchmarkSmallFiles/lib=temoto/file=034_www.nation.co.ke-2  	  1000000	      8000 ns/op	    4000 B/op	      50 allocs/op
BenchmarkSmallFiles/lib=ours/file=039_www.liberty.edu-2     	  1000000	      3000 ns/op	       319.0 B/file	     900 B/op	       3 allocs/op
BenchmarkSmallFiles/lib=ours-google/file=039_www.liberty.edu-2	  1000000	      3000 ns/op	     900 B/op	       3 allocs/op
BenchmarkSmallFiles/lib=grobotstxt/file=039_www.liberty.edu-2	  1000000	      9000 ns/op	    2000 B/op	      60 allocs/op
BenchmarkSmallFiles/lib=interleaved/file=039_www.liberty.edu-2	   30000	     50000 ns/op	         0.3 x-grobotstxt	   16000 B/op	     200 allocs/op
--- SKIP: BenchmarkSmallFiles/lib=temoto/file=039_www.liberty.edu
`

const fullWant = `| benchmark | case | metric | ours | temoto | ours / temoto | run by run |
|---|---|---|---:|---:|---:|---:|
| Parse | 1KB | ns/op | 3100 | 6.2e+04 | 0.05 | - |
| Parse | 1KB | MB/s | 360.4 | 18.02 | 20 | - |
| Parse | 1KB | allocs/op | 11 | 896 | 0.0123 | - |
| Parse | odd-2KB | ns/op | 1e+04 | n/a | - | - |
| Parse | odd-2KB | MB/s | 200 | n/a | - | - |
| Parse | odd-2KB | allocs/op | 13 | n/a | - | - |
| Allowed | 200-rules | ns/op | 225 | 2e+04 | 0.0112 | 0.01-0.0125 |
| Allowed | 200-rules | allocs/op | 0 | 0 | - | - |
| FirstQuery | a | ns/op | 1e+05 | n/a | - | - |
| FirstQuery | a | MB/s | 100 | n/a | - | - |
| FirstQuery | a | x-parse | 1.1 | n/a | - | - |
| FirstQuery | a | allocs/op | 10 | n/a | - | - |
| FirstQuery | b | ns/op | 1e+05 | n/a | - | - |
| FirstQuery | b | MB/s | 100 | n/a | - | - |
| FirstQuery | b | x-parse | 1.3 | n/a | - | - |
| FirstQuery | b | allocs/op | 10 | n/a | - | - |
| SmallFiles | 033_www.ups.com | ns/op | 1600 | 6000 | 0.267 | 0.25-0.283 |
| SmallFiles | 033_www.ups.com | allocs/op | 2 | 40 | 0.05 | - |
| SmallFiles | 043_www.wacom.com | ns/op | 1000 | 2500 | 0.4 | - |
| SmallFiles | 043_www.wacom.com | allocs/op | 2 | 13 | 0.154 | - |
| SmallFiles | 034_www.nation.co.ke | ns/op | 2000 | 8000 | 0.25 | - |
| SmallFiles | 034_www.nation.co.ke | allocs/op | 3 | 50 | 0.06 | - |
| SmallFiles | 039_www.liberty.edu | ns/op | 3000 | n/a | - | - |
| SmallFiles | 039_www.liberty.edu | allocs/op | 3 | n/a | - | - |
`

// smallWant is the table of small files of benchOut.
const smallWant = "| file | bytes | this library | Google mode | grobotstxt | temoto | this library / grobotstxt, interleaved |\n" +
	"|---|---:|---:|---:|---:|---:|---:|\n" +
	"| `043_www.wacom.com` | 25 | 1,000 ns, 2 allocs | 1,100 ns, 2 allocs | 2,000 ns, 11 allocs | 2,500 ns, 13 allocs | 1.2 |\n" +
	"| `033_www.ups.com` | 94 | 1,600 ns, 2 allocs | 1,600 ns, 2 allocs | 3,200 ns, 30 allocs | 6,000 ns, 40 allocs | 0.6 |\n" +
	"| `034_www.nation.co.ke` | 187 | 2,000 ns, 3 allocs | 2,100 ns, 3 allocs | 4,000 ns, 40 allocs | 8,000 ns, 50 allocs | 0.8 |\n" +
	"| `039_www.liberty.edu` | 319 | 3,000 ns, 3 allocs | 3,000 ns, 3 allocs | 9,000 ns, 60 allocs | rejects the file | 0.3 |\n" +
	"\nThis library runs in RFC mode, the default, and in Google mode; grobotstxt's AgentAllowed parses and " +
	"matches in one call. The times are medians of separate sub-benchmarks, which a shared machine's load may sway " +
	"apart; the ratio to grobotstxt is timed in alternate batches of one loop, so both see the same load.\n"

// readmeIn is a README with prose around its markers and stale figures
// between them.
const readmeIn = `# Benchmarks

Prose before, with a figure typed by hand: 5 runs.

<!-- bench:header:begin -->
old header
<!-- bench:header:end -->

Prose between.

<!-- bench:full:begin -->
| stale | table |
<!-- bench:full:end -->

Small files:

<!-- bench:small:begin -->
| stale | small table |
<!-- bench:small:end -->
Prose after.
`

func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// dash turns the en dashes of ranges into hyphens, so that the wanted
// tables here stay ASCII.
func dash(s string) string { return strings.ReplaceAll(s, "–", "-") }

func TestFullTable(t *testing.T) {
	var out strings.Builder
	if err := run(nil, strings.NewReader(benchOut), &out); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(fullWant, dash(out.String())); diff != "" {
		t.Errorf("full table (-want +got):\n%s", diff)
	}
}

func TestRunWritesReadme(t *testing.T) {
	path := writeTemp(t, "README.md", readmeIn)
	if err := run([]string{"-header", "Medians of 2 runs.", "-readme", path}, strings.NewReader(benchOut), nil); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(readmeIn, "old header\n", "Medians of 2 runs.\n", 1)
	want = strings.Replace(want, "| stale | table |\n", fullWant, 1)
	want = strings.Replace(want, "| stale | small table |\n", smallWant, 1)
	if diff := cmp.Diff(want, dash(readFile(t, path))); diff != "" {
		t.Errorf("README (-want +got):\n%s", diff)
	}
	// A second run finds its own output between the markers and
	// writes the same file.
	if err := run([]string{"-header", "Medians of 2 runs.", "-readme", path}, strings.NewReader(benchOut), nil); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, dash(readFile(t, path))); diff != "" {
		t.Errorf("README after a second run (-want +got):\n%s", diff)
	}
}

func TestRunMissingMarkerFails(t *testing.T) {
	for _, c := range []struct{ name, drop string }{
		{"no begin marker", "<!-- bench:full:begin -->\n"},
		{"no end marker", "<!-- bench:full:end -->\n"},
		{"no header markers", "<!-- bench:header:begin -->\nold header\n<!-- bench:header:end -->\n"},
		{"no small markers", "<!-- bench:small:begin -->\n| stale | small table |\n<!-- bench:small:end -->\n"},
	} {
		in := strings.Replace(readmeIn, c.drop, "", 1)
		path := writeTemp(t, "README.md", in)
		err := run([]string{"-header", "h", "-readme", path}, strings.NewReader(benchOut), nil)
		if err == nil {
			t.Errorf("%s: run succeeded, want an error", c.name)
		}
		if got := readFile(t, path); got != in {
			t.Errorf("%s: the file changed although run failed:\n%s", c.name, got)
		}
	}
}

func TestReplaceBlock(t *testing.T) {
	const b, e = "<!-- bench:x:begin -->", "<!-- bench:x:end -->"
	for _, c := range []struct {
		name, doc, body, want string
		wantErr               bool
	}{
		{"replaces only between the markers", "a\n" + b + "\nold\n" + e + "\nz\n", "new\n", "a\n" + b + "\nnew\n" + e + "\nz\n", false},
		{"fills an empty block", b + "\n" + e + "\n", "new\n", b + "\nnew\n" + e + "\n", false},
		{"adds a missing final newline", b + "\n" + e, "new", b + "\nnew\n" + e, false},
		{"begin marker missing", "a\n" + e + "\n", "new\n", "", true},
		{"end marker missing", "a\n" + b + "\n", "new\n", "", true},
		{"begin marker repeated", b + "\n" + b + "\n" + e + "\n", "new\n", "", true},
		{"end before begin", e + "\n" + b + "\n", "new\n", "", true},
		{"another block's markers", "<!-- bench:y:begin -->\n<!-- bench:y:end -->\n", "new\n", "", true},
	} {
		got, err := replaceBlock(c.doc, "x", c.body)
		if (err != nil) != c.wantErr {
			t.Errorf("%s: replaceBlock error = %v, want error %v", c.name, err, c.wantErr)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s: replaceBlock (-want +got):\n%s", c.name, diff)
		}
	}
}

func TestSummaryTable(t *testing.T) {
	res, err := readResults(strings.NewReader(benchOut))
	if err != nil {
		t.Fatal(err)
	}
	rows := []summaryRow{
		{"Parse", []string{"1KB"}, "parse 1 KB"},
		{"Parse", []string{"1KB", "odd-2KB"}, "parse both"},
		{"Parse", []string{"odd-2KB"}, "parse the odd one"},
		{"FirstQuery", nil, "parse and decide"},
		{"Allowed", []string{"200-rules"}, "allowed"},
		{"SmallFiles", nil, "small files"},
	}
	got, err := summaryTable(newSide(res), rows)
	if err != nil {
		t.Fatal(err)
	}
	want := `| | this library | temoto/robotstxt | ratio |
|---|---:|---:|---:|
| parse 1 KB | 360 MB/s, 11 allocs | 18 MB/s, 896 allocs | 20x |
| parse both | 200-360 MB/s, 11-13 allocs | 18 MB/s, 896 allocs; 1 file rejected | 20x |
| parse the odd one | 200 MB/s, 13 allocs | rejects the file |  |
| parse and decide | at most 1.3 times the parse alone |  |  |
| allowed | 225 ns, 0 allocs | 20,000 ns | 88.9x faster |
| small files | 1,000-3,000 ns, 2-3 allocs | 2,500-8,000 ns | 2.5-4x faster |
`
	if diff := cmp.Diff(want, dash(got)); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	if _, err := summaryTable(newSide(res), []summaryRow{{"Parse", []string{"2KB"}, "a case the run lacks"}}); err == nil {
		t.Errorf("summaryTable with a case the output lacks succeeded, want an error")
	}
}

// TestSmallTableMissing checks that the table of small files fails,
// rather than showing fewer figures, when the output lacks one.
func TestSmallTableMissing(t *testing.T) {
	for _, c := range []struct{ name, cut string }{
		{"no grobotstxt figure for a file", `(?m)^BenchmarkSmallFiles/lib=grobotstxt/file=039_www.liberty.edu.*\n`},
		{"no Google-mode figure for a file", `(?m)^BenchmarkSmallFiles/lib=ours-google/file=043_www.wacom.com.*\n`},
		{"no file size", `\s+[\d.]+ B/file`},
		{"no interleaved ratio for a file", `(?m)^BenchmarkSmallFiles/lib=interleaved/file=033_www.ups.com.*\n`},
		{"no small file at all", `(?m)^BenchmarkSmallFiles.*\n`},
	} {
		res, err := readResults(strings.NewReader(regexp.MustCompile(c.cut).ReplaceAllString(benchOut, "")))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := smallTable(newSide(res)); err == nil {
			t.Errorf("%s: smallTable succeeded, want an error:\n%s", c.name, got)
		}
	}
}

// rootOut is a small output of the root module's benchmarks.
var rootOut = func() string {
	var b strings.Builder
	b.WriteString("goos: linux\n")
	for i, stars := range []string{"10", "100", "1000"} {
		for j, path := range []string{"256", "2048", "16384"} {
			fmt.Fprintf(&b, "BenchmarkPathological/stars=%s/path=%s-2 \t 1000\t %d ns/op\t 1.0 MB/s\t 0 B/op\t 0 allocs/op\n", stars, path, (i+1)*(j+1)*1000)
		}
	}
	for i, size := range []string{"1024", "65536", "1048576"} {
		fmt.Fprintf(&b, "BenchmarkPathological/parse-line=%s-2 \t 1000\t 100 ns/op\t %d MB/s\t 0 B/op\t 3 allocs/op\n", size, (i+1)*500)
	}
	for _, kind := range manyLines.rows {
		for _, n := range manyLines.cols {
			fmt.Fprintf(&b, "BenchmarkManyLines/%s/lines=%s-2 \t 100\t 100 ns/op\t 42.42 MB/s\t 0 B/op\t 3 allocs/op\n", kind.key, n.key)
		}
	}
	b.WriteString("BenchmarkRetainedCorpus-2 \t 1\t 9000 ns/op\t 2.450 max-x-size\t 1.300 median-x-size\t 1.900 p90-x-size\n")
	for i, shape := range worstCase.rows {
		for j, col := range worstCase.cols {
			fmt.Fprintf(&b, "BenchmarkWorstCase/%s/%s-2 \t 100\t %d ns/op\t 1.0 MB/s\t 0 B/op\t 0 allocs/op\n", shape.key, col.key, (i+1)*(j+1)*10000)
		}
	}
	return b.String()
}()

func TestGrids(t *testing.T) {
	res, err := readResults(strings.NewReader(rootOut))
	if err != nil {
		t.Fatal(err)
	}
	got, err := pathological.table(res)
	if err != nil {
		t.Fatal(err)
	}
	want := "| pattern \\ path | 256 B | 2 KB | 16 KB |\n|---|---:|---:|---:|\n" +
		"| 10 `*` | 1 µs | 2 µs | 3 µs |\n" +
		"| 100 `*` | 2 µs | 4 µs | 6 µs |\n" +
		"| 1,000 `*` | 3 µs | 6 µs | 9 µs |\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("pathological (-want +got):\n%s", diff)
	}
	got, err = worstCase.table(res)
	if err != nil {
		t.Fatal(err)
	}
	want = "| rules \\ path | 101 B of `a` | 101 B of `ab` | 8 KB of `a` | 8 KB of `ab` | 8 KB, random letters | 8 KB of `ab`, Google mode |\n|---|---:|---:|---:|---:|---:|---:|\n" +
		"| `Allow: /*` and three pieces of 5 of `a`, `b` | 10 µs | 20 µs | 30 µs | 40 µs | 50 µs | 60 µs |\n" +
		"| ten pieces of 3 of `a`, `b`, `c` | 20 µs | 40 µs | 60 µs | 80 µs | 100 µs | 120 µs |\n" +
		"| two pieces of 8 of `a`, `b`, ending in `$` | 30 µs | 60 µs | 90 µs | 120 µs | 150 µs | 180 µs |\n" +
		"| `/catalogue/` ×6, two pieces of 6 of `a`, `b` | 40 µs | 80 µs | 120 µs | 160 µs | 200 µs | 240 µs |\n" +
		"| allow and disallow, pieces of 1 to 8, half ending in `$` | 50 µs | 100 µs | 150 µs | 200 µs | 250 µs | 300 µs |\n" +
		"| pieces of 1 to 64 `a`s | 60 µs | 120 µs | 180 µs | 240 µs | 300 µs | 360 µs |\n" +
		"| `/*` and 16 random letters | 70 µs | 140 µs | 210 µs | 280 µs | 350 µs | 420 µs |\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("worst case (-want +got):\n%s", diff)
	}
	got, err = longLine.table(res)
	if err != nil {
		t.Fatal(err)
	}
	want = "| one line of | 1 KB | 64 KB | 1 MB |\n|---|---:|---:|---:|\n| MB/s | 500 | 1,000 | 1,500 |\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("long line (-want +got):\n%s", diff)
	}
	got, err = retainedCorpus(res)
	if err != nil {
		t.Fatal(err)
	}
	want = "| heap a parsed file keeps, × its size | median | 90th percentile | largest |\n|---|---:|---:|---:|\n| every corpus file of 1 KB or more | 1.3 | 1.9 | 2.45 |\n"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("retained corpus (-want +got):\n%s", diff)
	}
	short, err := readResults(strings.NewReader(strings.ReplaceAll(rootOut, "BenchmarkPathological/stars=100/path=2048", "BenchmarkOther")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pathological.table(short); err == nil {
		t.Errorf("pathological table without stars=100/path=2048 succeeded, want an error")
	}
}

const compareOut = `=== RUN   TestConformanceCompared
    compare_test.go:83: compared: set=google_match.json records=209 ours=209 temoto=162 temoto-rejected=14
    compare_test.go:83: compared: set=peers_rfc9309.json records=1209 ours=1209 temoto=1070 temoto-rejected=1
--- PASS: TestConformanceCompared (0.05s)
PASS
`

func TestComparedTable(t *testing.T) {
	sets, err := readCompared(strings.NewReader(compareOut))
	if err != nil {
		t.Fatal(err)
	}
	got, err := comparedTable(sets)
	if err != nil {
		t.Fatal(err)
	}
	want := `| answers as the record expects | this library | temoto/robotstxt |
|---|---|---|
| Google's answers (209 single-agent cases) | 209 in Google mode | 162; 14 files rejected |
| RFC 9309 answers of four libraries' tests (1,209 single-agent cases) | 1,209 | 1,070; 1 file rejected |
`
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("compared (-want +got):\n%s", diff)
	}
	sets, err = readCompared(strings.NewReader(strings.Split(compareOut, "\n    compare_test.go:83: compared: set=peers")[0]))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := comparedTable(sets); err == nil {
		t.Errorf("comparedTable without the peers' counts succeeded, want an error")
	}
}

// TestRunWritesPerformance runs the whole -perf path on outputs holding
// every case summaryRows names, and checks that the text outside the
// markers is left as it was and that every block is filled.
func TestRunWritesPerformance(t *testing.T) {
	var b strings.Builder
	b.WriteString(smallOut)
	for _, r := range summaryRows {
		if r.bench == smallBench {
			continue // smallOut holds its cases
		}
		cases := r.cases
		if cases == nil {
			cases = []string{"any"}
		}
		for _, c := range cases {
			fmt.Fprintf(&b, "Benchmark%s/lib=ours/case=%s-2 \t 100\t 100 ns/op\t 5.0 MB/s\t 1.2 x-size\t 1.1 x-parse\t 0 B/op\t 1 allocs/op\n", r.bench, c)
			fmt.Fprintf(&b, "Benchmark%s/lib=temoto/case=%s-2 \t 100\t 900 ns/op\t 0.5 MB/s\t 2.2 x-size\t 2.2 x-parse\t 0 B/op\t 9 allocs/op\n", r.bench, c)
		}
	}
	names := []string{"header", "summary", "small", "retained-corpus", "pathological", "worst-case", "long-line", "many-lines", "compared"}
	var doc strings.Builder
	doc.WriteString("# Performance\n\nProse with 22x typed.\n")
	for _, n := range names {
		fmt.Fprintf(&doc, "\nAbout %s:\n\n%s\n| stale |\n%s\n", n, beginMarker(n), endMarker(n))
	}
	doc.WriteString("\nThe end.\n")
	perf := writeTemp(t, "PERFORMANCE.md", doc.String())
	root := writeTemp(t, "root.out", rootOut)
	compare := writeTemp(t, "compare.out", compareOut)
	args := []string{"-header", "Medians of 2 runs.", "-perf", perf, "-root", root, "-compare", compare}
	if err := run(args, strings.NewReader(b.String()), nil); err != nil {
		t.Fatal(err)
	}
	got := readFile(t, perf)
	if diff := cmp.Diff(outside(t, doc.String(), names), outside(t, got, names)); diff != "" {
		t.Errorf("text outside the markers changed (-want +got):\n%s", diff)
	}
	for _, n := range names {
		i, j := strings.Index(got, beginMarker(n)), strings.Index(got, endMarker(n))
		if inside := got[i+len(beginMarker(n)) : j]; strings.Contains(inside, "stale") || strings.TrimSpace(inside) == "" {
			t.Errorf("block %s = %q, want it written", n, inside)
		}
	}
	if !strings.Contains(got, "| parse a 1 KB file | 5 MB/s, 1 allocs | 0.5 MB/s, 9 allocs | 9x |") {
		t.Errorf("summary lacks the 1 KB row of the benchmark output:\n%s", got)
	}
}

// outside returns doc with the text between each pair of markers cut out.
func outside(t *testing.T, doc string, names []string) string {
	t.Helper()
	for _, n := range names {
		var err error
		if doc, err = replaceBlock(doc, n, ""); err != nil {
			t.Fatal(err)
		}
	}
	return doc
}

func TestHuman(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {0.2641, "0.264"}, {7.43, "7.43"}, {17.44, "17.4"}, {372, "372"},
		{1419.8, "1,420"}, {19720, "19,700"}, {191235, "191,000"}, {2.4e6, "2,400,000"},
	} {
		if got := human(c.v); got != c.want {
			t.Errorf("human(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestSpread(t *testing.T) {
	for _, c := range []struct {
		ours, temoto []float64
		want         string
	}{
		{[]float64{1, 2, 3}, []float64{10, 10, 20}, "0.1–0.2"},
		{[]float64{1, 2}, []float64{10, 20, 30}, "-"}, // one ratio per pair: 0.1 and 0.1
		{[]float64{1, 3}, []float64{10, 20, 30}, "0.1–0.15"},
		{[]float64{5}, []float64{10}, "-"},
		{[]float64{1, 2}, []float64{0, 0}, "-"},
		{nil, []float64{1, 2}, "-"},
	} {
		if got := spread(c.ours, c.temoto); got != c.want {
			t.Errorf("spread(%v, %v) = %q, want %q", c.ours, c.temoto, got, c.want)
		}
	}
}

func TestMedian(t *testing.T) {
	if got := median([]float64{3, 1, 2}); got != 2 {
		t.Errorf("median of 3, 1, 2 = %v", got)
	}
	if got := median([]float64{4, 1, 2, 3}); got != 2.5 {
		t.Errorf("median of 4, 1, 2, 3 = %v", got)
	}
	if got := median(nil); got == got {
		t.Errorf("median of nothing = %v, want NaN", got)
	}
}
