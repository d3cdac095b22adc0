package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/parquet-go/parquet-go"
	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
	"github.com/rfc9309/robotstxt/internal/golden"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// runAudit runs the audit command with args and returns its standard
// output, standard error and exit status.
func runAudit(t testing.TB, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errOut bytes.Buffer
	status = run(append([]string{"audit"}, args...), strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), status
}

// jsonRows decodes JSON lines.
func jsonRows(t testing.TB, text string) []jsonRow {
	t.Helper()
	var rows []jsonRow
	for line := range strings.Lines(text) {
		var r jsonRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		rows = append(rows, r)
	}
	return rows
}

// TestAuditMatchesLibrary holds every row of cc.warc.gz and corpus.warc.gz
// to what the library answers for the same capture, read by the slow reader of the
// tests and net/http: the status rules of RFC 9309 section 2.3.1 through
// robotshttp.FromResponse, crawlers.Audit for the AI crawlers and
// crawlers.SiteAccess for the search engines'.
func TestAuditMatchesLibrary(t *testing.T) {
	for _, name := range []string{"cc.warc.gz", "corpus.warc.gz"} {
		t.Run(name, func(t *testing.T) { auditMatchesLibrary(t, filepath.Join(auditData, name)) })
	}
}

func auditMatchesLibrary(t *testing.T, in string) {
	stdout, stderr, status := runAudit(t, "", "-summary", filepath.Join(t.TempDir(), "s.json"), in)
	if status != exitAllowed {
		t.Fatalf("exit status %d, stderr:\n%s", status, stderr)
	}
	rows := jsonRows(t, stdout)
	c := newAuditCrawlers()
	var want []jsonRow
	for _, rec := range readWARCOracle(t, in) {
		if rec.header.Get("WARC-Type") != "response" {
			continue
		}
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(rec.block)), nil)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		w := jsonRow{URL: rec.header.Get("WARC-Target-URI"), Status: resp.StatusCode, Bytes: int64(len(body))}
		if resp.StatusCode/100 == 3 {
			w.Access, w.Redirect = "redirect", resp.Header.Get("Location")
			want = append(want, w)
			continue
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		r, access := robotshttp.FromResponse(resp, robotstxt.Options{})
		w.Access = access.String()
		w.AI, w.Search = map[string]string{}, map[string]string{}
		for _, v := range crawlers.Audit(r).Verdicts {
			w.AI[v.Name()] = v.Access.String()
		}
		for _, n := range c.search {
			w.Search[n] = crawlers.SiteAccess(r, n).String()
		}
		if access == robotshttp.Available {
			w.Groups, w.Sitemaps = len(r.Groups()), len(r.Sitemaps())
			w.Truncated = len(body) > robotstxt.DefaultMaxBytes
		}
		want = append(want, w)
	}
	got := make([]jsonRow, len(rows))
	for i, r := range rows {
		got[i] = jsonRow{URL: r.URL, Status: r.Status, Bytes: r.Bytes, Access: r.Access, Redirect: r.Redirect,
			AI: r.AI, Search: r.Search, Groups: r.Groups, Sitemaps: r.Sitemaps, Truncated: r.Truncated}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-library +audit):\n%s", diff)
	}
}

