package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt/internal/golden"
)

const serveExample = "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: GPTBot\nDisallow: /\n\nDisalow: /typo\n"

// crawlersExample has a Googlebot group, which Googlebot-Image obeys when
// no group names it, and a "*" group, which AdsBot-Google ignores.
const crawlersExample = "User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: ExampleBot\nDisallow: /drafts/\n\nUser-agent: *\nDisallow: /\n"

// post sends a JSON body to the handler and returns the answer.
func post(t *testing.T, h http.Handler, path, contentType, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Host = "localhost:8080"
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func newTestHandler(t *testing.T, c serveConfig) http.Handler {
	t.Helper()
	h, err := newServeHandler(c)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// checkGoldenJSON compares an answer, indented, with
// testdata/golden/NAME.json, or rewrites the file with -update.
func checkGoldenJSON(t *testing.T, name string, body []byte) {
	t.Helper()
	var buf bytes.Buffer
	if err := json.Indent(&buf, body, "", "  "); err != nil {
		t.Fatalf("answer is not JSON: %v\n%s", err, body)
	}
	golden.Check(t, filepath.Join("testdata/golden", name+".json"), buf.String())
}

// TestServeAPI checks the answers of the API to good requests against
// golden files.
func TestServeAPI(t *testing.T) {
	newVersion := strings.Replace(serveExample, "User-agent: GPTBot\nDisallow: /\n", "User-agent: GPTBot\nDisallow: /private/\n", 1)
	targets := []string{"/", "/private/a.html", "/private/press/b.html", "https://example.com/robots.txt"}
	tests := []struct {
		name, source, path string
		body               any
	}{
		{"serve-check-rfc", "issue 18: the shape of POST /api/check", "/api/check",
			map[string]any{"robots": serveExample, "agents": []string{"Googlebot", "GPTBot", "MyBot/1.0", "gptbot,googlebot"}, "targets": targets}},
		{"serve-check-google", "the two modes: Google's library has no /robots.txt exception", "/api/check",
			map[string]any{"robots": serveExample, "agents": []string{"GPTBot"}, "targets": targets, "mode": "google"}},
		{"serve-check-default-agent", "check's default: a crawler without a group of its own", "/api/check",
			map[string]any{"robots": serveExample, "targets": []string{"/private/x"}, "mode": "rfc"}},
		{"serve-check-empty", "an empty file allows everything and has no diagnostics", "/api/check",
			map[string]any{"robots": "", "agents": []string{"Googlebot"}, "targets": []string{"/"}}},
		{"serve-check-crawler", "package crawlers: Google's documented precedence, the name in a whole header", "/api/check",
			map[string]any{"robots": crawlersExample, "agents": []string{"Googlebot-Image", "AdsBot-Google", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)"}, "targets": []string{"/private/a", "/drafts/b"}}},
		{"serve-check-crawler-plain", "plain: RFC 9309's reading of each name alone", "/api/check",
			map[string]any{"robots": crawlersExample, "agents": []string{"Googlebot-Image", "AdsBot-Google", "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)"}, "targets": []string{"/private/a", "/drafts/b"}, "plain": true}},
		{"serve-check-crawl-delay", "the Crawl-delay note names the crawlers of the registry that read it", "/api/check",
			map[string]any{"robots": "User-agent: *\nCrawl-delay: 10\nDisallow: /tmp/\n", "agents": []string{"Googlebot"}, "targets": []string{"/"}}},
		{"serve-diff", "diff's -json shape", "/api/diff",
			map[string]any{"old": serveExample, "new": newVersion, "agents": []string{"Googlebot", "GPTBot"}, "targets": targets}},
	}
	h := newTestHandler(t, serveConfig{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(t, h, tt.path, "application/json", mustJSON(tt.body))
			if rec.Code != http.StatusOK {
				t.Fatalf("POST %s: status %d, want 200 (%s)\n%s", tt.path, rec.Code, tt.source, rec.Body)
			}
			if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q (%s)", ct, tt.source)
			}
			checkGoldenJSON(t, tt.name, rec.Body.Bytes())
		})
	}
}

// TestServeAI checks the audit's shape and a few verdicts, not the whole
// list, which changes as the list is refreshed.
func TestServeAI(t *testing.T) {
	h := newTestHandler(t, serveConfig{})
	tests := []struct {
		name, source string
		targets      []string
		want         map[string]string
	}{
		{"whole site", "crawlers.Audit without targets", nil,
			map[string]string{"GPTBot": "disallowed", "ClaudeBot": "partly"}},
		{"targets", "crawlers.Audit with targets", []string{"/private/a"},
			map[string]string{"GPTBot": "disallowed", "ClaudeBot": "disallowed"}},
		{"allowed target", "crawlers.Audit with targets", []string{"/blog/"},
			map[string]string{"GPTBot": "disallowed", "ClaudeBot": "allowed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(t, h, "/api/ai", "application/json", mustJSON(map[string]any{"robots": serveExample, "targets": tt.targets}))
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			var got aiResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			access := make(map[string]string)
			for _, v := range got.Crawlers {
				if _, ok := tt.want[v.Name]; ok {
					access[v.Name] = v.Access
				}
			}
			if diff := cmp.Diff(tt.want, access); diff != "" {
				t.Errorf("access (-want +got) (%s):\n%s", tt.source, diff)
			}
			if len(got.Summary) == 0 || got.Summary[0].Purpose != "AI training" || got.Summary[0].Text == "" {
				t.Errorf("summary %+v, want one per purpose, AI training first, each with its text", got.Summary)
			}
			for _, s := range got.Summary {
				if s.Crawlers == 0 {
					t.Errorf("summary %+v: a purpose without crawlers", s)
				}
			}
		})
	}
}

// TestServeAPIErrors checks that each bad request gets a JSON error with
// a 4xx status, and that each limit holds at its edge.
func TestServeAPIErrors(t *testing.T) {
	many := func(n int, s string) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s%d", s, i)
		}
		return out
	}
	tests := []struct {
		name, source     string
		method, path, ct string
		body             string
		status           int
		wantErr          string
	}{
		{"GET", "POST only", http.MethodGet, "/api/check", "", "", 405, "use POST"},
		{"form body", "JSON only, so other sites' forms need a preflight", "POST", "/api/check", "application/x-www-form-urlencoded", "robots=x", 415, "Content-Type: application/json"},
		{"text/plain", "the CORS-safe type is refused too", "POST", "/api/check", "text/plain", `{"robots":""}`, 415, "Content-Type: application/json"},
		{"no content type", "JSON only", "POST", "/api/check", "", `{"robots":""}`, 415, "Content-Type: application/json"},
		{"not JSON", "decodeRequest", "POST", "/api/check", "application/json", `robots`, 400, "not the JSON"},
		{"unknown field", "a misspelt field is an error, not ignored", "POST", "/api/check", "application/json", `{"robot":"x"}`, 400, `unknown field "robot"`},
		{"two values", "one JSON value per body", "POST", "/api/check", "application/json", `{} {}`, 400, "more than one JSON value"},
		{"bad mode", "mode rfc or google", "POST", "/api/check", "application/json", `{"mode":"bing"}`, 400, `mode must be rfc or google, not "bing"`},
		{"robots and url", "issue 18: either robots or url", "POST", "/api/check", "application/json", `{"robots":"x","url":"https://example.com/"}`, 400, "not both"},
		{"ftp url", "issue 18: fetch accepts only http(s)", "POST", "/api/check", "application/json", `{"url":"ftp://example.com/"}`, 400, "http or https"},
		{"long url", "maxSiteURLBytes", "POST", "/api/check", "application/json", mustJSON(map[string]string{"url": "https://example.com/" + strings.Repeat("a", maxSiteURLBytes)}), 400, "at most 2048"},
		{"targets at the limit", "issue 18: at most 10,000 targets", "POST", "/api/check", "application/json", mustJSON(map[string]any{"targets": many(maxTargets, "/")}), 200, ""},
		{"targets over the limit", "issue 18: at most 10,000 targets", "POST", "/api/check", "application/json", mustJSON(map[string]any{"targets": many(maxTargets+1, "/")}), 400, "at most 10000"},
		{"diff targets over the limit", "the same limit in diff", "POST", "/api/diff", "application/json", mustJSON(map[string]any{"targets": many(maxTargets+1, "/")}), 400, "at most 10000"},
		{"ai targets over the limit", "the same limit in ai", "POST", "/api/ai", "application/json", mustJSON(map[string]any{"targets": many(maxTargets+1, "/")}), 400, "at most 10000"},
		{"long target", "maxTargetBytes", "POST", "/api/check", "application/json", mustJSON(map[string]any{"targets": []string{"/" + strings.Repeat("a", maxTargetBytes)}}), 400, "at most 8192"},
		{"crawlers at the limit", "issue 18: a documented cap on crawlers", "POST", "/api/check", "application/json", mustJSON(map[string]any{"agents": many(maxCrawlers, "bot")}), 200, ""},
		{"crawlers over the limit", "issue 18: a documented cap on crawlers", "POST", "/api/check", "application/json", mustJSON(map[string]any{"agents": many(maxCrawlers+1, "bot")}), 400, "at most 20"},
		{"empty crawler", "as -agent refuses one", "POST", "/api/check", "application/json", `{"agents":[" "]}`, 400, "empty crawler"},
		{"long crawler", "maxCrawlerBytes", "POST", "/api/check", "application/json", mustJSON(map[string]any{"agents": []string{strings.Repeat("a", maxCrawlerBytes+1)}}), 400, "at most 256"},
		{"file at the limit", "RFC 9309 section 2.5: 500 KiB", "POST", "/api/check", "application/json", mustJSON(map[string]any{"robots": strings.Repeat("#", maxRobotsBytes)}), 200, ""},
		{"file over the limit", "RFC 9309 section 2.5: the first 500 KiB read (TestServeLongFile)", "POST", "/api/check", "application/json", mustJSON(map[string]any{"robots": strings.Repeat("#", maxRobotsBytes+1)}), 200, ""},
		{"body over the limit", "maxRequestBytes", "POST", "/api/check", "application/json", mustJSON(map[string]any{"targets": []string{strings.Repeat("a", maxRequestBytes)}}), 413, "over 4194304 bytes"},
		{"unknown endpoint", "JSON errors everywhere under /api/", "POST", "/api/nope", "application/json", `{}`, 404, "no such API endpoint"},
	}
	h := newTestHandler(t, serveConfig{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.path, strings.NewReader(tt.body))
			req.Host = "localhost:8080"
			if tt.ct != "" {
				req.Header.Set("Content-Type", tt.ct)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d (%s): %.300s", rec.Code, tt.status, tt.source, rec.Body)
			}
			if tt.status == http.StatusOK {
				return
			}
			var e struct{ Error string }
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || rec.Header().Get("Content-Type") != "application/json; charset=utf-8" {
				t.Fatalf("error answer is not JSON (%v, %q): %s", err, rec.Header().Get("Content-Type"), rec.Body)
			}
			if !strings.Contains(e.Error, tt.wantErr) {
				t.Errorf("error %q, want it to say %q (%s)", e.Error, tt.wantErr, tt.source)
			}
		})
	}
}

