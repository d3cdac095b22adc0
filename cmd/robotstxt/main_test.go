package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestCheck(t *testing.T) {
	const example = "../../testdata/rfc9309-example.txt"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		want   string
		status int
	}{
		{"allowed and disallowed", []string{"check", "-robots", example, "-agent", "foobot", "/example/page.html", "/publications/"}, "",
			"allowed\t/example/page.html\tAllow: /example/page.html\t9\ndisallowed\t/publications/\tDisallow: /\t8\n", 1},
		{"all allowed, no rule", []string{"check", "-robots", example, "-agent", "quxbot", "/x"}, "",
			"allowed\t/x\n", 0},
		{"default agent is the global group", []string{"check", "-robots", example, "https://example.com/a.gif"}, "",
			"disallowed\thttps://example.com/a.gif\tDisallow: *.gif$\t3\n", 1},
		{"targets from standard input", []string{"check", "-robots", example, "-agent", "barbot"}, "/example/page.html\n\n  /b  \n",
			"disallowed\t/example/page.html\tDisallow: /example/page.html\t14\nallowed\t/b\n", 1},
		{"robots from standard input", []string{"check", "-robots", "-", "/a"}, "User-agent: *\nDisallow: /a\n",
			"disallowed\t/a\tDisallow: /a\t2\n", 1},
		{"one crawler with several tokens", []string{"check", "-robots", example, "-agent", "barbot,foobot", "/example/allowed.gif"}, "",
			"allowed\t/example/allowed.gif\tAllow: /example/allowed.gif\t10\n", 0},
		{"several crawlers: a column each", []string{"check", "-robots", example, "-agent", "barbot", "-agent", "foobot", "/example/allowed.gif", "/example/page.html"}, "",
			"/example/allowed.gif\tallowed\tallowed (line 10: Allow: /example/allowed.gif)\n" +
				"/example/page.html\tdisallowed (line 14: Disallow: /example/page.html)\tallowed (line 9: Allow: /example/page.html)\n", 1},
		{"several crawlers, json", []string{"check", "-json", "-robots", example, "-agent", "barbot", "-agent", "quxbot", "/example/page.html"}, "",
			`{"target":"/example/page.html","crawlers":[{"agent":"barbot","allowed":false,"rule":{"allow":false,"pattern":"/example/page.html","line":14},"group":["barbot","bazbot"],"reason":"barbot: a group names it"},{"agent":"quxbot","allowed":true,"rule":null,"group":["quxbot"],"reason":"quxbot: a group names it"}]}` + "\n", 1},
		{"json", []string{"check", "-json", "-robots", example, "-agent", "foobot", "/x", "/example/page.html"}, "",
			`{"target":"/x","agent":"foobot","allowed":false,"rule":{"allow":false,"pattern":"/","line":8},"group":["foobot"],"reason":"foobot: a group names it"}` + "\n" +
				`{"target":"/example/page.html","agent":"foobot","allowed":true,"rule":{"allow":true,"pattern":"/example/page.html","line":9},"group":["foobot"],"reason":"foobot: a group names it"}` + "\n", 1},
		{"json without rule", []string{"check", "-json", "-robots", example, "-agent", "quxbot", "/x"}, "",
			`{"target":"/x","agent":"quxbot","allowed":true,"rule":null,"group":["quxbot"],"reason":"quxbot: a group names it"}` + "\n", 0},
		{"google mode", []string{"check", "-mode", "google", "-robots", "-", "/robots.txt"}, "User-agent: *\nDisallow: /\n",
			"disallowed\t/robots.txt\tDisallow: /\t2\n", 1},
		{"rfc mode allows /robots.txt", []string{"check", "-mode", "rfc", "-robots", "-", "/robots.txt"}, "User-agent: *\nDisallow: /\n",
			"allowed\t/robots.txt\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if stdout.String() != tt.want || status != tt.status {
				t.Errorf("run(%q) = %d, output\n%s\nwant %d, output\n%s\nstderr: %s", tt.args, status, stdout.String(), tt.status, tt.want, stderr.String())
			}
		})
	}
}

