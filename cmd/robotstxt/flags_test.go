package main

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagsAnywhere runs every command with its flags first and with the
// same flags after or between its arguments: both must print the same and
// exit alike. Go's flag package stops at the first argument, so before
// parseInterspersed each "anywhere" row took its flags for files or
// targets ("check ... /cart -agent Googlebot" answered for "*").
func TestFlagsAnywhere(t *testing.T) {
	const (
		example = "../../testdata/rfc9309-example.txt"
		adguard = "../../testdata/corpus/057_adguard.com.txt"
		oldFile = "testdata/diff-old.txt"
		newFile = "testdata/diff-new.txt"
		aiFile  = "testdata/ai-blocks.txt"
	)
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	if err := os.WriteFile(page, []byte(`<meta name="robots" content="noindex"><meta name="foobot" content="nofollow">`), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	tests := []struct {
		name            string
		first, anywhere []string
		stdin           string
	}{
		{"ai", []string{"ai", "-json", "-url", "/a", aiFile}, []string{"ai", aiFile, "-url", "/a", "-json"}, ""},
		{"check: flags after a target", []string{"check", "-robots", example, "-agent", "foobot", "/example/page.html", "/x"},
			[]string{"check", "-robots", example, "/example/page.html", "-agent", "foobot", "/x"}, ""},
		{"check: the issue's command", []string{"check", "-robots", example, "-agent", "barbot", "/example/page.html"},
			[]string{"check", "-robots", example, "/example/page.html", "-agent", "barbot"}, ""},
		{"check: -flag=value and a bool", []string{"check", "-json", "-robots=" + example, "-agent=foobot", "/x"},
			[]string{"check", "/x", "--agent=foobot", "-robots=" + example, "--json"}, ""},
		{"diff", []string{"diff", "-agent", "foobot", "-json", oldFile, newFile}, []string{"diff", oldFile, "-agent", "foobot", newFile, "-json"}, ""},
		{"diff with targets", []string{"diff", "-agent", "foobot", "-agent", "barbot", example, adguard},
			[]string{"diff", example, "-agent", "foobot", adguard, "-agent", "barbot"}, "/example/page.html\n/x\n"},
		{"fetch", []string{"fetch", "-json", "-agent", "foobot", srv.URL}, []string{"fetch", srv.URL, "-agent", "foobot", "-json"}, ""},
		{"groups", []string{"groups", "-agent", "foobot", "-json", example}, []string{"groups", example, "-agent", "foobot", "-json"}, ""},
		{"lint", []string{"lint", "-json", "-severity", "warning", example, oldFile}, []string{"lint", example, "-json", oldFile, "-severity", "warning"}, ""},
		{"meta", []string{"meta", "-agent", "foobot", "-json", page}, []string{"meta", page, "-agent", "foobot", "-json"}, ""},
		{"sitemaps", []string{"sitemaps", "-json", adguard}, []string{"sitemaps", adguard, "-json"}, ""},
		{"audit", []string{"audit", "-format", "csv", "-j", "1", "testdata/audit/plain.warc"}, []string{"audit", "testdata/audit/plain.warc", "-format", "csv", "-j", "1"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out1, err1, out2, err2 bytes.Buffer
			s1 := run(tt.first, strings.NewReader(tt.stdin), &out1, &err1)
			s2 := run(tt.anywhere, strings.NewReader(tt.stdin), &out2, &err2)
			if s1 == exitError {
				t.Fatalf("run(%q) = %d, stderr %s", tt.first, s1, err1.String())
			}
			if s2 != s1 || out2.String() != out1.String() {
				t.Errorf("run(%q) = %d, output\n%s\nwant run(%q)'s %d, output\n%s\nstderr: %s", tt.anywhere, s2, out2.String(), tt.first, s1, out1.String(), err2.String())
			}
		})
	}
}

// TestFlagsRefused holds that no command takes a flag for a target or a
// file: an unknown flag anywhere, and a flag where a value should be, are
// usage errors; "--" makes what follows arguments.
func TestFlagsRefused(t *testing.T) {
	const example = "../../testdata/rfc9309-example.txt"
	tests := []struct {
		name   string
		args   []string
		status int
		stdout string
		stderr string
	}{
		{"unknown flag after a target", []string{"check", "-robots", example, "/x", "-agnet", "foobot"}, exitError, "", "flag provided but not defined: -agnet"},
		{"a flag as -robots' value", []string{"check", "-robots", "-agent", "foobot", "/x"}, exitError, "", "flag needs an argument: -robots (-agent is a flag"},
		{"a flag as -agent's value", []string{"groups", example, "-agent", "--json"}, exitError, "", "flag needs an argument: -agent (--json is a flag"},
		{"a value missing at the end", []string{"check", "-robots", example, "/x", "-agent"}, exitError, "", "flag needs an argument: -agent"},
		{"unknown flag after a file", []string{"lint", example, "-bogus"}, exitError, "", "flag provided but not defined: -bogus"},
		{"unknown flag between files", []string{"diff", example, "-x", example}, exitError, "", "flag provided but not defined: -x"},
		{"fetch", []string{"fetch", "http://127.0.0.1:1/", "-agnet", "x"}, exitError, "", "flag provided but not defined: -agnet"},
		{"meta", []string{"meta", "page.html", "-y"}, exitError, "", "flag provided but not defined: -y"},
		{"sitemaps", []string{"sitemaps", example, "-z"}, exitError, "", "flag provided but not defined: -z"},
		{"ai", []string{"ai", example, "-w"}, exitError, "", "flag provided but not defined: -w"},
		{"audit", []string{"audit", "testdata/audit/plain.warc", "-bogus"}, exitError, "", "flag provided but not defined: -bogus"},
		{"serve", []string{"serve", "-addr", "127.0.0.1:0", "-v"}, exitError, "", "flag provided but not defined: -v"},
		{"serve takes no arguments, wherever its flags stand", []string{"serve", "stray", "-addr", "127.0.0.1:0"}, exitError, "", "takes no arguments"},
		{"-- ends the flags: a target that starts with '-'", []string{"check", "-robots", example, "-agent", "foobot", "--", "-agent"}, exitDisallowed,
			"disallowed\t-agent\tDisallow: /\t8\n", ""},
		{"-- ends the flags: a file that starts with '-'", []string{"lint", "--", "-no-such-file"}, exitError, "", "-no-such-file: no such file"},
		{"-h after an argument", []string{"lint", example, "-h"}, exitAllowed, "", "usage: robotstxt lint"},
		{"- stays standard input", []string{"check", "/a", "-robots", "-"}, exitDisallowed, "disallowed\t/a\tDisallow: /a\t2\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader("User-agent: *\nDisallow: /a\n"), &stdout, &stderr)
			if status != tt.status || stdout.String() != tt.stdout || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("run(%q) = %d, stdout %q, stderr\n%s\nwant %d, stdout %q, stderr containing %q", tt.args, status, stdout.String(), stderr.String(), tt.status, tt.stdout, tt.stderr)
			}
		})
	}
}
