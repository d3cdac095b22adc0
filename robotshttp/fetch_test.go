package robotshttp_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math"
	"math/rand"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"testing/synctest"
	"time"
	"unicode/utf16"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

func TestOrigin(t *testing.T) {
	tests := []struct {
		name, in, want string
		source         string
	}{
		{"explicit port kept", "http://example.com:1234/x", "http://example.com:1234", "RFC 9309 section 2.3"},
		{"default http port dropped", "http://example.com:80/x?y", "http://example.com", "RFC 9309 section 2.3"},
		{"default https port dropped", "https://example.com:443/", "https://example.com", "RFC 9309 section 2.3"},
		{"port 80 of https kept", "https://example.com:80/", "https://example.com:80", "RFC 9309 section 2.3"},
		{"scheme and host lower-cased", "HTTP://Example.COM/a", "http://example.com", "RFC 3986 section 6.2.2.1"},
		{"IDNA host to ASCII", "http://Bücher.example/x", "http://xn--bcher-kva.example", "RFC 5891"},
		{"ASCII host as given", "http://xn--bcher-kva.example/y", "http://xn--bcher-kva.example", "RFC 5891"},
		{"IPv6 literal", "http://[::1]:8080/x", "http://[::1]:8080", "RFC 3986 section 3.2.2"},
		{"underscore in a label", "http://my_host.example.com/x", "http://my_host.example.com", "issue 15: hosts that resolve"},
		{"leading underscore", "https://_dmarc.Example.com/", "https://_dmarc.example.com", "issue 15: hosts that resolve"},
		{"hyphens in the third and fourth places", "https://r3---sn-ab5l6nzr.googlevideo.com/v", "https://r3---sn-ab5l6nzr.googlevideo.com", "issue 15: hosts that resolve"},
		{"double hyphen, not IDNA", "http://ab--cd.example.com/", "http://ab--cd.example.com", "issue 15: hosts that resolve"},
		{"only the non-ASCII label converted", "http://My_Host.Bücher.example/", "http://my_host.xn--bcher-kva.example", "RFC 5891"},
		{"IPv6 in its shortest form", "http://[0:0:0:0:0:0:0:1]/x", "http://[::1]", "RFC 5952 section 4"},
		{"IPv6 lower-cased", "http://[FE80::AB]:8080/", "http://[fe80::ab]:8080", "RFC 5952 section 4.3"},
		{"IPv6 zone escaped", "http://[fe80::1%25lo]:8080/x", "http://[fe80::1%25lo]:8080", "RFC 6874 section 2"},
		{"port with a leading zero", "http://example.com:080/", "http://example.com", "RFC 3986 section 6.2.3"},
		{"port with leading zeros kept as a number", "https://example.com:08443/", "https://example.com:8443", "RFC 3986 section 3.2.3"},
		{"IPv4 literal", "http://127.0.0.1:8080/", "http://127.0.0.1:8080", "RFC 3986 section 3.2.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := robotshttp.Origin(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Origin(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.source)
			}
		})
	}
}

func TestOriginErrors(t *testing.T) {
	tests := []struct {
		name, in string
		source   string
	}{
		{"not http", "ftp://example.com/", "RFC 9309 section 2.3: http and https only"},
		{"relative", "/relative", "RFC 9309 section 2.3: an origin needs a host"},
		{"no host", "http:///nohost", "RFC 9309 section 2.3: an origin needs a host"},
		{"unparsable", "http://exa mple.com/", "RFC 3986 section 3.2.2"},
		{"port out of range", "http://example.com:65536/", "RFC 3986 section 3.2.3: a TCP port"},
		{"not an IPv6 address", "http://[::g]/", "RFC 3986 section 3.2.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got, err := robotshttp.Origin(tt.in); err == nil || !strings.HasPrefix(err.Error(), "robotshttp: ") {
				t.Errorf("Origin(%q) = %q, %v; want a robotshttp: error (%s)", tt.in, got, err, tt.source)
			}
		})
	}
}

func TestRobotsURL(t *testing.T) {
	// RFC 9309 section 2.3: the file is /robots.txt at the origin, whatever
	// the path, query and fragment of the URL it governs. The URL parses
	// back to the origin's host, zone and all.
	tests := []struct {
		name, in, want, host string
		source               string
	}{
		{"path, query and fragment dropped", "https://Example.com:8443/a/b?c#d", "https://example.com:8443/robots.txt", "example.com", "RFC 9309 section 2.3"},
		{"IPv6 zone", "http://[fe80::1%25lo]:8080/x", "http://[fe80::1%25lo]:8080/robots.txt", "fe80::1%lo", "RFC 6874 section 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := robotshttp.RobotsURL(tt.in)
			if got != tt.want || err != nil {
				t.Fatalf("RobotsURL(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.source)
			}
			if u, err := url.Parse(got); err != nil || u.Hostname() != tt.host {
				t.Errorf("url.Parse(%q): %v, host %q; want host %q (%s)", got, err, u.Hostname(), tt.host, tt.source)
			}
		})
	}
}