func TestCheckErrors(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{"no command", nil, "usage: robotstxt"},
		{"unknown command", []string{"frobnicate"}, `unknown command "frobnicate"`},
		{"path without -robots", []string{"check", "/x"}, "targets must be absolute URLs"},
		{"missing file", []string{"check", "-robots", "does-not-exist.txt", "/x"}, "does-not-exist.txt"},
		{"bad mode", []string{"check", "-mode", "bing", "-robots", "x", "/x"}, "mode must be rfc or google"},
		{"stdin used twice", []string{"check", "-robots", "-"}, "give the targets as arguments"},
		{"empty agent", []string{"check", "-agent", "", "-robots", "x"}, "empty product token"},
		{"agent without a name", []string{"check", "-agent", "/1.0", "-robots", "x"}, `-agent "/1.0" names no crawler`},
		{"agent list with an empty name", []string{"check", "-agent", "a,,b", "-robots", "x"}, `-agent "" names no crawler`},
		{"fetch without a URL", []string{"fetch"}, "robotstxt fetch: give exactly one URL\n"},
		{"fetch with two URLs", []string{"fetch", "http://a", "http://b"}, "robotstxt fetch: give exactly one URL\n"},
		{"meta with two pages", []string{"meta", "a", "b"}, "robotstxt meta: give exactly one FILE or URL\n"},
		{"groups without a file", []string{"groups"}, "robotstxt groups: give exactly one FILE or URL (- for standard input)\n"},
		{"sitemaps with two files", []string{"sitemaps", "a", "b"}, "robotstxt sitemaps: give exactly one FILE or URL (- for standard input)\n"},
		{"diff with one file", []string{"diff", "a"}, "robotstxt diff: give the OLD and NEW robots.txt files (paths or URLs); targets come from standard input or -urls\n"},
		{"lint without a file", []string{"lint"}, "robotstxt lint: give one or more FILEs or URLs (- for standard input)\n"},
		{"ai without a file", []string{"ai", "-json"}, "robotstxt ai: give one or more FILEs or URLs (- for standard input)\n"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if status != exitError || !strings.Contains(stderr.String(), tt.wantErr) {
			t.Errorf("%s: run(%q) = %d, stderr %q; want %d and %q", tt.name, tt.args, status, stderr.String(), exitError, tt.wantErr)
		}
	}
}

func TestMeta(t *testing.T) {
	dir := t.TempDir()
	page := dir + "/page.html"
	if err := os.WriteFile(page, []byte(`<head><meta name="robots" content="noindex"><meta name="foobot" content="max-snippet:20"></head>`), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("X-Robots-Tag", "foobot: nofollow")
		w.Header().Add("X-Robots-Tag", "otherbot: noarchive")
		fmt.Fprint(w, `<html><head><meta name="robots" content="nosnippet"></head><body>`)
	}))
	defer srv.Close()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"file", []string{"meta", page}, "html\tnoindex\nheader\tall\nmerged\tnoindex\n"},
		{"file with agent", []string{"meta", "-agent", "FooBot", page}, "html\tnoindex, max-snippet:20\nheader\tall\nmerged\tnoindex, max-snippet:20\n"},
		{"url", []string{"meta", "-agent", "foobot", srv.URL + "/x"}, "html\tnosnippet\nheader\tnofollow\nmerged\tnofollow, nosnippet\n"},
		{"json", []string{"meta", "-json", page}, `{"header":"all","html":"noindex","merged":"noindex"}` + "\n"},
		// Issue 17: one result per crawler, each with only its own tags.
		{"several agents", []string{"meta", "-agent", "foobot", "-agent", "barbot", page},
			"crawler: foobot\nhtml\tnoindex, max-snippet:20\nheader\tall\nmerged\tnoindex, max-snippet:20\n\n" +
				"crawler: barbot\nhtml\tnoindex\nheader\tall\nmerged\tnoindex\n"},
		{"several agents, url", []string{"meta", "-agent", "foobot", "-agent", "otherbot", srv.URL + "/x"},
			"crawler: foobot\nhtml\tnosnippet\nheader\tnofollow\nmerged\tnofollow, nosnippet\n\n" +
				"crawler: otherbot\nhtml\tnosnippet\nheader\tnoarchive\nmerged\tnoarchive, nosnippet\n"},
		{"several agents, json", []string{"meta", "-json", "-agent", "foobot", "-agent", "barbot,foobot", page},
			`[{"agent":"foobot","header":"all","html":"noindex, max-snippet:20","merged":"noindex, max-snippet:20"},` +
				`{"agent":"barbot,foobot","header":"all","html":"noindex, max-snippet:20","merged":"noindex, max-snippet:20"}]` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(tt.args, strings.NewReader(""), &stdout, &stderr); status != 0 || stdout.String() != tt.want {
				t.Errorf("run(%q) = %d, %q; want 0, %q (stderr %q)", tt.args, status, stdout.String(), tt.want, stderr.String())
			}
		})
	}
	var stdout, stderr bytes.Buffer
	if status := run([]string{"meta", dir + "/missing.html"}, strings.NewReader(""), &stdout, &stderr); status != exitError {
		t.Errorf("meta on a missing file: status %d, want %d", status, exitError)
	}
}