// TestAuditCaptures checks, capture by capture, the facts the rows of
// cc.warc.gz must show.
func TestAuditCaptures(t *testing.T) {
	stdout, _, _ := runAudit(t, "", filepath.Join(auditData, "cc.warc.gz"))
	byURL := map[string]jsonRow{}
	for _, r := range jsonRows(t, stdout) {
		byURL[r.URL] = r
	}
	type facts struct {
		Status                       int
		Access, GPTBot, Googlebot    string
		Redirect                     string
		Truncated, HTML, UTF16, BOM  bool
		Agents                       int
		ContentSignal                string
		CrawlDelay                   float64
		FirstSitemaps                []string
		Errors, Warnings, Infos, Raw bool // whether any was counted
	}
	tests := []struct {
		source, url string
		want        facts
	}{
		{"RFC 9309 section 2.3.1.1: a 2xx file's rules", "https://ai-blocker.example/robots.txt",
			facts{Status: 200, Access: "available", GPTBot: "disallowed", Googlebot: "allowed", Agents: 160}}, // 169 lines, some the same token in another case
		{"RFC 9309 section 2.3.1.2: a redirect is recorded, and decides nothing", "http://moved.example/robots.txt",
			facts{Status: 301, Access: "redirect", Redirect: "https://moved.example/robots.txt"}},
		{"RFC 9309 section 2.3.1.3: 404 allows everything, whatever its page says", "https://gone.example/robots.txt",
			facts{Status: 404, Access: "unavailable", GPTBot: "allowed", Googlebot: "allowed"}},
		{"RFC 9309 section 2.3.1.4: 503 disallows everything", "https://down.example/robots.txt",
			facts{Status: 503, Access: "unreachable", GPTBot: "disallowed", Googlebot: "disallowed"}},
		{"429 disallows everything, as robotshttp reads it by default", "https://busy.example/robots.txt",
			facts{Status: 429, Access: "unreachable", GPTBot: "disallowed", Googlebot: "disallowed"}},
		{"RFC 9309 section 2.5: a file over 500 KiB is cut", "https://docs.oracle.com/robots.txt",
			facts{Status: 200, Access: "available", GPTBot: "partly", Googlebot: "partly", Truncated: true, Agents: 1}},
		{"corpus 020: an HTML page served as robots.txt", "https://www.tjx.com/robots.txt",
			facts{Status: 200, Access: "available", GPTBot: "allowed", Googlebot: "allowed", HTML: true}},
		{"a UTF-16 file, converted (RFC mode)", "https://utf16.example/robots.txt",
			facts{Status: 200, Access: "available", GPTBot: "partly", Googlebot: "partly", UTF16: true, Agents: 1}},
		{"corpus 002: a UTF-8 byte-order mark", "https://en.wikipedia.org/robots.txt",
			facts{Status: 200, Access: "available", GPTBot: "partly", Googlebot: "partly", BOM: true, Agents: 33}},
		{"a body stored chunked, as crawlers other than Common Crawl's keep it", "https://twitter.com/robots.txt",
			facts{Status: 200, Access: "available", GPTBot: "partly", Googlebot: "partly", Agents: 6,
				CrawlDelay: 1, FirstSitemaps: []string{"https://twitter.com/sitemap.xml"}}},
		{"Content-Signal, Crawl-delay and Sitemap of the * group", "https://signal.example/robots.txt",
			facts{Status: 200, Access: "available", GPTBot: "allowed", Googlebot: "allowed", Agents: 1,
				ContentSignal: "ai-train=no, search=yes", CrawlDelay: 2.5, FirstSitemaps: []string{"https://signal.example/sitemap.xml"}}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			r, ok := byURL[tt.url]
			if !ok {
				t.Fatalf("no row for %s", tt.url)
			}
			got := facts{Status: r.Status, Access: r.Access, GPTBot: r.AI["GPTBot"], Googlebot: r.Search["Googlebot"],
				Redirect: r.Redirect, Truncated: r.Truncated, HTML: r.HTML, UTF16: r.UTF16, BOM: r.BOM,
				Agents: len(r.Agents), ContentSignal: r.ContentSignal, FirstSitemaps: r.FirstSitemaps}
			if r.CrawlDelay != nil {
				got.CrawlDelay = *r.CrawlDelay
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tt.url, diff)
			}
		})
	}
}

// TestAuditGolden compares the rows of cc.warc.gz as JSON lines and CSV,
// and the summary, with testdata/audit's golden files; -update rewrites
// them.
func TestAuditGolden(t *testing.T) {
	in := filepath.Join(auditData, "cc.warc.gz")
	for _, format := range []string{"jsonl", "csv"} {
		stdout, _, status := runAudit(t, "", "-format", format, "-summary", os.DevNull, in)
		if status != exitAllowed {
			t.Errorf("-format %s: exit status %d", format, status)
		}
		golden.Check(t, filepath.Join(auditData, "cc."+format), stdout)
	}
	sum := filepath.Join(t.TempDir(), "summary.json")
	runAudit(t, "", "-summary", sum, "-o", os.DevNull, in, filepath.Join(auditData, "bad.warc.gz"))
	b, err := os.ReadFile(sum)
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, filepath.Join(auditData, "summary.json"), string(b))
	_, stderr, _ := runAudit(t, "", "-o", os.DevNull, in)
	golden.Check(t, filepath.Join(auditData, "summary.txt"), stderr)
}