func TestFetchStatus(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private\n"
	tests := []struct {
		name    string
		status  int
		rfc429  bool // TooManyRequestsUnavailable
		access  robotshttp.Access
		private bool // is /private allowed afterwards?
		source  string
	}{
		{"200 parsed", 200, false, robotshttp.Available, false, "RFC 9309 section 2.3.1.1"},
		{"204 empty file", 204, false, robotshttp.Available, true, "RFC 9309 section 2.3.1.1"},
		{"404 allows all", 404, false, robotshttp.Unavailable, true, "RFC 9309 section 2.3.1.3"},
		{"401 allows all", 401, false, robotshttp.Unavailable, true, "RFC 9309 section 2.3.1.3"},
		{"403 allows all", 403, false, robotshttp.Unavailable, true, "RFC 9309 section 2.3.1.3"},
		{"410 allows all", 410, false, robotshttp.Unavailable, true, "RFC 9309 section 2.3.1.3"},
		{"429 disallows all by default, as Google reads it", 429, false, robotshttp.Unreachable, false, "RFC 9309 section 2.3.1.3 allows more care; Google's robots.txt documentation"},
		{"429 allows all as RFC 9309 reads a 4xx", 429, true, robotshttp.Unavailable, true, "RFC 9309 section 2.3.1.3"},
		{"500 disallows all", 500, false, robotshttp.Unreachable, false, "RFC 9309 section 2.3.1.4"},
		{"503 disallows all", 503, false, robotshttp.Unreachable, false, "RFC 9309 section 2.3.1.4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, tt.status, body)
			f := &robotshttp.Fetcher{TooManyRequestsUnavailable: tt.rfc429}
			res := f.Fetch(context.Background(), s.URL+"/robots.txt")
			if res.Access != tt.access || res.StatusCode != tt.status {
				t.Errorf("Fetch: Access %v, StatusCode %d; want %v, %d (%s)", res.Access, res.StatusCode, tt.access, tt.status, tt.source)
			}
			r := res.Robots(robotstxt.Options{})
			if got := r.Allowed("bot", "/private"); got != tt.private {
				t.Errorf("Allowed(%q, %q) = %v, want %v (%s)", "bot", "/private", got, tt.private, tt.source)
			}
			if !r.Allowed("bot", "/robots.txt") {
				t.Errorf("Allowed(%q, %q) = false, want true (RFC 9309 section 2.2.2)", "bot", "/robots.txt")
			}
		})
	}
}

func TestFetchRetryAfter(t *testing.T) {
	// A fixed date in a bubble, whose clock starts at 2000-01-01 UTC.
	inTwoHours := time.Date(2000, 1, 1, 2, 0, 0, 0, time.UTC).Format(http.TimeFormat)
	tests := []struct {
		name   string
		status int
		value  string // "" sends none
		want   time.Duration
		source string
	}{
		{"429 in seconds", 429, "120", 2 * time.Minute, "RFC 9110 section 10.2.3: delay-seconds"},
		{"503 in seconds", 503, "300", 5 * time.Minute, "RFC 9110 section 10.2.3: delay-seconds"},
		{"503 as an HTTP date", 503, inTwoHours, 2 * time.Hour, "RFC 9110 section 10.2.3: HTTP-date"},
		{"a date past is now", 429, "Fri, 31 Dec 1999 23:00:00 GMT", 0, "RFC 9110 section 10.2.3"},
		{"a year at most", 429, "99999999999999999999", 365 * 24 * time.Hour, "bounded, lest it overflow"},
		{"none", 429, "", -1, "RFC 9110 section 10.2.3"},
		{"not a number or a date", 429, "soon", -1, "RFC 9110 section 10.2.3"},
		{"negative", 503, "-5", -1, "RFC 9110 section 10.2.3: delay-seconds are digits"},
		{"ignored on a 404", 404, "120", -1, "RFC 9309 section 2.3.1.3: the file is unavailable, not late"},
		{"ignored on a 200", 200, "120", -1, "RFC 9309 section 2.3.1.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h http.Header
			if tt.value != "" {
				h = http.Header{"Retry-After": {tt.value}}
			}
			s := newSite(t, tt.status, privateFile)
			s.set(tt.status, h, privateFile)
			synctest.Test(t, func(t *testing.T) {
				res := (&robotshttp.Fetcher{Client: noKeepAlive()}).Fetch(context.Background(), s.URL+"/robots.txt")
				if res.RetryAfter != tt.want {
					t.Errorf("Fetch of a %d with Retry-After %q: RetryAfter %v, want %v (%s)", tt.status, tt.value, res.RetryAfter, tt.want, tt.source)
				}
			})
		})
	}
}

