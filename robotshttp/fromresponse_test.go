package robotshttp_test

import (
	"io"
	"math"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// A trackedBody is a response body that records whether it was closed.
type trackedBody struct {
	io.Reader
	closed bool
}

func (b *trackedBody) Close() error {
	b.closed = true
	return nil
}

func TestFromResponse(t *testing.T) {
	tests := []struct {
		name    string
		status  int
		header  http.Header
		body    io.Reader
		max     int // Options.MaxBytes
		access  robotshttp.Access
		private bool // Allowed(/private)
		public  bool // Allowed(/public)
		source  string
	}{
		{"200 parsed", 200, nil, strings.NewReader(privateFile), 0, robotshttp.Available, false, true, "RFC 9309 section 2.3.1.1"},
		{"gzip body", 200, http.Header{"Content-Encoding": {"gzip"}}, strings.NewReader(string(gzipped(privateFile))), 0, robotshttp.Available, false, true, "RFC 9309 section 2.3.1.1"},
		{"past the limit, the rules within it", 200, nil, strings.NewReader(privateFile + "Disallow: /public\n"), len(privateFile), robotshttp.Available, false, true, "RFC 9309 section 2.5"},
		{"the largest limit, no byte past it", 200, nil, strings.NewReader(privateFile), math.MaxInt, robotshttp.Available, false, true, "RFC 9309 section 2.5"},
		{"404 allows all", 404, nil, strings.NewReader(privateFile), 0, robotshttp.Unavailable, true, true, "RFC 9309 section 2.3.1.3"},
		{"429 disallows all", 429, nil, strings.NewReader(""), 0, robotshttp.Unreachable, false, false, "RFC 9309 section 2.3.1.3 allows more care; as a Fetcher reads it by default"},
		{"503 disallows all", 503, nil, strings.NewReader("User-agent: *\nAllow: /\n"), 0, robotshttp.Unreachable, false, false, "RFC 9309 section 2.3.1.4"},
		{"a body cut off disallows all", 200, nil, iotest.TimeoutReader(strings.NewReader(privateFile)), 0, robotshttp.Unreachable, false, false, "RFC 9309 section 2.3.1.4"},
		{"br cannot be decoded", 200, http.Header{"Content-Encoding": {"br"}}, strings.NewReader(privateFile), 0, robotshttp.Unreachable, false, false, "RFC 9309 section 2.3.1.4: the body could not be read"},
		{"gzip and br stacked", 200, http.Header{"Content-Encoding": {"gzip", "br"}}, strings.NewReader(string(gzipped(privateFile))), 0, robotshttp.Unreachable, false, false, "RFC 9309 section 2.3.1.4: the body could not be read"},
		{"206 is part of a file", 206, http.Header{"Content-Range": {"bytes 0-24/33"}}, strings.NewReader(privateFile[:25]), 0, robotshttp.Unreachable, false, false, "RFC 9309 section 2.3.1.4: half a file could drop rules"},
		{"an unfollowed redirect allows all", 301, http.Header{"Location": {"/elsewhere"}}, strings.NewReader(""), 0, robotshttp.Unavailable, true, true, "RFC 9309 section 2.3.1.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := &trackedBody{Reader: tt.body}
			resp := &http.Response{StatusCode: tt.status, Header: tt.header, Body: body}
			if resp.Header == nil {
				resp.Header = http.Header{}
			}
			r, access := robotshttp.FromResponse(resp, robotstxt.Options{MaxBytes: tt.max})
			if access != tt.access {
				t.Errorf("FromResponse: access %v, want %v (%s)", access, tt.access, tt.source)
			}
			for _, c := range []struct {
				path string
				want bool
			}{{"/private", tt.private}, {"/public", tt.public}, {"/robots.txt", true}} {
				if got := r.Allowed("bot", c.path); got != c.want {
					t.Errorf("Allowed(%q, %q) = %v, want %v (%s)", "bot", c.path, got, c.want, tt.source)
				}
			}
			if !body.closed {
				t.Errorf("FromResponse left the body open (%s)", tt.source)
			}
		})
	}
	if r, access := robotshttp.FromResponse(nil, robotstxt.Options{}); access != robotshttp.Unreachable || r.Allowed("bot", "/public") {
		t.Errorf("FromResponse(nil): %v, /public allowed; want unreachable, disallowed (RFC 9309 section 2.3.1.4)", access)
	}
}

// TestFromResponseMalformed gives FromResponse responses that no client
// returns, which it must read without a panic: a body it cannot read is a
// file that could not be read.
func TestFromResponseMalformed(t *testing.T) {
	tests := []struct {
		name   string
		resp   *http.Response
		access robotshttp.Access
		source string
	}{
		{"nil", nil, robotshttp.Unreachable, "RFC 9309 section 2.3.1.4: no answer"},
		{"Request without a URL", &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(privateFile)), Request: &http.Request{}}, robotshttp.Available, "RFC 9309 section 2.3.1.1"},
		{"no Request", &http.Response{StatusCode: 200, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(privateFile))}, robotshttp.Available, "RFC 9309 section 2.3.1.1"},
		{"no Header", &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader(privateFile))}, robotshttp.Available, "RFC 9309 section 2.3.1.1"},
		{"200 without a Body", &http.Response{StatusCode: 200, Header: http.Header{}}, robotshttp.Unreachable, "RFC 9309 section 2.3.1.4: the file could not be read"},
		{"404 without a Body", &http.Response{StatusCode: 404, Header: http.Header{}}, robotshttp.Unavailable, "RFC 9309 section 2.3.1.3"},
		{"301 without a Body", &http.Response{StatusCode: 301, Header: http.Header{}}, robotshttp.Unavailable, "RFC 9309 section 2.3.1.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, access := robotshttp.FromResponse(tt.resp, robotstxt.Options{})
			if access != tt.access {
				t.Errorf("FromResponse: access %v, want %v (%s)", access, tt.access, tt.source)
			}
			want := tt.access != robotshttp.Unreachable
			if got := r.Allowed("bot", "/public"); got != want {
				t.Errorf("Allowed(%q, %q) = %v, want %v (%s)", "bot", "/public", got, want, tt.source)
			}
		})
	}
}

func TestFromResponseOfAClient(t *testing.T) {
	// A response from a real client, as a crawler with its own HTTP stack
	// has it.
	s := newSite(t, 503, "")
	resp, err := http.Get(s.URL + "/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	if r, access := robotshttp.FromResponse(resp, robotstxt.Options{}); access != robotshttp.Unreachable || r.Allowed("bot", "/public") {
		t.Errorf("FromResponse of a 503: %v; want unreachable, everything disallowed (RFC 9309 section 2.3.1.4)", access)
	}
	if _, err := resp.Body.Read(make([]byte, 1)); err == nil {
		t.Errorf("the body can still be read: %v; want it closed", err)
	}
}