// TestAuditParquet reads the Parquet output back with parquet-go's reader
// and compares it with the JSON lines of the same inputs.
func TestAuditParquet(t *testing.T) {
	ins := []string{filepath.Join(auditData, "cc.warc.gz"), filepath.Join(auditData, "bad.warc.gz")}
	stdout, _, _ := runAudit(t, "", append([]string{"-j", "1"}, ins...)...)
	want := jsonRows(t, stdout)
	out := filepath.Join(t.TempDir(), "rows.parquet")
	if _, stderr, status := runAudit(t, "", append([]string{"-format", "parquet", "-o", out, "-j", "1"}, ins...)...); status != exitDisallowed {
		t.Fatalf("exit status %d, want %d (bad.warc.gz has records that cannot be read); stderr:\n%s", status, exitDisallowed, stderr)
	}
	got, err := parquet.ReadFile[parquetRow](out)
	if err != nil {
		t.Fatal(err)
	}
	// -j 1 keeps the inputs in order, as JSON lines had them.
	if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("Parquet rows (-jsonl +parquet):\n%s", diff)
	}
}

// TestAuditBadRecords checks that each record that cannot be read is a
// row with its offset and error, reported on standard error with its
// input, and that the records after it are read.
func TestAuditBadRecords(t *testing.T) {
	bad := filepath.Join(auditData, "bad.warc.gz")
	plain := filepath.Join(auditData, "plain.warc")
	stdout, stderr, status := runAudit(t, "", "-j", "1", bad, plain)
	if status != exitDisallowed {
		t.Errorf("exit status %d, want %d", status, exitDisallowed)
	}
	type row struct {
		URL, Error string
		Bytes      int64
		Truncated  bool
	}
	var got []row
	for _, r := range jsonRows(t, stdout) {
		got = append(got, row{r.URL, r.Error, r.Bytes, r.Truncated})
		if r.Error != "" && !strings.Contains(stderr, r.Input+": offset "+strconv.FormatInt(r.Offset, 10)+": ") {
			t.Errorf("standard error does not report %s at offset %d:\n%s", r.Input, r.Offset, stderr)
		}
	}
	want := []row{
		{"https://first.example/robots.txt", "", 38, false},
		{"", "malformed WARC header: flate: corrupt input before offset 136", 0, false}, // the cut member
		{"https://after-cut.example/robots.txt", "", 38, false},
		{"", "malformed WARC header: no Content-Length", 0, false}, // the member with a byte flipped
		{"https://long.example/robots.txt", errShortBlock.Error(), 0, false},
		{"https://short.example/robots.txt", errRecordEnd.Error(), 0, false},
		{"https://not-http.example/robots.txt", `the response record's block is not an HTTP response: status line "this is no HTTP response"`, 0, false},
		{"https://binary.example/robots.txt", "", 4096, false},
		{"https://huge.example/robots.txt", "", 10<<20 + 34, true}, // read to the limit, the rest counted
		{"", "no gzip member starts here", 0, false},
		{"https://last.example/robots.txt", "", 38, false},
		{"https://plain-first.example/robots.txt", "", 28, false},
		{"https://plain-liar.example/robots.txt", errRecordEnd.Error(), 0, false},
		{"https://covered.example/robots.txt", "", 28, false}, // found again after the liar
		{"https://plain-last.example/robots.txt", "", 28, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}

// TestAuditOutDir checks -o DIR/: a file per input, named after it, in
// order; and two inputs whose files would be the same are an error.
func TestAuditOutDir(t *testing.T) {
	dir := t.TempDir() + "/"
	files := filepath.Join(t.TempDir(), "files")
	os.MkdirAll(filepath.Join(files, "sub"), 0o755)
	os.WriteFile(filepath.Join(files, "a.txt"), []byte("User-agent: GPTBot\nDisallow: /\n"), 0o644)
	os.WriteFile(filepath.Join(files, "sub", "b.txt"), []byte("User-agent: *\nDisallow: /x\n"), 0o644)
	_, stderr, status := runAudit(t, "", "-format", "csv", "-o", dir, filepath.Join(auditData, "cc.warc.gz"), files)
	if status != exitAllowed {
		t.Fatalf("exit status %d; stderr:\n%s", status, stderr)
	}
	cc, err := os.ReadFile(dir + "cc.csv")
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := os.ReadFile(filepath.Join(auditData, "cc.csv")); !bytes.Equal(cc, want) {
		t.Errorf("%scc.csv differs from testdata/audit/cc.csv", dir)
	}
	stdout, _, _ := runAudit(t, "", files)
	var urls []string
	for _, r := range jsonRows(t, stdout) {
		urls = append(urls, r.URL)
		if r.Status != 0 || r.Access != "available" {
			t.Errorf("%s: status %d, access %q; want 0 and available for a file", r.URL, r.Status, r.Access)
		}
	}
	if want := []string{filepath.Join(files, "a.txt"), filepath.Join(files, "sub", "b.txt")}; !slices.Equal(urls, want) {
		t.Errorf("rows of the directory: %q, want %q", urls, want)
	}
	if _, err := os.Stat(dir + "files.csv"); err != nil {
		t.Error(err)
	}

	other := filepath.Join(t.TempDir(), "cc.warc")
	os.WriteFile(other, nil, 0o644)
	_, stderr, status = runAudit(t, "", "-o", t.TempDir()+"/", "-j", "1", filepath.Join(auditData, "cc.warc.gz"), other)
	if status != exitError || !strings.Contains(stderr, "as testdata/audit/cc.warc.gz's do") {
		t.Errorf("two inputs for cc.jsonl: exit status %d, stderr:\n%s", status, stderr)
	}
}

// TestAuditInputList reads the inputs from standard input, and checks
// that the rows of each input stay in order when inputs are read in
// parallel.
func TestAuditInputList(t *testing.T) {
	dir := t.TempDir()
	var list strings.Builder
	wantRows := map[string]int{}
	for i := range 12 {
		name := filepath.Join(dir, "in"+strconv.Itoa(i)+".warc.gz")
		src := []string{"cc.warc.gz", "bad.warc.gz", "plain.warc"}[i%3]
		b, _ := os.ReadFile(filepath.Join(auditData, src))
		os.WriteFile(name, b, 0o644)
		list.WriteString(name + "\n\n")
		wantRows[name] = []int{13, 11, 4}[i%3]
	}
	stdout, _, status := runAudit(t, list.String(), "-j", "4", "-")
	if status != exitDisallowed {
		t.Errorf("exit status %d, want %d", status, exitDisallowed)
	}
	byInput := map[string][]int64{}
	for _, r := range jsonRows(t, stdout) {
		byInput[r.Input] = append(byInput[r.Input], r.Offset)
	}
	if len(byInput) != 12 {
		t.Errorf("rows of %d inputs, want 12", len(byInput))
	}
	for in, offs := range byInput {
		if !slices.IsSorted(offs) {
			t.Errorf("%s: rows out of order, offsets %v", in, offs)
		}
		if len(offs) != wantRows[in] {
			t.Errorf("%s: %d rows, want %d", in, len(offs), wantRows[in])
		}
	}
}

// TestAuditUsage checks the flags' errors.
func TestAuditUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-format", "xml", "x.warc"},
		{"-j", "0", "x.warc"},
		{"-j", "1025", "x.warc"},
	} {
		if _, stderr, status := runAudit(t, "", args...); status != exitError || stderr == "" {
			t.Errorf("audit %q: exit status %d, stderr %q; want 2 and a message", args, status, stderr)
		}
	}
	if _, stderr, status := runAudit(t, "", "no-such.warc.gz"); status != exitError || !strings.Contains(stderr, "no-such.warc.gz") {
		t.Errorf("a missing input: exit status %d, stderr %q", status, stderr)
	}
}