func TestFetchMaxAge(t *testing.T) {
	tests := []struct {
		name   string
		value  string // "" sends no Cache-Control
		want   time.Duration
		source string
	}{
		{"seconds", "public, max-age=60", time.Minute, "RFC 9111 section 5.2.2.1"},
		{"quoted", `max-age="120"`, 2 * time.Minute, "RFC 9111 section 5.2.2.1: the quoted form is accepted"},
		{"a year at most", "max-age=99999999999", 365 * 24 * time.Hour, "bounded, as Retry-After is"},
		{"past int64: unreadable", "max-age=99999999999999999999", -1, "a Cache then keeps the file for its MaxAge"},
		{"negative", "max-age=-5", -1, "RFC 9111 section 1.2.2: delta-seconds are digits"},
		{"not a number", "max-age=soon", -1, "RFC 9111 section 5.2.2.1"},
		{"none", "", -1, "RFC 9111 section 5.2"},
	}
	for _, tt := range tests {
		var h http.Header
		if tt.value != "" {
			h = http.Header{"Cache-Control": {tt.value}}
		}
		s := newSite(t, 200, privateFile)
		s.set(200, h, privateFile)
		res := (&robotshttp.Fetcher{Client: noKeepAlive()}).Fetch(context.Background(), s.URL+"/robots.txt")
		if res.MaxAge != tt.want {
			t.Errorf("%s: Fetch with Cache-Control %q: MaxAge %v, want %v (%s)", tt.name, tt.value, res.MaxAge, tt.want, tt.source)
		}
	}
}

func gzipped(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// utf16Bytes encodes s as UTF-16 in the order "le" or "be" without a
// byte-order mark; "late-nul" gives s with a comment after it whose NUL
// octet comes past the first 512 bytes; any other order gives s.
func utf16Bytes(s, order string) []byte {
	switch order {
	case "late-nul":
		return []byte(s + "#" + strings.Repeat("x", 512) + "\x00\n")
	case "le", "be":
	default:
		return []byte(s)
	}
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		if order == "le" {
			b = append(b, byte(u), byte(u>>8))
		} else {
			b = append(b, byte(u>>8), byte(u))
		}
	}
	return b
}