// robotsSite serves a robots.txt file behind a redirect, and statuses.
func robotsSite(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		switch r.Host[:strings.LastIndexByte(r.Host, ':')] {
		case "127.0.0.1":
			http.Redirect(w, r, "/real-robots.txt", http.StatusMovedPermanently)
		default:
			http.Error(w, "no", http.StatusServiceUnavailable)
		}
	})
	mux.HandleFunc("/real-robots.txt", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, serveExample) })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// TestServeFetch fetches from a server on loopback: refused by default,
// by the address dialled and not the name, and read with RFC 9309's
// status rules under -allow-private.
func TestServeFetch(t *testing.T) {
	site := robotsSite(t)
	port := site.URL[strings.LastIndexByte(site.URL, ':'):]
	tests := []struct {
		name, source string
		allowPrivate bool
		url          string
		status       int
		wantErr      string
		access       string
		redirects    int
		allowed      bool
	}{
		{"loopback refused", "issue 18: refuses loopback unless -allow-private", false, site.URL, 400,
			"refusing to fetch from 127.0.0.1, a loopback address (robotstxt serve -allow-private allows it)", "", 0, false},
		{"a name for loopback refused", "the dialled address is checked, not the name (DNS rebinding)", false, "http://localhost" + port + "/", 400,
			"a loopback address", "", 0, false},
		{"loopback allowed", "-allow-private; a redirect followed (RFC 9309 section 2.3.1.2)", true, site.URL + "/some/page", 200,
			"", "available", 1, false},
		{"5xx is unreachable", "RFC 9309 section 2.3.1.4", true, "http://localhost" + port + "/", 200,
			"", "unreachable", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newTestHandler(t, serveConfig{allowPrivate: tt.allowPrivate})
			rec := post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"url": tt.url, "agents": []string{"GPTBot"}, "targets": []string{"/x"}}))
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d (%s): %s", rec.Code, tt.status, tt.source, rec.Body)
			}
			if tt.status != http.StatusOK {
				if !strings.Contains(rec.Body.String(), tt.wantErr) {
					t.Errorf("error %s, want it to say %q (%s)", rec.Body, tt.wantErr, tt.source)
				}
				return
			}
			var got checkResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			f := got.Fetch
			if f == nil || f.Access != tt.access || f.Redirects != tt.redirects || got.Results[0].Crawlers[0].Allowed != tt.allowed {
				t.Fatalf("fetch %+v, results %+v; want access %s, %d redirects, allowed %v (%s)", f, got.Results, tt.access, tt.redirects, tt.allowed, tt.source)
			}
			// Issue 27: an unreachable file is no rule of a file; the
			// answer says why all is disallowed.
			if d := got.Results[0].Crawlers[0]; tt.access == "unreachable" && (d.Rule != nil || d.Reason != "robots.txt unreachable (503): everything disallowed") {
				t.Errorf("decision %+v, rule %+v; want no rule and the reason %q", d, d.Rule, "robots.txt unreachable (503): everything disallowed")
			}
			if tt.access == "available" && (f.Body != serveExample || f.Status != 200 || f.Bytes != len(serveExample) || len(got.Diagnostics) == 0) {
				t.Errorf("fetch %+v, %d diagnostics; want the file's body, status 200 and its diagnostics", f, len(got.Diagnostics))
			}
		})
	}
}