func TestLint(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := dir + "/" + name
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	clean := write("clean.txt", "User-agent: *\nDisallow: /private\n")
	infoOnly := write("info.txt", "User-agent: *\nDisallow: /private # staff\n")
	bad := write("bad.txt", "Disallow: /tmp\nUser-agent: *\nDissallow: /private\n")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: cgi\n")
	}))
	defer srv.Close()
	tests := []struct {
		name   string
		args   []string
		want   string
		status int
	}{
		{"clean", []string{"lint", clean}, "", 0},
		{"info only is clean", []string{"lint", infoOnly}, infoOnly + ":2: info: a comment follows the value; some old crawlers read it as part of the value [eol-comment]\n\tDisallow: /private # staff\n", 0},
		{"warnings and errors", []string{"lint", bad}, bad + ":1: error: this rule comes before any user-agent line, so it applies to no crawler (RFC 9309 section 2.1) [rule-outside-group]\n\tDisallow: /tmp\n" +
			bad + ":3: warning: \"Dissallow\" is read as \"disallow\" [key-typo]\n\tDissallow: /private\n", 1},
		{"json", []string{"lint", "-json", bad}, `{"file":"` + bad + `","line":1,"severity":"error","code":"rule-outside-group","message":"this rule comes before any user-agent line, so it applies to no crawler (RFC 9309 section 2.1)","text":"Disallow: /tmp"}` + "\n" +
			`{"file":"` + bad + `","line":3,"severity":"warning","code":"key-typo","message":"\"Dissallow\" is read as \"disallow\"","text":"Dissallow: /private"}` + "\n", 1},
		{"url", []string{"lint", srv.URL + "/robots.txt"}, srv.URL + "/robots.txt:2: warning: the pattern \"cgi\" does not start with '/' or '*', so it never matches (RFC 9309 section 2.2.2) [no-leading-slash]\n\tDisallow: cgi\n", 1},
		{"unreadable", []string{"lint", dir + "/missing.txt"}, "", 2},
		{"a page's URL: its site's robots.txt", []string{"lint", srv.URL + "/nothing"}, srv.URL + "/robots.txt:2: warning: the pattern \"cgi\" does not start with '/' or '*', so it never matches (RFC 9309 section 2.2.2) [no-leading-slash]\n\tDisallow: cgi\n", 1},
		{"several files, one unreadable", []string{"lint", "-severity", "warning", clean, dir + "/missing.txt", infoOnly}, "", 2},
		{"ignored codes", []string{"lint", "-ignore", "rule-outside-group, key-typo", bad}, "", 0},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if stdout.String() != tt.want || status != tt.status {
			t.Errorf("%s: run(%q) = %d, output\n%s\nwant %d, output\n%s\nstderr: %s", tt.name, tt.args, status, stdout.String(), tt.status, tt.want, stderr.String())
		}
	}
}

