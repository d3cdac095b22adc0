package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/internal/golden"
)

// binary is the command built once for the golden tests.
var binary string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "robotstxt-cli")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	binary = filepath.Join(dir, "robotstxt")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building the command: %v\n%s", err, out)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestGoldenCommands runs the built binary and compares its standard
// output and exit status with testdata/golden/NAME.golden; -update
// rewrites them.
func TestGoldenCommands(t *testing.T) {
	const (
		example = "../../testdata/rfc9309-example.txt"
		bni     = "../../testdata/corpus/063_www.bni.co.id.txt"
		adguard = "../../testdata/corpus/057_adguard.com.txt"
		liberty = "../../testdata/corpus/039_www.liberty.edu.txt"
		webmstr = "testdata/webmaster.txt"
		aiFile  = "testdata/ai-blocks.txt"
		wiki    = "../../testdata/corpus/002_en.wikipedia.org.txt"
		crawl   = "testdata/crawlers.txt"
		header  = "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)"
		// Googlebot Smartphone's header, as Google documents it: a comma
		// in a header is no list of names.
		smartphone = "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	)
	tests := []struct {
		name  string
		args  []string
		stdin string
	}{
		{"help", []string{"-h"}, ""},
		{"check", []string{"check", "-robots", example, "-agent", "foobot", "/example/page.html", "/publications/", "/x"}, ""},
		{"check-json", []string{"check", "-json", "-robots", example, "-agent", "barbot", "/example/page.html"}, ""},
		{"check-columns", []string{"check", "-robots", bni, "-agent", "googlebot", "-agent", "msnbot"}, "/js/app.js\n/login?x\n/news/today\n"},
		// Issue 14: a full User-Agent or a versioned name finds the
		// crawler's group in RFC mode, and how it was read is said once.
		{"check-agent-ua", []string{"check", "-robots", "-", "-agent", "MyCrawler/1.0 (+https://example.com/bot)", "-agent", "MyCrawlerPro", "/a"}, "User-agent: MyCrawler\nDisallow: /\n"},
		{"check-agent-mj12bot", []string{"check", "-robots", wiki, "-agent", "MJ12bot/1.4", "-agent", "mj12BOT/1.4,MJ12bot/1.4", "/wiki/Main_Page"}, ""},
		{"check-agent-google", []string{"check", "-mode", "google", "-robots", wiki, "-agent", "MJ12bot/1.4", "/wiki/Main_Page"}, ""},
		{"check-google", []string{"check", "-mode", "google", "-robots", example, "/robots.txt"}, ""},
		// Each crawler obeys the group it obeys by default (package
		// crawlers): Google's documented precedence, the name in a whole
		// header; -plain gives RFC 9309's reading of the name alone.
		{"check-crawler", []string{"check", "-robots", crawl, "-agent", "Googlebot-Image", "/photo.jpg", "/private/a"}, ""},
		{"check-crawler-plain", []string{"check", "-plain", "-robots", crawl, "-agent", "Googlebot-Image", "/photo.jpg", "/private/a"}, ""},
		{"check-crawler-header", []string{"check", "-robots", crawl, "-agent", header, "/drafts/a", "/a"}, ""},
		{"check-crawler-columns", []string{"check", "-robots", crawl, "-agent", "AdsBot-Google", "-agent", "Googlebot-Image", "-agent", "Googlebot-Image,Googlebot", "/private/a", "/a"}, ""},
		{"check-crawler-json", []string{"check", "-json", "-robots", crawl, "-agent", "Googlebot-Image", "-agent", "AdsBot-Google", "/private/a"}, ""},
		{"check-crawler-smartphone", []string{"check", "-robots", crawl, "-agent", smartphone, "/private/a", "/a"}, ""},
		{"check-crawler-google", []string{"check", "-mode", "google", "-robots", crawl, "-agent", "Googlebot-Image", "/a"}, ""},
		{"lint", []string{"lint", liberty}, ""},
		{"lint-json", []string{"lint", "-json", example}, ""},
		{"lint-webmaster", []string{"lint", webmstr, example}, ""},
		{"lint-severity", []string{"lint", "-severity", "warning", "-ignore", "global-not-inherited,noindex", webmstr}, ""},
		// The Crawl-delay note names the crawlers that read it, from
		// package crawlers' registry.
		{"lint-crawl-delay", []string{"lint", "-"}, "User-agent: *\nCrawl-delay: 10\nDisallow: /tmp/\n"},
		{"lint-json-text", []string{"lint", "-json", "-severity", "error", liberty}, ""},
		{"ai", []string{"ai", aiFile}, ""},
		{"ai-targets-json", []string{"ai", "-json", "-url", "/members/a", "-url", "/blog/", aiFile}, ""},
		{"diff", []string{"diff", "-agent", "foobot", "-agent", "barbot", example, bni}, "/example/page.html\n/js/x\n/publications/\n"},
		{"diff-none", []string{"diff", example, example}, "/example/page.html\n"},
		// Issue 27: without targets, diff compares the rules group by
		// group, and exits 1 when they differ.
		{"diff-rules", []string{"diff", "testdata/diff-old.txt", "testdata/diff-new.txt"}, ""},
		{"diff-rules-json", []string{"diff", "-json", "-agent", "Googlebot-Image", "-agent", "GPTBot", "testdata/diff-old.txt", "testdata/diff-new.txt"}, ""},
		{"diff-rules-agents", []string{"diff", "-agent", "Googlebot-Image", "-agent", "GPTBot", "-agent", "ExampleBot", "testdata/diff-old.txt", "testdata/diff-new.txt"}, ""},
		{"diff-rules-same", []string{"diff", example, example}, ""},
		// diff reports every record that changes, and without -agent
		// decides targets for every crawler a change can reach.
		{"diff-records", []string{"diff", "testdata/diff-records-old.txt", "testdata/diff-records-new.txt"}, ""},
		{"diff-records-json", []string{"diff", "-json", "-agent", "Googlebot", "testdata/diff-records-old.txt", "testdata/diff-records-new.txt"}, ""},
		{"diff-every-crawler", []string{"diff", "testdata/diff-records-old.txt", "testdata/diff-records-new.txt"}, "/blog/post\n/drafts/a\n/search?q=1\n/about\n"},
		{"sitemaps", []string{"sitemaps", adguard}, ""},
		{"sitemaps-json", []string{"sitemaps", "-json", adguard}, ""},
		{"groups", []string{"groups", example}, ""},
		{"groups-json", []string{"groups", "-json", bni}, ""},
		{"groups-agent", []string{"groups", "-agent", "MJ12bot/1.4", "-agent", "mj12BOT", wiki}, ""},
		{"groups-agent-union", []string{"groups", "-agent", "barbot,foobot", "-agent", "nobot", example}, ""},
		{"groups-agent-none", []string{"groups", "-json", "-agent", "b", "-"}, "User-agent: a\nDisallow: /\n"},
		{"groups-content-signal", []string{"groups", aiFile}, ""},
		// groups, diff and ai choose each crawler's group as check does;
		// -plain gives the plain reading.
		{"groups-crawler", []string{"groups", "-agent", "Googlebot-Image", "-agent", "AdsBot-Google", "-agent", "Googlebot-Image,Googlebot", crawl}, ""},
		{"groups-crawler-plain", []string{"groups", "-plain", "-agent", "Googlebot-Image", "-agent", "AdsBot-Google", crawl}, ""},
		{"diff-crawler", []string{"diff", "-agent", "Googlebot-Image", "-agent", "AdsBot-Google", crawl, example}, "/private/a\n/a\n"},
		{"diff-crawler-plain", []string{"diff", "-plain", "-agent", "Googlebot-Image", "-agent", "AdsBot-Google", crawl, example}, "/private/a\n/a\n"},
		{"ai-plain", []string{"ai", "-plain", crawl}, ""},
		// Content-Signal under "User-agent: *", where Cloudflare puts it,
		// and under a named group.
		{"ai-content-signal-groups", []string{"ai", "testdata/ai-signals.txt"}, ""},
		{"ai-content-signal-groups-json", []string{"ai", "-json", "testdata/ai-signals.txt"}, ""},
		{"unknown-command", []string{"frobnicate"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkGoldenCommand(t, tt.name, tt.args, tt.stdin) })
	}
}

// withStderr names the golden tests whose files also hold standard
// error: those whose summaries are part of what they test.
var withStderr = map[string]bool{
	"lint-webmaster": true, "lint-severity": true,
	"check-agent-ua": true, "check-agent-mj12bot": true, "check-agent-google": true,
	"groups-agent": true,
	"diff-rules":   true, "diff-rules-same": true, "diff-records": true, "diff-every-crawler": true,
	"check-crawler": true, "check-crawler-plain": true, "check-crawler-header": true,
	"check-crawler-columns": true, "check-crawler-google": true, "check-crawler-smartphone": true,
}

// checkGoldenCommand runs the command with args and stdin and compares
// its output and exit status with testdata/golden/NAME.golden, line by
// line, or rewrites the file with -update.
func checkGoldenCommand(t *testing.T, name string, args []string, stdin string) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	if withStderr[name] {
		cmd.Stderr = &stderr
	}
	checkGolden(t, name, args, exitStatus(t, cmd.Run()), stdout.String(), stderr.String())
}