// peakHeap runs f and returns the most heap its objects took meanwhile,
// sampled every millisecond, with the collector set to keep the heap
// near what is live.
func peakHeap(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak atomic.Uint64
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	<-done
	return peak.Load()
}

// TestAuditMemoryBound checks the bound the command's doc states: the
// heap an audit takes does not grow with the number of inputs, and a
// body of 10 MB (in bad.warc.gz) is never held whole.
func TestAuditMemoryBound(t *testing.T) {
	dir := t.TempDir()
	var list []string
	for i := range 16 {
		for _, src := range []string{"cc.warc.gz", "bad.warc.gz"} {
			name := filepath.Join(dir, strconv.Itoa(i)+src)
			if err := os.Link(filepath.Join(auditData, src), name); err != nil {
				t.Fatal(err)
			}
			list = append(list, name)
		}
	}
	audit := func(inputs []string) uint64 {
		return peakHeap(func() {
			runAudit(t, "", append([]string{"-j", "2", "-o", os.DevNull, "-summary", os.DevNull}, inputs...)...)
		})
	}
	few, many := audit(list[:8]), audit(list)
	t.Logf("peak heap: %d KiB for 8 inputs, %d KiB for %d", few>>10, many>>10, len(list))
	const slack = 6 << 20
	if many > few+slack {
		t.Errorf("peak heap %d KiB for %d inputs, %d KiB for 8: it grows with the inputs", many>>10, len(list), few>>10)
	}
	if few > 10<<20+slack {
		t.Errorf("peak heap %d KiB: a 10 MB body was held whole", few>>10)
	}
}