// TestServeFetchBusy checks that a fetch past maxFetches is answered at
// once with 429.
func TestServeFetchBusy(t *testing.T) {
	a := newAPI(serveConfig{allowPrivate: true})
	for range maxFetches {
		a.fetches <- struct{}{}
	}
	rec := post(t, endpoint(a, a.check), "/api/check", "application/json", `{"url":"https://example.com/"}`)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), "8 fetches are under way") {
		t.Errorf("status %d, %s; want 429", rec.Code, rec.Body)
	}
}

// TestRefusedReason checks the address filter of fetch by URL against
// the IANA IPv4 and IPv6 Special-Purpose Address Registries.
func TestRefusedReason(t *testing.T) {
	tests := []struct{ addr, source, want string }{
		{"127.0.0.1", "loopback", "a loopback"},
		{"127.8.9.10", "loopback is 127.0.0.0/8", "a loopback"},
		{"::1", "IPv6 loopback", "a loopback"},
		{"::ffff:127.0.0.1", "IPv4-mapped loopback", "a loopback"},
		{"10.1.2.3", "RFC 1918", "a private"},
		{"172.16.0.1", "RFC 1918", "a private"},
		{"192.168.1.1", "RFC 1918", "a private"},
		{"fd00::1", "RFC 4193", "a private"},
		{"169.254.169.254", "link-local: cloud metadata", "a link-local"},
		{"fe80::1", "IPv6 link-local", "a link-local"},
		{"0.0.0.0", "unspecified: this host", `a "this network"`},
		{"::", "IPv6 unspecified", "an unspecified"},
		{"0.1.2.3", `"this network" 0.0.0.0/8`, `a "this network"`},
		{"100.64.0.1", "carrier-grade NAT, RFC 6598", "a carrier-grade NAT"},
		{"100.127.255.255", "carrier-grade NAT's last address", "a carrier-grade NAT"},
		{"224.0.0.1", "multicast", "a multicast"},
		{"239.1.1.1", "multicast", "a multicast"},
		{"ff02::1", "IPv6 multicast", "a multicast"},
		{"64:ff9b::7f00:1", "NAT64 of 127.0.0.1, RFC 6052", "a loopback"},
		{"64:ff9b::a00:1", "NAT64 of 10.0.0.1", "a private"},
		{"192.0.0.1", "IANA IPv4 registry: 192.0.0.0/24", "an IETF protocol"},
		{"192.0.0.9", "IANA IPv4 registry: PCP anycast, globally reachable", ""},
		{"192.0.2.2", "RFC 5737 TEST-NET-1", "a documentation"},
		{"192.88.99.1", "RFC 7526 6to4 relay anycast", "a 6to4 relay"},
		{"198.18.0.1", "RFC 2544 benchmarking", "a benchmarking"},
		{"198.19.255.255", "RFC 2544 benchmarking is a /15", "a benchmarking"},
		{"198.51.100.7", "RFC 5737 TEST-NET-2", "a documentation"},
		{"203.0.113.7", "RFC 5737 TEST-NET-3", "a documentation"},
		{"240.0.0.1", "RFC 1112 reserved", "a reserved"},
		{"255.255.255.255", "limited broadcast", "a reserved"},
		{"::7f00:1", "IPv4-compatible, RFC 4291", "an IPv4-compatible"},
		{"::ffff:192.168.0.1", "IPv4-mapped private", "a private"},
		{"64:ff9b:1::1", "RFC 8215 local-use NAT64", "a local NAT64"},
		{"100::1", "RFC 6666 discard-only", "a discard-only"},
		{"2001::1", "RFC 4380 Teredo, in 2001::/23", "an IETF protocol"},
		{"2001:2::1", "RFC 5180 benchmarking, in 2001::/23", "an IETF protocol"},
		{"2001:4:112::1", "IANA IPv6 registry: AS112-v6, globally reachable", ""},
		{"2001:db8::1", "RFC 3849 documentation", "a documentation"},
		{"3fff::1", "RFC 9637 documentation", "a documentation"},
		{"2002:7f00:1::1", "6to4 of 127.0.0.1, RFC 3056", "a loopback"},
		{"2002:c0a8:1::1", "6to4 of 192.168.0.1", "a private"},
		{"2002:5db8:d70e::1", "6to4 of a public address", ""},
		{"fec0::1", "RFC 3879 site-local", "a site-local"},
		{"100.128.0.1", "just past carrier-grade NAT", ""},
		{"93.184.215.14", "a public address", ""},
		{"2606:2800:21f:cb07:6820:80da:af6b:8b2c", "a public IPv6 address", ""},
		{"64:ff9b::5db8:d70e", "NAT64 of a public address", ""},
	}
	for _, tt := range tests {
		if got := refusedReason(netip.MustParseAddr(tt.addr)); got != tt.want {
			t.Errorf("refusedReason(%s) = %q, want %q (%s)", tt.addr, got, tt.want, tt.source)
		}
	}
}