func TestCheckFetches(t *testing.T) {
	var robotsHits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			robotsHits.Add(1)
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		}
	}))
	defer srv.Close()
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }))
	defer down.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	defer gone.Close()
	tests := []struct {
		name, source string
		args         []string
		stdin        string
		want         string
		wantStderr   []string
		status       int
	}{
		{"each access, one crawler", "RFC 9309 section 2.3.1; issue 17: say why no rule decided",
			[]string{"check", srv.URL + "/a", srv.URL + "/private/b", down.URL + "/c", gone.URL + "/private"}, "",
			"allowed\t" + srv.URL + "/a\n" +
				"disallowed\t" + srv.URL + "/private/b\tDisallow: /private\t2\n" +
				"disallowed\t" + down.URL + "/c\trobots.txt unreachable: 503\n" +
				"allowed\t" + gone.URL + "/private\trobots.txt unavailable: 404\n",
			[]string{"4 targets; *: 2 allowed, 2 disallowed"}, 1},
		{"each access, several crawlers", "issue 17",
			[]string{"check", "-agent", "a", "-agent", "b", srv.URL + "/private", down.URL + "/c", gone.URL + "/c"}, "",
			srv.URL + "/private\tdisallowed (line 2: Disallow: /private)\tdisallowed (line 2: Disallow: /private)\n" +
				down.URL + "/c\tdisallowed (robots.txt unreachable: 503)\tdisallowed (robots.txt unreachable: 503)\n" +
				gone.URL + "/c\tallowed (robots.txt unavailable: 404)\tallowed (robots.txt unavailable: 404)\n",
			nil, 1},
		{"json has the agent and the access", "issue 17",
			[]string{"check", "-json", "-agent", "a", srv.URL + "/x", down.URL + "/c"}, "",
			`{"target":"` + srv.URL + `/x","agent":"a","allowed":true,"rule":null,"group":["*"],"reason":"a: no group names it, follows the * group","robots":{"access":"available","status":200}}` + "\n" +
				`{"target":"` + down.URL + `/c","agent":"a","allowed":false,"rule":null,"group":["*"],"robots":{"access":"unreachable","status":503}}` + "\n",
			nil, 1},
		{"json, several crawlers", "issue 17",
			[]string{"check", "-json", "-agent", "a", "-agent", "b", gone.URL + "/c"}, "",
			`{"target":"` + gone.URL + `/c","robots":{"access":"unavailable","status":404},"crawlers":[{"agent":"a","allowed":true,"rule":null,"group":null,"reason":"a: no group names it and there is no * group: nothing is disallowed"},{"agent":"b","allowed":true,"rule":null,"group":null,"reason":"b: no group names it and there is no * group: nothing is disallowed"}]}` + "\n",
			nil, 0},
		{"a crawler that ignores *, by fetched files", "Google's special-case crawlers ignore *; RFC 9309 section 2.3.1.4: unreachable disallows every crawler",
			[]string{"check", "-agent", "AdsBot-Google", srv.URL + "/private/b", down.URL + "/c"}, "",
			"allowed\t" + srv.URL + "/private/b\n" +
				"disallowed\t" + down.URL + "/c\trobots.txt unreachable: 503\n",
			[]string{"AdsBot-Google: 1 allowed, 1 disallowed"}, 1},
		{"lines that are not URLs are skipped", "issue 17: reported and skipped, not fatal",
			[]string{"check"}, srv.URL + "/a\nnot a url\nftp://example.com/x\n/path\n" + srv.URL + "/private/x\n",
			"allowed\t" + srv.URL + "/a\n" +
				"disallowed\t" + srv.URL + "/private/x\tDisallow: /private\t2\n",
			[]string{`skipped "not a url"`, `skipped "ftp://example.com/x"`, `skipped "/path"`, "targets must be absolute URLs", "5 targets (3 skipped)"}, exitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			robotsHits.Store(0)
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if status != tt.status || stdout.String() != tt.want {
				t.Errorf("%s: run(%q) = %d, output\n%s\nwant %d, output\n%s\nstderr %s", tt.source, tt.args, status, stdout.String(), tt.status, tt.want, stderr.String())
			}
			for _, w := range tt.wantStderr {
				if !strings.Contains(stderr.String(), w) {
					t.Errorf("%s: standard error %q lacks %q", tt.source, stderr.String(), w)
				}
			}
			if n := robotsHits.Load(); n > 1 {
				t.Errorf("%s: %d fetches of one origin's robots.txt, want at most 1", tt.source, n)
			}
		})
	}
}

