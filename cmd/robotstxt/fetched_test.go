package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestSiteWithoutRobots holds RFC 9309 section 2.3.1.3 and 2.3.1.4 for a
// FILE given as a site's URL: a robots.txt that is unavailable (4xx but
// 429) is an empty file, which allows everything, and the command says
// so; one that is unreachable (5xx, 429) is an error that says why.
func TestSiteWithoutRobots(t *testing.T) {
	status := func(code int) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "<html>an error page</html>", code)
		}))
	}
	notFound, gone, down, tooMany := status(404), status(410), status(503), status(429)
	for _, s := range []*httptest.Server{notFound, gone, down, tooMany} {
		defer s.Close()
	}
	const example = "../../testdata/rfc9309-example.txt"
	const empty = "no robots.txt file, read as an empty one: everything is allowed (RFC 9309 section 2.3.1.3)"
	tests := []struct {
		name   string
		args   []string
		status int
		stdout string // a part of standard output
		stderr string // a part of standard error
	}{
		{"lint, 404", []string{"lint", notFound.URL}, exitAllowed, "", "/robots.txt answered 404 Not Found: " + empty},
		{"lint, 410", []string{"lint", gone.URL + "/robots.txt"}, exitAllowed, "", "answered 410 Gone: " + empty},
		{"ai, 404", []string{"ai", notFound.URL}, exitAllowed, "allows all", empty},
		{"diff, 404 for the new file", []string{"diff", "-agent", "foobot", example, notFound.URL}, exitDisallowed, "foobot: partly -> allowed", empty},
		{"diff, 404 for both", []string{"diff", notFound.URL, gone.URL}, exitAllowed, "", "the rules and records are the same"},
		{"groups, 404", []string{"groups", notFound.URL}, exitAllowed, "", empty},
		{"check -robots, 404", []string{"check", "-robots", notFound.URL, "/a"}, exitAllowed, "allowed\t/a\n", empty},
		{"lint, 503", []string{"lint", down.URL}, exitError, "", "HTTP status 503 Service Unavailable: unreachable, which disallows everything to a crawler (RFC 9309 section 2.3.1.4)"},
		{"ai, 503", []string{"ai", down.URL}, exitError, "", "HTTP status 503 Service Unavailable: unreachable"},
		{"diff, 503", []string{"diff", example, down.URL}, exitError, "", "HTTP status 503 Service Unavailable: unreachable"},
		{"lint, 429, as Google reads it", []string{"lint", tooMany.URL}, exitError, "", "HTTP status 429 Too Many Requests: unreachable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(""), &stdout, &stderr)
			if status != tt.status || !strings.Contains(stdout.String(), tt.stdout) || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("run(%q) = %d, stdout\n%s\nstderr\n%s\nwant %d, stdout with %q, stderr with %q", tt.args, status, stdout.String(), stderr.String(), tt.status, tt.stdout, tt.stderr)
			}
		})
	}
}

// TestFetchedHTML holds that every command that reads a fetched file
// flags one that is an HTML page: what a site that answers every path
// with its application serves for /robots.txt.
func TestFetchedHTML(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "<!DOCTYPE html>\n<html><head><title>Shop</title></head>\n<body>Welcome</body></html>\n")
	}))
	defer srv.Close()
	const html = "/robots.txt is an HTML page, not a robots.txt file"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stdout string
	}{
		{"fetch", []string{"fetch", srv.URL}, "", "access\tavailable (the body is an HTML page, not a robots.txt file"},
		{"fetch -json", []string{"fetch", "-json", srv.URL}, "", `"meaning":"the body is an HTML page, not a robots.txt file`},
		{"check on a site", []string{"check", srv.URL + "/a", srv.URL + "/b"}, "", "allowed\t" + srv.URL + "/a\n"},
		{"check on a site, targets piped", []string{"check", "-json"}, srv.URL + "/a\n" + srv.URL + "/b\n", `"target":"` + srv.URL + `/b"`},
		{"check -robots", []string{"check", "-robots", srv.URL, "/a"}, "", "allowed\t/a\n"},
		{"lint", []string{"lint", srv.URL}, "", ""},
		{"groups", []string{"groups", srv.URL}, "", ""},
		{"sitemaps", []string{"sitemaps", srv.URL}, "", ""},
		{"ai", []string{"ai", srv.URL}, "", ""},
		{"diff", []string{"diff", srv.URL, srv.URL}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if status == exitError || !strings.Contains(stdout.String(), tt.stdout) || strings.Count(stderr.String(), html) != 1 && !strings.HasPrefix(tt.name, "diff") {
				t.Errorf("run(%q) = %d, stdout\n%s\nstderr\n%s\nwant stdout with %q, and %q once on stderr", tt.args, status, stdout.String(), stderr.String(), tt.stdout, html)
			}
			if strings.HasPrefix(tt.name, "diff") && strings.Count(stderr.String(), html) != 2 {
				t.Errorf("run(%q): stderr\n%s\nwant %q for each file", tt.args, stderr.String(), html)
			}
		})
	}
}