func TestFetchBody(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private\n"
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/gzip/robots.txt", "/forced-gzip/robots.txt":
			if r.URL.Path == "/gzip/robots.txt" && !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
				t.Errorf("no Accept-Encoding: gzip in the request")
			}
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gzipped(body))
		case "/big/robots.txt":
			fmt.Fprint(w, "User-agent: *\n")
			for range 100000 {
				fmt.Fprint(w, "Disallow: /x\n")
			}
			fmt.Fprint(w, "Disallow: /private\n")
		case "/random/robots.txt":
			b := make([]byte, 4096)
			rand.New(rand.NewSource(1)).Read(b)
			w.Write(b)
		case "/html/robots.txt":
			fmt.Fprint(w, "<!DOCTYPE html><html><body><p>Not found</p></body></html>")
		case "/cut/robots.txt":
			w.Header().Set("Content-Length", "1000")
			fmt.Fprint(w, body)
			w.(http.Flusher).Flush()
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		case "/br/robots.txt", "/deflate/robots.txt", "/stacked/robots.txt", "/x-gzip/robots.txt", "/identity/robots.txt":
			// Labelled with a coding the path names; the bytes of the
			// codings the library cannot decode are left plain, which
			// parsed as they are would still read as rules.
			coding := strings.Split(r.URL.Path, "/")[1]
			switch coding {
			case "stacked":
				w.Header().Set("Content-Encoding", "gzip, gzip")
				w.Write(gzipped(string(gzipped(body))))
			case "x-gzip":
				w.Header().Set("Content-Encoding", "x-gzip")
				w.Write(gzipped(body))
			default:
				w.Header().Set("Content-Encoding", coding)
				fmt.Fprint(w, body)
			}
		case "/accept/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow: /accept-%s$\n", r.Header.Get("Accept-Encoding"))
		case "/utf16/robots.txt":
			// Encoded as the query's order says, labelled as its charset
			// says, and without a byte-order mark.
			q := r.URL.Query()
			w.Header().Set("Content-Type", "text/plain; charset="+q.Get("charset"))
			w.Write(utf16Bytes(body, q.Get("order")))
		case "/partial/robots.txt":
			// A fetcher never asks for a range: this is a broken server or
			// proxy, and the part it sends ends mid-rule.
			w.Header().Set("Content-Range", "bytes 0-25/34")
			w.WriteHeader(http.StatusPartialContent)
			fmt.Fprint(w, body[:26])
		case "/ua/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow: /%s\n", strings.ReplaceAll(r.Header.Get("User-Agent"), " ", "_"))
		}
	})
	noCompression := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	tests := []struct {
		name      string
		path      string
		fetcher   *robotshttp.Fetcher
		access    robotshttp.Access
		truncated bool
		allowed   map[string]bool // path -> Allowed for any crawler
		code      robotstxt.Code  // a diagnostic the parse must report
		source    string
	}{
		{"gzip the transport asked for", "/gzip/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, "", "RFC 9309 section 2.3.1.1"},
		{"gzip the transport did not ask for", "/forced-gzip/robots.txt", &robotshttp.Fetcher{Client: noCompression},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, "", "RFC 9309 section 2.3.1.1"},
		{"over the size limit", "/big/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Available, true, map[string]bool{"/private": true, "/x": false}, robotstxt.CodeTruncated, "RFC 9309 section 2.5"},
		{"no size limit", "/big/robots.txt", &robotshttp.Fetcher{Options: robotstxt.Options{MaxBytes: -1}},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": false}, "", "RFC 9309 section 2.5"},
		{"the largest size limit", "/big/robots.txt", &robotshttp.Fetcher{Options: robotstxt.Options{MaxBytes: math.MaxInt}},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": false}, "", "RFC 9309 section 2.5: no byte is past it"},
		{"random bytes", "/random/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/x": true}, "", "RFC 9309 section 2.3.1.5"},
		{"an HTML page", "/html/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/x": true}, robotstxt.CodeNotRobotsTxt, "RFC 9309 section 2.3.1.5"},
		{"connection closed mid-body", "/cut/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Unreachable, false, map[string]bool{"/x": false}, "", "RFC 9309 section 2.3.1.4: half a file could drop rules"},
		{"br, which the library cannot decode", "/br/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Unreachable, false, map[string]bool{"/private": false, "/x": false}, "", "RFC 9309 section 2.3.1.4: the body could not be read; RFC 9110 section 8.4"},
		{"deflate, which the library cannot decode", "/deflate/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Unreachable, false, map[string]bool{"/private": false, "/x": false}, "", "RFC 9309 section 2.3.1.4: the body could not be read; RFC 9110 section 8.4"},
		{"gzip twice", "/stacked/robots.txt", &robotshttp.Fetcher{Client: noCompression},
			robotshttp.Unreachable, false, map[string]bool{"/private": false, "/x": false}, "", "RFC 9309 section 2.3.1.4: the body could not be read; RFC 9110 section 8.4"},
		{"x-gzip is gzip", "/x-gzip/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, "", "RFC 9110 section 8.4.1.3"},
		{"identity is no coding", "/identity/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, "", "RFC 9110 section 12.5.3"},
		{"Accept-Encoding names only gzip", "/accept/robots.txt", &robotshttp.Fetcher{Client: noCompression},
			robotshttp.Available, false, map[string]bool{"/accept-gzip": false, "/x": true}, "", "RFC 9110 section 12.5.3: no Accept-Encoding accepts any coding"},
		{"charset=utf-16le without a byte-order mark", "/utf16/robots.txt?charset=utf-16le&order=le", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, robotstxt.CodeUTF16, "RFC 2781 section 3.3; RFC 9309 section 2.2"},
		{"charset=UTF-16BE without a byte-order mark", "/utf16/robots.txt?charset=UTF-16BE&order=be", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, robotstxt.CodeUTF16, "RFC 2781 section 3.3; RFC 9309 section 2.2"},
		{"charset=utf-16, little-endian", "/utf16/robots.txt?charset=utf-16&order=le", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, robotstxt.CodeUTF16, "RFC 2781 section 4.3: the order read from the text"},
		{"charset=utf-16, big-endian", "/utf16/robots.txt?charset=%22utf-16%22&order=be", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, robotstxt.CodeUTF16, "RFC 2781 section 4.3"},
		{"charset=utf-16 on a UTF-8 file", "/utf16/robots.txt?charset=utf-16&order=utf-8", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, "", "RFC 9309 section 2.2: UTF-8 text has no NUL octet"},
		{"charset=utf-16le on a UTF-8 file with a NUL past the bytes looked at", "/utf16/robots.txt?charset=utf-16le&order=late-nul", &robotshttp.Fetcher{},
			robotshttp.Available, false, map[string]bool{"/private": false, "/x": true}, "", "README Limits: 512 bytes looked at for a UTF-16 label"},
		{"charset=utf-16le in Google mode", "/utf16/robots.txt?charset=utf-16le&order=le", &robotshttp.Fetcher{Options: robotstxt.Options{Mode: robotstxt.Google}},
			robotshttp.Available, false, map[string]bool{"/private": true, "/x": true}, "", "Google's parser reads UTF-8 only"},
		{"206 Partial Content, not the whole file", "/partial/robots.txt", &robotshttp.Fetcher{},
			robotshttp.Unreachable, false, map[string]bool{"/p": false, "/x": false}, "", "RFC 9309 section 2.3.1.4: half a file could drop rules"},
		{"User-Agent header sent", "/ua/robots.txt", &robotshttp.Fetcher{UserAgent: "FooBot/1.0"},
			robotshttp.Available, false, map[string]bool{"/FooBot/1.0": false, "/x": true}, "", "RFC 9309 section 2.2.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.fetcher.Fetch(context.Background(), at(t, h, tt.path))
			if res.Access != tt.access || res.Truncated != tt.truncated {
				t.Errorf("Fetch: Access %v, Truncated %v (err %v); want %v, %v (%s)", res.Access, res.Truncated, res.Err, tt.access, tt.truncated, tt.source)
			}
			if tt.access == robotshttp.Unreachable && res.Err == nil {
				t.Errorf("Fetch: unreachable without an Err (%s)", tt.source)
			}
			if tt.truncated && len(res.Body) != robotstxt.DefaultMaxBytes+1 {
				t.Errorf("Fetch: %d bytes kept, want the limit and one more, %d (%s)", len(res.Body), robotstxt.DefaultMaxBytes+1, tt.source)
			}
			r := res.Robots(tt.fetcher.Options)
			for path, want := range tt.allowed {
				if got := r.Allowed("b", path); got != want {
					t.Errorf("Allowed(%q, %q) = %v, want %v (%s)", "b", path, got, want, tt.source)
				}
			}
			if tt.code != "" && !hasCode(r, tt.code) {
				t.Errorf("Diagnostics() = %v, want one with code %q (%s)", r.Diagnostics(), tt.code, tt.source)
			}
		})
	}
}

func TestFetchUnreachable(t *testing.T) {
	release := make(chan struct{})
	silent := serve(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	t.Cleanup(func() { close(release) }) // runs before silent closes
	refused := serve(t, http.NotFoundHandler().ServeHTTP)
	refused.Close() // a port nobody listens on
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		fetcher *robotshttp.Fetcher
		url     string
		source  string
	}{
		{"timeout", context.Background(), &robotshttp.Fetcher{Timeout: 100 * time.Millisecond}, silent.URL, "RFC 9309 section 2.3.1.4"},
		{"cancelled context", cancelled, &robotshttp.Fetcher{}, silent.URL, "RFC 9309 section 2.3.1.4"},
		{"connection refused", context.Background(), &robotshttp.Fetcher{}, refused.URL, "RFC 9309 section 2.3.1.4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			res := tt.fetcher.Fetch(tt.ctx, tt.url+"/robots.txt")
			if res.Access != robotshttp.Unreachable || res.Err == nil || !strings.HasPrefix(res.Err.Error(), "robotshttp: ") {
				t.Errorf("Fetch: %v, %v; want unreachable with a robotshttp: error (%s)", res.Access, res.Err, tt.source)
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("Fetch took %v", d)
			}
		})
	}
}

func TestFetchRedirects(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private\n"
	other := newSite(t, 200, body)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// /hop/N/CODE redirects to /hop/N-1/CODE; /hop/0 answers, on the
		// other server for /cross.
		var n, code int
		fmt.Sscanf(r.URL.Path, "/hop/%d/%d", &n, &code)
		var cross string
		if strings.HasSuffix(r.URL.Path, "/cross") {
			cross = "/cross"
		}
		switch {
		case strings.HasPrefix(r.URL.Path, "/loop"):
			http.Redirect(w, r, "/loop", http.StatusFound)
		case n == 0 && cross != "":
			http.Redirect(w, r, other.URL+"/robots.txt", code)
		case n == 0:
			fmt.Fprint(w, body)
		default:
			http.Redirect(w, r, fmt.Sprintf("/hop/%d/%d%s", n-1, code, cross), code)
		}
	})
	// The zero Fetcher follows 5 redirects (Fetcher.MaxRedirects).
	const maxRedirects = 5
	for _, code := range []int{301, 302, 307, 308} {
		for hops := 1; hops <= maxRedirects+1; hops++ {
			for _, cross := range []bool{false, true} {
				name := fmt.Sprintf("%d x %d", hops, code)
				path := fmt.Sprintf("/hop/%d/%d", hops, code)
				if cross { // the last redirect goes to the other server
					name += " across hosts"
					path = fmt.Sprintf("/hop/%d/%d/cross", hops-1, code)
				}
				t.Run(name, func(t *testing.T) {
					// RFC 9309 section 2.3.1.2: at least five redirects are
					// followed; past the limit the file is unavailable.
					want := robotshttp.Available
					if hops > maxRedirects {
						want = robotshttp.Unavailable
					}
					res := (&robotshttp.Fetcher{}).Fetch(context.Background(), at(t, h, path))
					if res.Access != want {
						t.Fatalf("Fetch: %v (%v), want %v", res.Access, res.Err, want)
					}
					if want == robotshttp.Available && (res.Redirects != hops || res.Robots(robotstxt.Options{}).Allowed("b", "/private")) {
						t.Errorf("Fetch: %d redirects followed, /private allowed %v; want %d and false", res.Redirects, res.Robots(robotstxt.Options{}).Allowed("b", "/private"), hops)
					}
				})
			}
		}
	}
	tests := []struct {
		name    string
		path    string
		fetcher *robotshttp.Fetcher
		says    string // in Err: the setting as it was set
		source  string
	}{
		{"redirect loop", "/loop", &robotshttp.Fetcher{}, "more than 5 redirects", "RFC 9309 section 2.3.1.2"},
		{"2 redirects with MaxRedirects 1", "/hop/2/302", &robotshttp.Fetcher{MaxRedirects: 1}, "MaxRedirects of 1", "RFC 9309 section 2.3.1.2"},
		{"1 redirect with MaxRedirects negative", "/hop/1/302", &robotshttp.Fetcher{MaxRedirects: -1}, "MaxRedirects of -1 follows none", "Fetcher.MaxRedirects: a negative value follows none"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.fetcher.Fetch(context.Background(), at(t, h, tt.path))
			if res.Access != robotshttp.Unavailable {
				t.Errorf("Fetch: %v, want unavailable (%s)", res.Access, tt.source)
			}
			if res.Err == nil || !strings.Contains(res.Err.Error(), tt.says) {
				t.Errorf("Fetch: Err %v, want one that says %q (%s)", res.Err, tt.says, tt.source)
			}
		})
	}
}

func TestFetchUnusableRedirects(t *testing.T) {
	// RFC 9309 section 2.3.1.2: a redirect chain that reaches no file is
	// read like one past the redirect limit: unavailable, allow all.
	tests := []struct {
		name     string
		location string // "" sends none
		source   string
	}{
		{"no Location", "", "RFC 9309 section 2.3.1.2; RFC 9110 section 15.4"},
		{"Location that does not parse", "http://[::1", "RFC 9309 section 2.3.1.2; RFC 3986 section 3.2.2"},
		{"bad escape in Location", "/%zz", "RFC 9309 section 2.3.1.2; RFC 3986 section 2.1"},
		{"file: URL", "file:///etc/passwd", "RFC 9309 section 2.3: http and https only"},
		{"ftp: URL", "ftp://example.com/robots.txt", "RFC 9309 section 2.3: http and https only"},
		{"data: URL", "data:text/plain,User-agent:%20*%0ADisallow:%20/", "RFC 9309 section 2.3: http and https only"},
		{"javascript: URL", "javascript:alert(1)", "RFC 9309 section 2.3: http and https only"},
		{"http: URL without a host, path only", "http:/x", "RFC 9309 section 2.3.1.2: a redirect that reaches no file; RFC 3986 section 3.2"},
		{"http: URL without a host, opaque", "http:x", "RFC 9309 section 2.3.1.2: a redirect that reaches no file; RFC 3986 section 3.2"},
		{"https: URL with an empty host", "https:///robots.txt", "RFC 9309 section 2.3.1.2: a redirect that reaches no file; RFC 3986 section 3.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if tt.location != "" {
					w.Header()["Location"] = []string{tt.location}
				}
				w.WriteHeader(http.StatusFound)
			})
			res := (&robotshttp.Fetcher{}).Fetch(context.Background(), srv.URL+"/robots.txt")
			if res.Access != robotshttp.Unavailable || res.StatusCode != http.StatusFound || res.Err == nil || !strings.HasPrefix(res.Err.Error(), "robotshttp: ") {
				t.Errorf("Fetch: %v, status %d, %v; want unavailable after status 302, with a robotshttp: error (%s)", res.Access, res.StatusCode, res.Err, tt.source)
			}
			if !res.Robots(robotstxt.Options{}).Allowed("bot", "/private") {
				t.Errorf("Allowed(%q, %q) = false, want true (%s)", "bot", "/private", tt.source)
			}
		})
	}
}