// TestCheckRefused checks the reason given for an origin that refuses
// connections: the error, without the robots.txt URL the target names.
func TestCheckRefused(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	var stdout, stderr bytes.Buffer
	status := run([]string{"check", closed.URL + "/a"}, strings.NewReader(""), &stdout, &stderr)
	want := "disallowed\t" + closed.URL + "/a\trobots.txt unreachable: dial tcp "
	if status != exitDisallowed || !strings.HasPrefix(stdout.String(), want) || strings.Contains(stdout.String(), "robots.txt\"") {
		t.Errorf("check of a refused origin = %d, %q; want %d and %q...", status, stdout.String(), exitDisallowed, want)
	}
}

func TestFetchCommand(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Header().Set("Cache-Control", "max-age=3600")
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\nSitemap: http://example.com/s.xml\n")
		}
	}))
	defer srv.Close()
	var stdout, stderr bytes.Buffer
	status := run([]string{"fetch", srv.URL + "/some/page"}, strings.NewReader(""), &stdout, &stderr)
	want := "url\t" + srv.URL + "/robots.txt\nfinal url\t" + srv.URL + "/robots.txt\nstatus\t200\nredirects\t0\nbytes\t67\ntruncated\tfalse\n" +
		"access\tavailable (the file's rules apply)\ncache for\t1h0m0s\ngroups\t1\nsitemaps\t1\ndiagnostics\t0\n"
	if status != 0 || stdout.String() != want {
		t.Errorf("fetch = %d, output\n%s\nwant\n%s\nstderr %s", status, stdout.String(), want, stderr.String())
	}
	stdout.Reset()
	if status := run([]string{"fetch", "-json", srv.URL}, strings.NewReader(""), &stdout, &stderr); status != 0 || !strings.Contains(stdout.String(), `"access":"available"`) {
		t.Errorf("fetch -json = %d, %s", status, stdout.String())
	}
	if status := run([]string{"fetch", "ftp://x"}, strings.NewReader(""), &stdout, &stderr); status != exitError {
		t.Errorf("fetch of an ftp URL = %d, want %d", status, exitError)
	}
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	stdout.Reset()
	if status := run([]string{"fetch", closed.URL}, strings.NewReader(""), &stdout, &stderr); status != exitError || !strings.Contains(stdout.String(), "access\tunreachable") {
		t.Errorf("fetch of a refused URL = %d, %q; want %d and the access", status, stdout.String(), exitError)
	}
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(503) }))
	defer down.Close()
	if status := run([]string{"fetch", down.URL}, strings.NewReader(""), &stdout, &stderr); status != exitAllowed {
		t.Errorf("fetch of a URL answering 503 = %d, want %d: an answer is what fetch reports on", status, exitAllowed)
	}
}

// TestCheckFetchesInParallel gives check more origins than workers, each
// of whose robots.txt answers only once fetchWorkers fetches are waiting
// (or after a second): check must reach that many at once, never more,
// and still print in the order of the targets.
func TestCheckFetchesInParallel(t *testing.T) {
	var inflight, most atomic.Int32
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/robots.txt" {
			return
		}
		n := inflight.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		for deadline := time.Now().Add(time.Second); inflight.Load() < fetchWorkers && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		inflight.Add(-1)
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	})
	var targets, want strings.Builder
	for i := range fetchWorkers + 4 {
		srv := httptest.NewServer(handler)
		defer srv.Close()
		fmt.Fprintf(&targets, "%s/private/%d\n%s/%d\n", srv.URL, i, srv.URL, i)
		fmt.Fprintf(&want, "disallowed\t%s/private/%d\tDisallow: /private\t2\nallowed\t%s/%d\n", srv.URL, i, srv.URL, i)
	}
	var stdout, stderr bytes.Buffer
	status := run([]string{"check"}, strings.NewReader(targets.String()), &stdout, &stderr)
	if status != exitDisallowed || stdout.String() != want.String() {
		t.Errorf("check = %d, output\n%s\nwant %d, output\n%s\nstderr %s", status, stdout.String(), exitDisallowed, want.String(), stderr.String())
	}
	if m := most.Load(); m != fetchWorkers {
		t.Errorf("at most %d robots.txt fetches at once, want %d", m, fetchWorkers)
	}
}