// TestAddrGuardOwnAddrs checks that the dial check refuses this machine's
// own addresses, whatever their range: a public address of an interface
// reaches this machine's services as 127.0.0.1 does.
func TestAddrGuardOwnAddrs(t *testing.T) {
	own := func() ([]net.Addr, error) {
		return []net.Addr{&net.IPNet{IP: net.ParseIP("93.184.215.14"), Mask: net.CIDRMask(24, 32)}}, nil
	}
	g := addrGuard{ownAddrs: own}
	tests := []struct{ address, source, want string }{
		{"93.184.215.14:80", "an interface's own address", "refusing to fetch from 93.184.215.14, this machine's own address"},
		{"[::ffff:93.184.215.14]:80", "the same, IPv4-mapped", "this machine's own address"},
		{"93.184.215.15:80", "another address of the interface's network", ""},
	}
	for _, tt := range tests {
		err := g.control("tcp", tt.address, nil)
		if (err == nil) != (tt.want == "") || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("control(%q) = %v, want %q (%s)", tt.address, err, tt.want, tt.source)
		}
	}
}

// TestServeFetchOwnAddrs fetches from a server listening on every
// interface, through each of this machine's addresses: every one is
// refused. The check runs at dial time, so a redirect to one is refused
// alike.
func TestServeFetchOwnAddrs(t *testing.T) {
	ln, err := net.Listen("tcp", ":0")
	if err != nil {
		t.Fatal(err)
	}
	site := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, serveExample) }))
	site.Listener.Close()
	site.Listener = ln
	site.Start()
	defer site.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	h := newTestHandler(t, serveConfig{})
	for _, a := range addrs {
		p, err := netip.ParsePrefix(a.String())
		if err != nil {
			t.Fatal(err)
		}
		if p.Addr().Is6() && p.Addr().IsLinkLocalUnicast() {
			continue // needs a zone to dial
		}
		u := "http://" + netip.AddrPortFrom(p.Addr(), uint16(port)).String() + "/"
		rec := post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"url": u, "targets": []string{"/"}}))
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), "refusing to fetch from") {
			t.Errorf("fetch of %s, an address of this machine: status %d, %s; want 400 and a refusal", u, rec.Code, rec.Body)
		}
	}
}