// TestOriginAllocs counts what keying a URL costs, on the path of every
// decision (Cache.Decide, the Transport): the URL's parse and the key's
// one string, unless a host or port must be rewritten.
func TestOriginAllocs(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"https://www.example.com/a/page?q=1", 2},
		{"http://127.0.0.1:8080/x", 2},
		{"https://WWW.Example.com/a", 3},  // lower-cased
		{"https://example.com:08443/", 3}, // the port's leading zero dropped
		{"http://Bücher.example/x", 10},   // IDNA, label by label
	}
	for _, tt := range tests {
		got := testing.AllocsPerRun(100, func() {
			if _, err := robotshttp.Origin(tt.in); err != nil {
				t.Fatal(err)
			}
		})
		if got > tt.want {
			t.Errorf("Origin(%q) allocates %v times, want at most %v", tt.in, got, tt.want)
		}
	}
}

// TestCacheDecideAllocs counts the allocations of a decision answered
// from the cache: the origin's key (two), and the Lookup it returns.
func TestCacheDecideAllocs(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private\n")
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
	ctx := context.Background()
	target := s.URL + "/public/page"
	if _, _, err := c.Decide(ctx, "bot", target); err != nil {
		t.Fatal(err)
	}
	got := testing.AllocsPerRun(100, func() {
		if d, _, err := c.Decide(ctx, "bot", target); err != nil || !d.Allowed {
			t.Fatal(d, err)
		}
	})
	if got > 3 {
		t.Errorf("Cache.Decide from the cache allocates %v times, want at most 3", got)
	}
}