// TestCheckTimeout checks that -timeout bounds a robots.txt fetch, which
// then reads as unreachable (RFC 9309 section 2.3.1.4).
func TestCheckTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	start := time.Now()
	var stdout, stderr bytes.Buffer
	status := run([]string{"check", "-timeout", "100ms", srv.URL + "/a"}, strings.NewReader(""), &stdout, &stderr)
	want := "disallowed\t" + srv.URL + "/a\trobots.txt unreachable: context deadline exceeded\n"
	if status != exitDisallowed || stdout.String() != want {
		t.Errorf("check -timeout 100ms = %d, %q; want %d, %q (stderr %q)", status, stdout.String(), exitDisallowed, want, stderr.String())
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("check -timeout 100ms took %v", d)
	}
}

// TestFetchCommandCredentials follows redirects to URLs with user names
// and passwords: no output may show them (issue 17).
func TestFetchCommandCredentials(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	var target *httptest.Server
	target = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			http.Redirect(w, r, strings.Replace(target.URL, "://", "://crawler:secret@", 1)+"/moved.txt", http.StatusMovedPermanently)
		case "/moved.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		}
	}))
	defer target.Close()
	dead := httptest.NewServer(http.RedirectHandler(strings.Replace(closed.URL, "://", "://crawler:secret@", 1)+"/robots.txt", http.StatusFound))
	defer dead.Close()
	tests := []struct {
		name   string
		args   []string
		status int
	}{
		{"redirect to a URL with credentials", []string{"fetch", target.URL}, exitAllowed},
		{"the same, in JSON", []string{"fetch", "-json", target.URL}, exitAllowed},
		{"redirect to a refused URL with credentials", []string{"fetch", dead.URL}, exitError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(""), &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if status != tt.status || strings.Contains(out, "crawler") || strings.Contains(out, "secret") || !strings.Contains(out, "redirects") {
				t.Errorf("run(%q) = %d, output\n%s\nwant %d, and no credentials", tt.args, status, out, tt.status)
			}
		})
	}
}