// exitStatus is the exit status a command's Run or Wait returned.
func exitStatus(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return 0
}

// checkGolden compares what a command printed with
// testdata/golden/NAME.golden, or rewrites the file with -update.
func checkGolden(t *testing.T, name string, args []string, status int, stdout, stderr string) {
	t.Helper()
	shown := make([]string, len(args))
	for i, a := range args {
		shown[i] = a
		if a == "" || strings.ContainsAny(a, " \t()") {
			shown[i] = fmt.Sprintf("%q", a)
		}
	}
	got := fmt.Sprintf("$ robotstxt %s\nexit status %d\n%s", strings.Join(shown, " "), status, stdout)
	if withStderr[name] {
		got += "--- standard error\n" + stderr
	}
	golden.Check(t, filepath.Join("testdata/golden", name+".golden"), got)
}

// targetStream yields n generated targets, one per line, and samples the
// heap as it goes.
type targetStream struct {
	n, i    int
	buf     []byte
	samples []uint64
}

func (s *targetStream) Read(p []byte) (int, error) {
	for len(s.buf) < len(p) && s.i < s.n {
		s.buf = fmt.Appendf(s.buf, "/section-%d/page-%d.html?q=%d\n", s.i%97, s.i, s.i%13)
		s.i++
		if s.i%100000 == 0 {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			s.samples = append(s.samples, ms.HeapAlloc)
		}
	}
	if len(s.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.buf)
	s.buf = s.buf[n:]
	return n, nil
}

// TestCheckMillionTargetsFlatMemory pipes 1,000,000 targets through check
// and samples the heap every 100,000: it must not grow with the count.
func TestCheckMillionTargetsFlatMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("a million targets")
	}
	in := &targetStream{n: 1000000}
	var counter countWriter
	var stderr bytes.Buffer
	status := run([]string{"check", "-robots", "../../testdata/corpus/024_github.com.txt", "-agent", "googlebot", "-agent", "bingbot"}, in, &counter, &stderr)
	if status == exitError {
		t.Fatalf("check failed: %s", stderr.String())
	}
	if counter.lines != 1000000 {
		t.Fatalf("%d output lines, want 1000000", counter.lines)
	}
	first, last := in.samples[0], in.samples[len(in.samples)-1]
	t.Logf("heap after 100,000 targets: %d KiB; after 1,000,000: %d KiB", first>>10, last>>10)
	if last > first+4<<20 {
		t.Errorf("the heap grew from %d KiB to %d KiB over 900,000 targets", first>>10, last>>10)
	}
	if !strings.Contains(stderr.String(), "1000000 targets") {
		t.Errorf("summary = %q", stderr.String())
	}
}

type countWriter struct{ lines int }

func (c *countWriter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte("\n"))
	return len(p), nil
}
