package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
)

// longRobots returns a file whose first group is within the 500 KiB
// limit, filler comments to past it, and then, past the cut, a rule of
// the first group and a Googlebot group of two rules; and the number of
// the first line past the limit.
func longRobots() (string, int) {
	head := "User-agent: *\nDisallow: /private/\n"
	filler := strings.Repeat("# "+strings.Repeat("x", 77)+"\n", robotstxt.DefaultMaxBytes/80)
	tail := "Disallow: /after\n\nUser-agent: Googlebot\nDisallow: /g\nAllow: /g/ok\n"
	file := head + filler + tail
	// The cut falls in the last filler line: it is the first not read.
	return file, strings.Count(head+filler, "\n")
}

// TestCheckSaysWhereTheFileWasCut: a file over the limit is read up to
// its last whole line within it, and check says at once, on standard
// error, where it was cut and what that drops: here the Googlebot group
// whose rules the answers for Googlebot do not hold.
func TestCheckSaysWhereTheFileWasCut(t *testing.T) {
	file, line := longRobots()
	path := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("robotstxt check: %s is over the 512000-byte size limit (RFC 9309 section 2.5); cut at line %d: from there on, 3 allow and disallow rules are ignored, and the groups of user-agent Googlebot\n", path, line)
	for _, args := range [][]string{
		{"check", "-robots", path, "-agent", "Googlebot", "/g"},
		{"check", "-robots", "-", "-agent", "Googlebot", "/g"},
	} {
		var stdout, stderr bytes.Buffer
		in := strings.NewReader("")
		if args[2] == "-" {
			in = strings.NewReader(file)
			want = strings.Replace(want, path, "-", 1)
		}
		status := run(args, in, &stdout, &stderr)
		if status != exitAllowed || stdout.String() != "allowed\t/g\n" || !strings.HasPrefix(stderr.String(), want) {
			t.Errorf("run(%q) = %d, stdout %q, stderr\n%s\nwant 0, allowed /g, and stderr starting\n%s", args, status, stdout.String(), stderr.String(), want)
		}
	}
}

func TestLineOffset(t *testing.T) {
	tests := []struct {
		data string
		n    int
		want int
	}{
		{"a\nb\nc", 1, 0},
		{"a\nb\nc", 2, 2},
		{"a\nb\nc", 3, 4},
		{"a\r\nb\rc\n", 3, 5},
		{"a\r\nb\rc\n", 4, 7},
		{"a\nb", 5, 3},
		{"", 1, 0},
	}
	for _, tt := range tests {
		if got := lineOffset([]byte(tt.data), tt.n); got != tt.want {
			t.Errorf("lineOffset(%q, %d) = %d, want %d", tt.data, tt.n, got, tt.want)
		}
	}
}

// TestDescribeCut counts what follows a cut across chunks: a group whose
// rules straddle a chunk's end counts each rule once, and a rule before
// the first user-agent line (of the group the cut left open) counts.
func TestDescribeCut(t *testing.T) {
	var b strings.Builder
	b.WriteString("Disallow: /open-group\n")
	b.WriteString("User-agent: Googlebot\nUser-agent: bingbot\n")
	n := 1
	for b.Len() < 3*pastCutChunk {
		fmt.Fprintf(&b, "Disallow: /path-%d\n", n)
		n++
	}
	b.WriteString("User-agent: GOOGLEBOT\nAllow: /x\nUser-agent: *\nDisallow: /y")
	n += 2
	c, err := describeCut(7, strings.NewReader(b.String()), robotstxt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.rules != n || fmt.Sprint(c.agents) != "[Googlebot bingbot *]" || c.more || c.line != 7 {
		t.Errorf("describeCut = %+v, want %d rules, agents [Googlebot bingbot *]", c, n)
	}
	if want := fmt.Sprintf("cut at line 7: from there on, %d allow and disallow rules are ignored, and the groups of user-agent Googlebot, bingbot, *", n); c.String() != want {
		t.Errorf("String() = %q, want %q", c.String(), want)
	}
	for _, tt := range []struct {
		c    cutReport
		want string
	}{
		{cutReport{line: 3}, "cut at line 3, past which the file holds no rule and no group"},
		{cutReport{line: 3, more: true}, "cut at line 3, past which the first 1048576 bytes hold no rule and no group"},
		{cutReport{line: 3, rules: 1}, "cut at line 3: from there on, 1 allow or disallow rule is ignored"},
		{cutReport{line: 3, rules: 1, more: true}, "cut at line 3: from there on, at least 1 allow and disallow rules are ignored (counted in the first 1048576 bytes past the cut)"},
	} {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("%+v: String() = %q, want %q", tt.c, got, tt.want)
		}
	}
}

// TestServeSaysWhereTheFileWasCut: the tester's answer for a file over
// the limit says where it was cut and what that drops, in its notes and
// as a lint error at the first line not read, where "Lint: no problems"
// hid it.
func TestServeSaysWhereTheFileWasCut(t *testing.T) {
	file, line := longRobots()
	h := newTestHandler(t, serveConfig{})
	rec := post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"robots": file, "agents": []string{"Googlebot"}, "targets": []string{"/g"}}))
	var got checkResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
		t.Fatalf("status %d, %v: %.300s", rec.Code, err, rec.Body)
	}
	what := fmt.Sprintf("cut at line %d: from there on, 3 allow and disallow rules are ignored, and the groups of user-agent Googlebot", line)
	if len(got.Notes) != 1 || !strings.HasSuffix(got.Notes[0], "(RFC 9309 section 2.5): "+what) {
		t.Errorf("notes %q, want one that ends %q", got.Notes, what)
	}
	want := apiDiagnostic{line, "error", "truncated", "the file is over the 512000-byte size limit crawlers read (RFC 9309 section 2.5); " + what}
	if !slices.Contains(got.Diagnostics, want) {
		t.Errorf("diagnostics %+v, want %+v among them", got.Diagnostics, want)
	}
}

// TestCheckSaysAFetchedFileWasCut: without -robots, a site's robots.txt
// over the limit is fetched as crawlers fetch it, and check says where it
// was cut, once for the site.
func TestCheckSaysAFetchedFileWasCut(t *testing.T) {
	file, line := longRobots()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, file)
	}))
	defer srv.Close()
	var stdout, stderr bytes.Buffer
	status := run([]string{"check", "-agent", "Googlebot", srv.URL + "/g", srv.URL + "/private/a"}, strings.NewReader(""), &stdout, &stderr)
	want := fmt.Sprintf("robotstxt check: %s/robots.txt is over the 512000-byte size limit (RFC 9309 section 2.5): cut at line %d;", srv.URL, line)
	if status != exitDisallowed || strings.Count(stderr.String(), want) != 1 {
		t.Errorf("check = %d, stderr\n%s\nwant %d and once %q", status, stderr.String(), exitDisallowed, want)
	}
}