// A deadlineRecorder sends through http.DefaultTransport and records the
// deadline of the last request's context.
type deadlineRecorder struct {
	deadline time.Time
	ok       bool
}

func (d *deadlineRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	d.deadline, d.ok = req.Context().Deadline()
	return http.DefaultTransport.RoundTrip(req)
}

// TestFetchTimeout checks the deadline Fetcher.Timeout gives each fetch:
// 0 means 30 seconds, a positive value that long, and a negative value
// none of the Fetcher's own, the context's alone.
func TestFetchTimeout(t *testing.T) {
	s := newSite(t, 200, privateFile)
	for _, tt := range []struct {
		timeout time.Duration
		within  time.Duration // the deadline from now, at most; 0: none
		source  string
	}{
		{0, 30 * time.Second, "Fetcher.Timeout: 0 means 30 seconds"},
		{10 * time.Second, 10 * time.Second, "Fetcher.Timeout"},
		{-1, 0, "Fetcher.Timeout: a negative value sets none"},
	} {
		rec := &deadlineRecorder{}
		start := time.Now()
		f := &robotshttp.Fetcher{Client: &http.Client{Transport: rec}, Timeout: tt.timeout}
		if res := f.Fetch(context.Background(), s.URL+"/robots.txt"); res.Access != robotshttp.Available {
			t.Fatalf("Fetch: %v, %v", res.Access, res.Err)
		}
		end := time.Now()
		switch {
		case tt.within == 0 && rec.ok:
			t.Errorf("Timeout %v: the fetch had a deadline %v on, want none (%s)", tt.timeout, rec.deadline.Sub(start), tt.source)
		case tt.within != 0 && (!rec.ok || rec.deadline.Before(start.Add(tt.within)) || rec.deadline.After(end.Add(tt.within))):
			t.Errorf("Timeout %v: deadline %v (set %v), want one within %v (%s)", tt.timeout, rec.deadline.Sub(start), rec.ok, tt.within, tt.source)
		}
	}
}