// TestAuditProgress checks the progress line: rates, and the time left
// only when the inputs' size is known; and that it is erased before
// anything else is written, and drawn nowhere but on a terminal.
func TestAuditProgress(t *testing.T) {
	tests := []struct {
		source                string
		captures, read, total int64
		elapsed               time.Duration
		want                  string
	}{
		{"sizes known", 5000, 50e6, 200e6, 10 * time.Second, "5000 captures, 500/s, 5.0 MB/s, 25%, 30s left"},
		{"a list on standard input: no size", 5000, 50e6, -1, 10 * time.Second, "5000 captures, 500/s, 5.0 MB/s"},
		{"nothing read yet", 0, 0, 100, time.Second, "0 captures, 0/s, 0.0 MB/s"},
	}
	for _, tt := range tests {
		if got := progressText(tt.captures, tt.read, tt.total, tt.elapsed); got != tt.want {
			t.Errorf("%s: progressText(%d, %d, %d, %v) = %q, want %q", tt.source, tt.captures, tt.read, tt.total, tt.elapsed, got, tt.want)
		}
	}
	var w bytes.Buffer
	p := &auditProgress{w: &w, total: -1, start: time.Now(), onTerminal: true}
	p.draw(1, 1)
	p.clear()
	p.clear()
	if got := w.String(); !strings.HasPrefix(got, "\r1 captures") || strings.Count(got, "\r\033[K") != 1 || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("draw then clear twice wrote %q: want the line, then one erasure", got)
	}
	w.Reset()
	off := newAuditProgress(&w, -1) // a buffer is no terminal
	off.draw(1, 1)
	off.clear()
	if w.Len() != 0 {
		t.Errorf("progress off a terminal wrote %q", w.String())
	}
}

