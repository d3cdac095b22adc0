package robotstxt

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestCrawlDelay(t *testing.T) {
	tests := []struct {
		source string
		robots string
		agent  string
		want   time.Duration
		ok     bool
	}{
		{"seconds", "User-agent: a\nCrawl-delay: 10\n", "a", 10 * time.Second, true},
		{"decimals", "User-agent: a\nCrawl-delay: 0.5\n", "a", 500 * time.Millisecond, true},
		{"case and spacing of the key", "User-agent: a\nCRAWL-DELAY : 3\n", "a", 3 * time.Second, true},
		{"texting_robots forgiveness: crawl delay", "User-agent: a\ncrawl delay: 420\n", "a", 420 * time.Second, true},
		{"texting_robots forgiveness: crawldelay", "User-agent: a\ncrawldelay: 36\n", "a", 36 * time.Second, true},
		{"shared by the group's agents", "User-agent: a\nUser-agent: b\nCrawl-delay: 4\n", "b", 4 * time.Second, true},
		{"other groups' delay does not apply", "User-agent: a\nCrawl-delay: 4\nDisallow: /\nUser-agent: b\nDisallow: /\n", "b", 0, false},
		{"global group's delay", "User-agent: *\nCrawl-delay: 7\n", "zzz", 7 * time.Second, true},
		{"merged groups: the longest wins", "User-agent: a\nCrawl-delay: 4\nDisallow: /x\nUser-agent: a\nCrawl-delay: 9\n", "a", 9 * time.Second, true},
		{"twice in a group: the longest wins", "User-agent: a\nCrawl-delay: 9\nCrawl-delay: 4\n", "a", 9 * time.Second, true},
		{"not a number", "User-agent: a\nCrawl-delay: soon\n", "a", 0, false},
		{"negative", "User-agent: a\nCrawl-delay: -1.25\n", "a", 0, false},
		{"absurd", "User-agent: a\nCrawl-delay: 115792089237316195423570985008687907853269984665640564039457584007913129639936\n", "a", 0, false},
		{"infinity", "User-agent: a\nCrawl-delay: inf\n", "a", 0, false},
		{"before any user-agent line: nobody's", "Crawl-delay: 5\nUser-agent: a\nDisallow: /\n", "a", 0, false},
		{"does not end a group", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "b", 5 * time.Second, true},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			got, ok := Parse([]byte(tt.robots)).Group(tt.agent).CrawlDelay()
			if got != tt.want || ok != tt.ok {
				t.Errorf("CrawlDelay() = %v, %v; want %v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestRequestRateAndVisitTime(t *testing.T) {
	w := func(h1, m1, h2, m2 int) Window {
		return Window{time.Duration(h1)*time.Hour + time.Duration(m1)*time.Minute, time.Duration(h2)*time.Hour + time.Duration(m2)*time.Minute}
	}
	rates := []struct {
		source, value string
		want          RequestRate
		ok            bool
	}{
		{"protego test_request_rate", "1/10s", RequestRate{Requests: 1, Per: 10 * time.Second}, true},
		{"minutes", "100/15m", RequestRate{Requests: 100, Per: 15 * time.Minute}, true},
		{"hours", "400/1h", RequestRate{Requests: 400, Per: time.Hour}, true},
		{"days", "9000/1d", RequestRate{Requests: 9000, Per: 24 * time.Hour}, true},
		{"bare number is seconds (urllib)", "9/30", RequestRate{Requests: 9, Per: 30 * time.Second}, true},
		{"with a window", "1/10s 1820-1940", RequestRate{Requests: 1, Per: 10 * time.Second, Window: w(18, 20, 19, 40), HasWindow: true}, true},
		{"not a rate", "whale/banana", RequestRate{}, false},
		{"zero requests", "0/10s", RequestRate{}, false},
		{"bad window", "1/10s 25:00-26:00", RequestRate{}, false},
	}
	for _, tt := range rates {
		t.Run("Request-rate/"+tt.source, func(t *testing.T) {
			r := Parse([]byte("User-agent: a\nRequest-rate: " + tt.value + "\n"))
			got, ok := r.Group("a").RequestRate()
			if got != tt.want || ok != tt.ok {
				t.Errorf("RequestRate(%q) = %+v, %v; want %+v, %v", tt.value, got, ok, tt.want, tt.ok)
			}
			if !tt.ok && !hasCode(r, CodeBadValue) {
				t.Errorf("invalid Request-rate %q not reported", tt.value)
			}
		})
	}
	visits := []struct {
		source, value string
		want          Window
		ok            bool
	}{
		{"HHMM-HHMM", "0200-0630", w(2, 0, 6, 30), true},
		{"HHMM HHMM", "0200 0630", w(2, 0, 6, 30), true},
		{"HH:MM-HH:MM, across midnight", "22:00-06:00", w(22, 0, 6, 0), true},
		{"hour 24 is the midnight that ends a day", "2400-0100", w(24, 0, 1, 0), true},
		{"minute 60", "0260-0300", Window{}, false},
		{"not a window", "morning", Window{}, false},
	}
	for _, tt := range visits {
		t.Run("Visit-time/"+tt.source, func(t *testing.T) {
			got, ok := Parse([]byte("User-agent: a\nVisit-time: " + tt.value + "\n")).Group("a").VisitTime()
			if got != tt.want || ok != tt.ok {
				t.Errorf("VisitTime(%q) = %+v, %v; want %+v, %v", tt.value, got, ok, tt.want, tt.ok)
			}
		})
	}
	// Merged groups: the slowest rate and the narrowest window win.
	g := Parse([]byte("User-agent: a\nRequest-rate: 10/1m\nVisit-time: 0000-1200\nDisallow: /x\nUser-agent: a\nRequest-rate: 1/10s\nVisit-time: 0100-0200\n")).Group("a")
	if got, _ := g.RequestRate(); got != (RequestRate{Requests: 1, Per: 10 * time.Second}) {
		t.Errorf("merged RequestRate = %+v, want 1/10s", got)
	}
	if got, _ := g.VisitTime(); got != w(1, 0, 2, 0) {
		t.Errorf("merged VisitTime = %+v, want 0100-0200", got)
	}
	night := w(22, 0, 6, 0)
	for _, tt := range []struct {
		source, at string
		want       bool
	}{
		{"before midnight", "23:30", true},
		{"after midnight", "05:59", true},
		{"the end is outside", "06:00", false},
		{"midday", "12:00", false},
	} {
		t.Run("Window.Contains/"+tt.source, func(t *testing.T) {
			at, _ := time.Parse("15:04", tt.at)
			if got := night.Contains(at); got != tt.want {
				t.Errorf("Window 2200-0600 Contains(%s) = %v, want %v", tt.at, got, tt.want)
			}
		})
	}
}

func TestFileExtensions(t *testing.T) {
	file := `Sitemap: https://example.com/a.xml
Host: ftp://bad
User-agent: *
Content-Signal: search=yes, ai-train=no
Disallow: /x
Sitemap: /relative.xml
Sitemap: https://example.com/a.xml
Host: www.example.com
Host: other.example.com
Clean-param: ref&utm_source /articles/
Clean-param: sid
Clean-param: &
Noindex: /private
X-Custom: value: with colon
User-agent: b
Disallow: /
Sitemap: http://example.com/b.xml
`
	r := Parse([]byte(file))
	if diff := cmp.Diff([]string{"https://example.com/a.xml", "http://example.com/b.xml"}, r.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() (-want +got):\n%s", diff)
	}
	if h, ok := r.Host(); h != "www.example.com" || !ok {
		t.Errorf("Host() = %q, %v; want www.example.com", h, ok)
	}
	// Valid Clean-param lines are Records, in file order with the rest.
	want := []Record{{10, "Clean-param", "ref&utm_source /articles/"}, {11, "Clean-param", "sid"}, {13, "Noindex", "/private"}, {14, "X-Custom", "value: with colon"}}
	if diff := cmp.Diff(want, r.Records()); diff != "" {
		t.Errorf("Records() (-want +got):\n%s", diff)
	}
	// Callers get copies.
	r.Records()[0].Value = "changed"
	if diff := cmp.Diff(want, r.Records()); diff != "" {
		t.Errorf("Records() (-want +got):\n%s", diff)
	}
	// In an HTML page, lines with a colon are markup; known keys still apply.
	html := Parse([]byte("<!DOCTYPE html>\n<html>\n<meta name=x content=\"a: b\">\nUser-agent: *\nCrawl-delay: 3\nDisallow: /p\n</html>\n"))
	if got := html.Records(); got != nil {
		t.Errorf("Records() of an HTML page = %v, want none", got)
	}
	if d, _ := html.Group("x").CrawlDelay(); d != 3*time.Second || html.Allowed("x", "/p") {
		t.Errorf("HTML page: crawl-delay %v and /p allowed %v; want 3s and disallowed", d, html.Allowed("x", "/p"))
	}
	if diff := cmp.Diff(map[string]bool{"search": true, "ai-train": false}, r.Group("zzz").ContentSignals()); diff != "" {
		t.Errorf("group ContentSignals() (-want +got):\n%s", diff)
	}
	if got := r.Group("b").ContentSignals(); got != nil {
		t.Errorf("ContentSignals() of a group with none and no file-wide ones = %v, want nil", got)
	}
	// A Content-Signal before any group applies to every crawler.
	r = Parse([]byte("Content-Signal: ai-train=no\nUser-agent: a\nDisallow: /x\nUser-agent: b\nContent-Signal: ai-train=yes, search=yes\n"))
	if diff := cmp.Diff(map[string]bool{"ai-train": false}, r.Group("a").ContentSignals()); diff != "" {
		t.Errorf("file-wide ContentSignals() (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]bool{"ai-train": true, "search": true}, r.Group("b").ContentSignals()); diff != "" {
		t.Errorf("group's own ContentSignals() (-want +got):\n%s", diff)
	}
	// Callers get copies.
	m := r.ContentSignals()
	m["ai-train"] = true
	if r.ContentSignals()["ai-train"] {
		t.Error("ContentSignals() returned the Robots' own map")
	}
	// Extensions never change a verdict (RFC 9309 section 2.2.4).
	r = Parse([]byte("User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n"))
	if r.Allowed("a", "/x") {
		t.Error("a Crawl-delay line ended a group")
	}
}

// TestManySitemaps checks that a repeated sitemap is found, and reported
// on its own line, whether it repeats one of the first few sitemaps or a
// later one, and that the list keeps the order of first listing.
func TestManySitemaps(t *testing.T) {
	var file strings.Builder
	var want []string
	wantRepeats := map[int]bool{}
	line := 0
	add := func(i int) {
		line++
		u := fmt.Sprintf("https://example.com/sitemap-%d.xml", i)
		fmt.Fprintf(&file, "Sitemap: %s\n", u)
		if slices.Contains(want, u) {
			wantRepeats[line] = true
		} else {
			want = append(want, u)
		}
	}
	for i := range 100 {
		add(i)
		if i%7 == 6 {
			add(i / 2) // a repeat of an early and, later, of a recent one
		}
	}
	add(99)
	add(0)
	r := Parse([]byte(file.String()))
	if diff := cmp.Diff(want, r.Sitemaps()); diff != "" {
		t.Errorf("Sitemaps() (-want +got):\n%s", diff)
	}
	gotRepeats := map[int]bool{}
	for _, d := range r.Diagnostics() {
		if d.Code == CodeDuplicate {
			gotRepeats[d.Line] = true
		}
	}
	if diff := cmp.Diff(wantRepeats, gotRepeats); diff != "" {
		t.Errorf("lines reported as repeated sitemaps (-want +got):\n%s", diff)
	}
}

// TestDiagnosticsPerLine has one row per diagnostic with the line it names.
func TestDiagnosticsPerLine(t *testing.T) {
	tests := []struct {
		source string
		robots string
		code   Code
		line   int
	}{
		{"key typo Dissallow", "User-agent: *\nDissallow: /x\n", CodeKeyTypo, 2},
		{"missing colon", "User-agent: *\nDisallow /x\n", CodeMissingColon, 2},
		{"unknown key", "User-agent: *\nFoo: bar\n", CodeUnknownKey, 2},
		{"rule before any user-agent", "Disallow: /x\nUser-agent: *\n", CodeRuleOutsideGroup, 1},
		{"several paths in one value", "User-agent: *\nDisallow: /css/ /cgi-bin/\n", CodeSeveralPaths, 2},
		{"pattern without a leading slash", "User-agent: *\nDisallow: cgi\n", CodeNoSlash, 2},
		{"a URL as a pattern", "User-agent: *\nDisallow: http://example.com/x\n", CodeNoSlash, 2},
		{"'*' inside a user-agent", "User-agent: Google*\n", CodeAgentWildcard, 1},
		{"user-agent with a version", "User-agent: FooBot/1.0\n", CodeAgentToken, 1},
		{"comment after a value", "User-agent: *\nDisallow: /x # private\n", CodeEOLComment, 2},
		{"space before a key", "User-agent: *\n  Disallow: /x\n", CodeLeadingSpace, 2},
		{"empty file", "", CodeEmptyFile, 1},
		{"HTML page", "<!DOCTYPE html>\n<html><body>User-agent: *</body></html>\n", CodeNotRobotsTxt, 1},
		{"prose", "hello world and more\n", CodeNotRobotsTxt, 1},
		{"BOM", "\ufeffUser-agent: *\n", CodeBOM, 1},
		{"invalid UTF-8", "User-agent: *\nDisallow: /\xff\n", CodeInvalidUTF8, 2},
		{"Crawl-delay not a number", "User-agent: *\nCrawl-delay: x\n", CodeBadValue, 2},
		{"Request-rate without a period", "User-agent: *\nRequest-rate: 1\n", CodeBadValue, 2},
		{"Visit-time not a window", "User-agent: *\nVisit-time: noon\n", CodeBadValue, 2},
		{"relative sitemap URL", "Sitemap: /sitemap.xml\n", CodeBadValue, 1},
		{"repeated sitemap", "Sitemap: http://a/s.xml\nSitemap: http://a/s.xml\n", CodeDuplicate, 2},
		{"Crawl-delay before any user-agent", "Crawl-delay: 1\n", CodeOutsideGroup, 1},
		{"merged groups' Crawl-delays differ", "User-agent: a\nCrawl-delay: 1\nDisallow: /\nUser-agent: a\nCrawl-delay: 2\n", CodeConflict, 5},
		{"two Crawl-delays in one group", "User-agent: a\nCrawl-delay: 1\nCrawl-delay: 2\n", CodeConflict, 3},
		{"NUL in a line", "User-agent: *\nDisallow: /a\x00b\n", CodeNUL, 2},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			lines := codeLines(Parse([]byte(tt.robots)), tt.code)
			if !slices.Contains(lines, tt.line) {
				t.Errorf("Parse(%q): %s diagnostics on lines %v, want line %d", tt.robots, tt.code, lines, tt.line)
			}
		})
	}
	// Clean files have none of the warnings above.
	for _, clean := range []struct{ source, robots string }{
		{"rules and a sitemap", "User-agent: *\nDisallow: /x\nAllow: /x/y\nSitemap: https://e.com/s.xml\n"},
		{"an empty disallow", "User-agent: *\nDisallow:\n"},
	} {
		t.Run("clean/"+clean.source, func(t *testing.T) {
			for _, d := range Parse([]byte(clean.robots)).Diagnostics() {
				t.Errorf("Parse(%q): unexpected diagnostic %v", clean.robots, d)
			}
		})
	}
}

// TestHTMLPageDiagnostics: an HTML page gets one file-level error, and
// notes only on the lines read as robots.txt records.
func TestHTMLPageDiagnostics(t *testing.T) {
	page := "<!DOCTYPE html>\n<html>\n  <head><title>robots</title></head>\n<body>\nUser-agent *\nDisallow /private\n<p>Some text: more text</p>\n</body></html>\n"
	var got []string
	for _, d := range Parse([]byte(page)).Diagnostics() {
		got = append(got, fmt.Sprintf("%d %s", d.Line, d.Code))
	}
	want := []string{"1 not-robots-txt", "5 missing-colon", "6 missing-colon"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics of an HTML page (-want +got):\n%s", diff)
	}
	if Parse([]byte(page)).Allowed("x", "/private") {
		t.Error("the robots.txt lines inside the page were not applied")
	}
}