// TestFetchAnyURL checks that Fetch reads the robots.txt file that
// governs the URL it is given, as Cache.Get does (RFC 9309 section 2.3),
// rather than the page at that URL read as a file.
func TestFetchAnyURL(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" && r.URL.RawQuery == "" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /\n")
			return
		}
		fmt.Fprint(w, "<html>hello: world</html>")
	})
	for _, tt := range []struct {
		url    string
		source string
	}{
		{srv.URL + "/robots.txt", "RFC 9309 section 2.3"},
		{srv.URL, "RobotsURL: the origin's file"},
		{srv.URL + "/private/page?q=1#top", "RobotsURL: a page's origin"},
		{srv.URL + "/dir/robots.txt", "RFC 9309 section 2.3: only the top-level file"},
		{srv.URL + "/robots.txt?x=1", "RobotsURL: the file has no query"},
	} {
		res := (&robotshttp.Fetcher{}).Fetch(context.Background(), tt.url)
		if res.Access != robotshttp.Available || res.URL != srv.URL+"/robots.txt" {
			t.Errorf("Fetch(%q): Access %v, URL %q; want available from %q (%s)", tt.url, res.Access, res.URL, srv.URL+"/robots.txt", tt.source)
		}
		if res.Robots(robotstxt.Options{}).Allowed("bot", "/private/page") {
			t.Errorf("Fetch(%q): Allowed(%q, %q) = true, want the file's Disallow: / (%s)", tt.url, "bot", "/private/page", tt.source)
		}
	}
	// A URL with no robots.txt file is unavailable, and Err says why.
	for _, u := range []string{"ftp://example.com/robots.txt", "/robots.txt", "http://[::1"} {
		res := (&robotshttp.Fetcher{}).Fetch(context.Background(), u)
		if res.Access != robotshttp.Unavailable || res.Err == nil || !strings.HasPrefix(res.Err.Error(), "robotshttp: ") {
			t.Errorf("Fetch(%q): %v, %v; want unavailable with a robotshttp: error (RFC 9309 section 2.3: http and https only)", u, res.Access, res.Err)
		}
	}
}