// TestServePage checks the page's assets and headers: the
// Content-Security-Policy on every answer, and nothing loaded from
// elsewhere.
func TestServePage(t *testing.T) {
	h := newTestHandler(t, serveConfig{})
	tests := []struct {
		path, host, source string
		status             int
		contentType        string
	}{
		{"/", "127.0.0.1:8080", "the page", 200, "text/html; charset=utf-8"},
		{"/app.js", "localhost:8080", "its script", 200, "text/javascript; charset=utf-8"},
		{"/style.css", "[::1]:8080", "its style", 200, "text/css; charset=utf-8"},
		{"/", "[::1]", "IPv6 loopback without a port", 200, "text/html; charset=utf-8"},
		{"/index.html", "127.0.0.1", "one address per asset: the page is /", 404, ""},
		{"/web/app.js", "127.0.0.1", "nothing else is served", 404, ""},
		{"/", "evil.example:8080", "DNS rebinding: a Host that is not loopback", 403, "application/json; charset=utf-8"},
		{"/api/check", "attacker.example", "DNS rebinding, on the API", 403, "application/json; charset=utf-8"},
	}
	for _, tt := range tests {
		req := httptest.NewRequest(http.MethodGet, tt.path, nil)
		req.Host = tt.host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.status {
			t.Errorf("GET %s (Host %s): status %d, want %d (%s)", tt.path, tt.host, rec.Code, tt.status, tt.source)
		}
		if tt.contentType != "" && rec.Header().Get("Content-Type") != tt.contentType {
			t.Errorf("GET %s: Content-Type %q, want %q (%s)", tt.path, rec.Header().Get("Content-Type"), tt.contentType, tt.source)
		}
		if got := rec.Header().Get("Content-Security-Policy"); got != contentSecurityPolicy {
			t.Errorf("GET %s: Content-Security-Policy %q", tt.path, got)
		}
		if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q", tt.path, got)
		}
	}
	// Offline: no asset names another origin, and the script writes no
	// markup.
	external := regexp.MustCompile(`(?i)(src|href)\s*=\s*["']?\s*(https?:)?//|\burl\(|@import`)
	markup := regexp.MustCompile(`innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function`)
	err := fs.WalkDir(web, "web", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := web.ReadFile(path)
		if err != nil {
			return err
		}
		if m := external.Find(b); m != nil {
			t.Errorf("%s loads %q from elsewhere", path, m)
		}
		if m := markup.Find(b); m != nil {
			t.Errorf("%s uses %q: user content must reach the page as text", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestServeHostGuard checks the Host check, which holds whatever the
// server listens on: loopback names always, and the -host names.
func TestServeHostGuard(t *testing.T) {
	tests := []struct {
		host, source string
		hosts        []string
		status       int
	}{
		{"localhost", "loopback name, no port", nil, 200},
		{"LOCALHOST.:8080", "host names are case-insensitive, a final dot changes nothing", nil, 200},
		{"127.0.0.1", "IPv4 loopback, no port", nil, 200},
		{"127.0.0.1:8080", "IPv4 loopback", nil, 200},
		{"[::1]", "IPv6 loopback without a port", nil, 200},
		{"[::1]:8080", "IPv6 loopback", nil, 200},
		{"example.internal:8080", "DNS rebinding on a server beyond loopback", nil, 403},
		{"example.internal:8080", "-host example.internal", []string{"example.internal"}, 200},
		{"Example.Internal", "-host, case-insensitive", []string{"example.internal"}, 200},
		{"192.0.2.2:8080", "an address not named by -host", []string{"example.internal"}, 403},
		{"192.0.2.2:8080", "-host 192.0.2.2", []string{"192.0.2.2"}, 200},
		{"evil.example", "DNS rebinding", []string{"example.internal"}, 403},
		{"[::1", "a malformed Host", nil, 403},
	}
	for _, tt := range tests {
		var hosts hostsFlag
		for _, h := range tt.hosts {
			if err := hosts.Set(h); err != nil {
				t.Fatal(err)
			}
		}
		h := newTestHandler(t, serveConfig{hosts: hosts})
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Host = tt.host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.status {
			t.Errorf("GET / (Host %q, -host %q): status %d, want %d (%s)", tt.host, tt.hosts, rec.Code, tt.status, tt.source)
		}
	}
}

// TestReachability checks what serve says on start-up of who reaches it.
func TestReachability(t *testing.T) {
	tests := []struct {
		addr, source string
		hosts        []string
		want         string
	}{
		{"127.0.0.1:8080", "the default", nil, "reachable on this machine alone; answering requests for localhost, 127.0.0.1, [::1]"},
		{"0.0.0.0:8080", "every interface, no -host", nil, "reachable on every interface: other machines can reach it; answering requests for localhost, 127.0.0.1, [::1] (name this machine with -host to be answered from elsewhere)"},
		{"[::]:8080", "every interface, with -host", []string{"example.internal"}, "reachable on every interface: other machines can reach it; answering requests for localhost, 127.0.0.1, [::1], example.internal"},
		{"192.0.2.2:8080", "one interface", []string{"example.internal"}, "reachable on 192.0.2.2: other machines can reach it; answering requests for localhost, 127.0.0.1, [::1], example.internal"},
	}
	for _, tt := range tests {
		a, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := reachability(a, tt.hosts); got != tt.want {
			t.Errorf("reachability(%s, %q) = %q, want %q (%s)", tt.addr, tt.hosts, got, tt.want, tt.source)
		}
	}
}

func TestServeUsageErrors(t *testing.T) {
	tests := []struct {
		name, source string
		args         []string
		want         string
	}{
		{"argument", "serve takes none", []string{"serve", "x"}, "takes no arguments"},
		{"bad flag", "the flag package", []string{"serve", "-port", "1"}, "flag provided but not defined"},
		{"bad address", "net.Listen", []string{"serve", "-addr", "127.0.0.1:99999"}, "invalid port"},
		{"bad host", "-host takes a name", []string{"serve", "-host", "a b"}, "-host takes a host name or address"},
		{"no timeout", "-request-timeout above 0", []string{"serve", "-request-timeout", "0s"}, "must be above 0"},
		{"no requests", "-max-requests above 0", []string{"serve", "-max-requests", "0"}, "must be above 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if status := run(tt.args, nil, &stdout, &stderr); status != exitError || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("run(%q) = %d, stderr %q; want %d and %q (%s)", tt.args, status, stderr.String(), exitError, tt.want, tt.source)
			}
		})
	}
}