// TestNoCredentialsPrinted runs every command that reads a URL on a URL
// with a user name and a password, for an answer, an error status and a
// refused connection: neither may show on standard output or standard
// error, where the URL itself shows, without them.
func TestNoCredentialsPrinted(t *testing.T) {
	const user, password = "alice", "s3cr3t"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: cgi\nSitemap: https://example.com/sitemap.xml\n")
		case "/page.html":
			fmt.Fprint(w, `<meta name="robots" content="noindex">`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	// next serves the new version of the file; gone has no robots.txt.
	next := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /x\n")
	}))
	defer next.Close()
	gone := httptest.NewServer(http.NotFoundHandler())
	defer gone.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	secret := func(base string) string { return strings.Replace(base, "://", "://"+user+":"+password+"@", 1) }
	ok, plain := secret(srv.URL), srv.URL
	refused, refusedPlain := secret(closed.URL), closed.URL
	newer := secret(next.URL)
	missing, missingPlain := secret(gone.URL)+"/robots.txt", gone.URL+"/robots.txt"
	tests := []struct {
		name  string
		args  []string
		stdin string
		// shows is what the output must hold: the URL without its
		// userinfo, where the command prints it ("" where it does not).
		shows string
	}{
		{"lint", []string{"lint", ok + "/robots.txt"}, "", plain + "/robots.txt:2:"},
		{"lint -json", []string{"lint", "-json", ok + "/robots.txt"}, "", `"file":"` + plain + `/robots.txt"`},
		{"lint, status", []string{"lint", missing}, "", missingPlain},
		{"lint, refused", []string{"lint", refused + "/robots.txt"}, "", refusedPlain + "/robots.txt"},
		{"groups", []string{"groups", ok + "/robots.txt"}, "", ""},
		{"groups, status", []string{"groups", missing}, "", missingPlain},
		{"groups, refused", []string{"groups", "-json", refused + "/robots.txt"}, "", refusedPlain + "/robots.txt"},
		{"sitemaps", []string{"sitemaps", ok + "/robots.txt"}, "", "https://example.com/sitemap.xml"},
		{"sitemaps, status", []string{"sitemaps", missing}, "", missingPlain},
		{"sitemaps, refused", []string{"sitemaps", refused + "/robots.txt"}, "", refusedPlain + "/robots.txt"},
		{"ai", []string{"ai", ok + "/robots.txt"}, "", plain + "/robots.txt\n"},
		{"ai -json", []string{"ai", "-json", ok + "/robots.txt"}, "", `"file":"` + plain + `/robots.txt"`},
		{"ai, status", []string{"ai", missing}, "", missingPlain},
		{"ai, refused", []string{"ai", refused + "/robots.txt"}, "", refusedPlain + "/robots.txt"},
		{"check -robots", []string{"check", "-robots", ok + "/robots.txt", ok + "/a"}, "", plain + "/a"},
		{"check -robots, status", []string{"check", "-robots", missing, "/a"}, "", missingPlain},
		{"groups, a page's site", []string{"groups", ok + "/page.html"}, "", plain + "/robots.txt, the robots.txt file of " + plain + "/page.html"},
		{"check -robots, refused", []string{"check", "-robots", refused + "/robots.txt", "/a"}, "", refusedPlain + "/robots.txt"},
		{"check, fetched", []string{"check", ok + "/a"}, "", "allowed\t" + plain + "/a\n"},
		{"check -json, fetched", []string{"check", "-json", ok + "/a"}, "", `"target":"` + plain + `/a"`},
		{"check, refused", []string{"check", refused + "/a"}, "", "disallowed\t" + refusedPlain + "/a\t"},
		{"check, several crawlers, refused", []string{"check", "-agent", "a", "-agent", "b", refused + "/a"}, "", refusedPlain + "/a\t"},
		{"check, skipped", []string{"check", "ftp://" + user + ":" + password + "@example.com/a"}, "", `skipped "ftp://example.com/a"`},
		{"diff", []string{"diff", ok + "/robots.txt", newer + "/robots.txt"}, ok + "/x\n", plain + "/x\t"},
		{"diff -json", []string{"diff", "-json", ok + "/robots.txt", newer + "/robots.txt"}, ok + "/x\n", `"target":"` + plain + `/x"`},
		{"diff, status", []string{"diff", ok + "/robots.txt", missing}, "/x\n", missingPlain},
		{"diff, refused", []string{"diff", refused + "/robots.txt", newer + "/robots.txt"}, "/x\n", refusedPlain + "/robots.txt"},
		{"meta", []string{"meta", ok + "/page.html"}, "", ""},
		{"meta, refused", []string{"meta", refused + "/page.html"}, "", refusedPlain + "/page.html"},
		{"fetch", []string{"fetch", ok + "/a"}, "", plain + "/robots.txt"},
		{"fetch, refused", []string{"fetch", refused + "/a"}, "", refusedPlain + "/robots.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if strings.Contains(out, user) || strings.Contains(out, password) || !strings.Contains(out, tt.shows) {
				t.Errorf("run(%q) = %d, output\n%s\nwant %q in it, and no user name or password", tt.args, status, out, tt.shows)
			}
		})
	}
}

// TestFetchCommandSendsCredentials checks that fetch sends a staging site's
// credentials with its robots.txt request, as check does, and prints no
// password.
func TestFetchCommandSendsCredentials(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != "staging" || p != "s3cret" {
			http.Error(w, "who are you", http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	var stdout, stderr bytes.Buffer
	target := strings.Replace(srv.URL, "http://", "http://staging:s3cret@", 1) + "/some/page"
	status := run([]string{"fetch", target}, strings.NewReader(""), &stdout, &stderr)
	if status != 0 || !strings.Contains(stdout.String(), "status\t200\n") || strings.Contains(stdout.String()+stderr.String(), "s3cret") {
		t.Errorf("fetch %s = %d, output\n%s\nstderr %s\nwant status 200 and no password", target, status, stdout.String(), stderr.String())
	}
}