// TestFetchRobotsCutLine checks that a body the Fetcher's limit cut in the
// middle of a line parses to its last whole line whatever Options it is
// parsed with: half of "Disallow: /private" would be "Disallow: /p",
// which disallows /public (RFC 9309 section 2.5).
func TestFetchRobotsCutLine(t *testing.T) {
	const file = "User-agent: *\nDisallow: /private\nDisallow: /z\n"
	whole := strings.Index(file, "/private") + len("/private") // the limit that keeps the line
	// The body read is one byte past the limit: "Disallow: /p".
	half := strings.Index(file, "/private") + 1
	h := func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, file) }
	tests := []struct {
		name    string
		limit   int // of the Fetcher
		options robotstxt.Options
		allowed map[string]bool
	}{
		{"no limit", half, robotstxt.Options{MaxBytes: -1}, map[string]bool{"/public": true, "/private": true, "/z": true}},
		{"the default limit", half, robotstxt.Options{}, map[string]bool{"/public": true, "/private": true}},
		{"a larger limit", half, robotstxt.Options{MaxBytes: whole + 100}, map[string]bool{"/public": true, "/private": true}},
		{"no limit, Google mode", half, robotstxt.Options{Mode: robotstxt.Google, MaxBytes: -1}, map[string]bool{"/public": true, "/private": true}},
		{"the largest limit", half, robotstxt.Options{MaxBytes: math.MaxInt}, map[string]bool{"/public": true, "/private": true}},
		{"a smaller limit cuts there", half, robotstxt.Options{MaxBytes: 12}, map[string]bool{"/public": true, "/private": true}},
		{"cut at the line's end: the line stands", whole, robotstxt.Options{MaxBytes: -1}, map[string]bool{"/public": true, "/private": false, "/z": true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := (&robotshttp.Fetcher{Options: robotstxt.Options{MaxBytes: tt.limit}}).Fetch(context.Background(), at(t, h, "/"))
			if !f.Truncated || f.Access != robotshttp.Available {
				t.Fatalf("Fetch: Access %v, Truncated %v; want a body cut at %d bytes", f.Access, f.Truncated, tt.limit)
			}
			r := f.Robots(tt.options)
			for path, want := range tt.allowed {
				if got := r.Allowed("bot", path); got != want {
					t.Errorf("Fetch.Robots(%+v).Allowed(%q, %q) = %v, want %v (RFC 9309 section 2.5)", tt.options, "bot", path, got, want)
				}
			}
			if !hasCode(r, robotstxt.CodeTruncated) {
				t.Errorf("Diagnostics() = %v, want one with code %q", r.Diagnostics(), robotstxt.CodeTruncated)
			}
		})
	}
}
