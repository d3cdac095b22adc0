package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestSiteURLReadsRobotsTxt gives every command that reads a robots.txt
// file the URL of a site's home page or of one of its pages: each reads
// the origin's /robots.txt (RFC 9309 section 2.3) and says so once on
// standard error; a URL whose path is /robots.txt is read as it is.
// They read the home page's HTML as the file and allowed everything.
func TestSiteURLReadsRobotsTxt(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\nSitemap: https://example.com/sitemap.xml\n")
			return
		}
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<!doctype html>\n<html><body>Welcome</body></html>\n")
	}))
	defer srv.Close()
	robots := srv.URL + "/robots.txt"
	targets := t.TempDir() + "/targets.txt"
	if err := os.WriteFile(targets, []byte("/private/a\n/a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		source string
		args   []string
		status int
		stdout string // a part of standard output
	}{
		{"issue 27: check -robots with a home page", []string{"check", "-robots", srv.URL + "/", "/private/a"}, exitDisallowed, "disallowed\t/private/a"},
		{"issue 27: check -robots with a page", []string{"check", "-robots", srv.URL + "/blog/post?id=1", "/private/a"}, exitDisallowed, "disallowed"},
		{"issue 27: check -robots with an origin", []string{"check", "-robots", srv.URL, "/private/a"}, exitDisallowed, "disallowed"},
		{"issue 27: lint", []string{"lint", srv.URL + "/"}, exitAllowed, ""},
		{"issue 27: groups", []string{"groups", srv.URL + "/"}, exitAllowed, "/private"},
		{"issue 27: sitemaps", []string{"sitemaps", srv.URL + "/"}, exitAllowed, "https://example.com/sitemap.xml"},
		{"issue 27: ai", []string{"ai", srv.URL + "/"}, exitAllowed, robots},
		{"issue 27: diff", []string{"diff", "-urls", targets, srv.URL + "/", robots}, exitAllowed, ""},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		if status != tt.status || !strings.Contains(stdout.String(), tt.stdout) {
			t.Errorf("%s: run(%q) = %d, stdout %q; want %d and %q (stderr %q)", tt.source, tt.args, status, stdout.String(), tt.status, tt.stdout, stderr.String())
		}
		if n := strings.Count(stderr.String(), "reading "+robots); n != 1 {
			t.Errorf("%s: run(%q) stderr %q says %d times that it reads %s, want once", tt.source, tt.args, stderr.String(), n, robots)
		}
	}

	// A URL whose path is /robots.txt is read as it is, without a word.
	var stdout, stderr bytes.Buffer
	if status := run([]string{"check", "-robots", robots + "?v=2", "/private/a"}, strings.NewReader(""), &stdout, &stderr); status != exitDisallowed || strings.Contains(stderr.String(), "reading") {
		t.Errorf("check -robots %s?v=2 = %d, stderr %q; want %d and no word of another URL", robots, status, stderr.String(), exitDisallowed)
	}
}

// TestHTMLAnswerFlagged serves an HTML page at /robots.txt, as a site
// whose every path returns its application does: each command says on
// standard error that the answer is an HTML page, not a robots.txt file.
func TestHTMLAnswerFlagged(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<!DOCTYPE html>\n<html><head><title>Shop</title></head>\n<body><p>Welcome</p></body></html>\n")
	}))
	defer srv.Close()
	for _, args := range [][]string{
		{"check", "-robots", srv.URL + "/robots.txt", "/a"},
		{"groups", srv.URL + "/robots.txt"},
		{"sitemaps", srv.URL},
		{"ai", srv.URL},
		{"lint", srv.URL},
	} {
		var stdout, stderr bytes.Buffer
		run(args, strings.NewReader(""), &stdout, &stderr)
		if !strings.Contains(stderr.String(), "is an HTML page, not a robots.txt file") {
			t.Errorf("run(%q) stderr = %q, want it to say the answer is an HTML page", args, stderr.String())
		}
	}
}