// TestAuditMaxBytes checks -max-bytes: a body over it is cut, and the
// row says so; a negative one reads up to 64 MiB, as the other commands
// do.
func TestAuditMaxBytes(t *testing.T) {
	stdout, _, _ := runAudit(t, "", "-max-bytes", "-1", filepath.Join(auditData, "bad.warc.gz"))
	seen := false
	for _, r := range jsonRows(t, stdout) {
		if r.URL == "https://huge.example/robots.txt" {
			seen = true
			if r.Truncated || r.Bytes != 10<<20+34 {
				t.Errorf("-max-bytes -1: %s: %d bytes, truncated %v; want 10 MiB and more, not truncated", r.URL, r.Bytes, r.Truncated)
			}
		}
	}
	if !seen {
		t.Error("-max-bytes -1: no row for the 10 MiB body")
	}
	stdout, _, _ = runAudit(t, "", "-max-bytes", "1000", filepath.Join(auditData, "cc.warc.gz"))
	for _, r := range jsonRows(t, stdout) {
		if want := r.Access == "available" && r.Bytes > 1000; r.Truncated != want {
			t.Errorf("%s: %d bytes, truncated %v with -max-bytes 1000", r.URL, r.Bytes, r.Truncated)
		}
	}
}

// TestAuditParquetMemory checks the Parquet writer's share of the memory
// bound: it holds one row group, so writing three takes no more than
// the doc's 20 MiB, with room for the collector.
func TestAuditParquetMemory(t *testing.T) {
	c := newAuditCrawlers()
	stdout, _, _ := runAudit(t, "", filepath.Join(auditData, "cc.warc.gz"))
	var rows []auditRow
	for _, r := range jsonRows(t, stdout) {
		row := auditRow{URL: r.URL, Agents: r.Agents, AI: make([]crawlers.Access, len(c.ai)), Search: make([]crawlers.Access, len(c.search))}
		for i, n := range c.ai {
			row.AI[i] = map[string]crawlers.Access{"allowed": crawlers.Allowed, "disallowed": crawlers.Disallowed, "partly": crawlers.Partly}[r.AI[n]]
		}
		rows = append(rows, row)
	}
	var written int
	peak := peakHeap(func() {
		s := newRowSink("parquet", io.Discard, c)
		batch := make([]auditRow, 0, auditBatch)
		for i := range 3 * parquetRowGroup {
			if batch = append(batch, rows[i%len(rows)]); len(batch) == auditBatch {
				s.write(batch)
				written += len(batch)
				batch = batch[:0]
			}
		}
		if err := s.close(); err != nil {
			t.Error(err)
		}
	})
	t.Logf("peak heap %d KiB writing %d rows", peak>>10, written)
	if peak > 32<<20 {
		t.Errorf("peak heap %d KiB writing %d rows to Parquet: more than one row group held", peak>>10, written)
	}
}

// failingWriter fails every write, as a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

// TestAuditOutputFails checks that an output that fails ends the run, with
// status 2 and the error, rather than leaving readers waiting on it.
func TestAuditOutputFails(t *testing.T) {
	var ins []string
	for range 20 {
		ins = append(ins, filepath.Join(auditData, "cc.warc.gz"))
	}
	var stderr bytes.Buffer
	status := run(append([]string{"audit", "-j", "2"}, ins...), nil, failingWriter{}, &stderr)
	if status != exitError || !strings.Contains(stderr.String(), "writing rows: "+os.ErrClosed.Error()) {
		t.Errorf("exit status %d, stderr %q; want 2 and the write error", status, stderr.String())
	}
}

// TestAuditEscapesControls checks that rows written to standard output
// carry no control character from a file (an escape sequence in a
// Sitemap would reach the terminal), in CSV, which does not escape them
// itself, and in JSON lines.
func TestAuditEscapesControls(t *testing.T) {
	dir := t.TempDir()
	robots := "User-agent: *\nDisallow: /x\nSitemap: https://example.com/\x1b]0;owned\x07.xml\n"
	if err := os.WriteFile(filepath.Join(dir, "robots.txt"), []byte(robots), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"csv", "jsonl"} {
		stdout, stderr, status := runAudit(t, "", "-format", format, "-summary", os.DevNull, dir)
		if status != 0 {
			t.Fatalf("%s: exit status %d; stderr:\n%s", format, status, stderr)
		}
		if strings.ContainsAny(stdout, "\x1b\x07") || !strings.Contains(stdout, "owned") {
			t.Errorf("%s: rows %q: want the sitemap without its control characters", format, stdout)
		}
	}
}
