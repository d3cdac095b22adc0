package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestControlEscaper(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"plain text passes", []string{"allowed\t/a\n"}, "allowed\t/a\n"},
		{"UTF-8 passes", []string{"/café/日本\n"}, "/café/日本\n"},
		{"a backslash passes", []string{`/a\x1b`}, `/a\x1b`},
		{"ESC and BEL: a window title", []string{"/a\x1b]0;pwned\x07b"}, `/a\x1b]0;pwned\x07b`},
		{"CR and other C0", []string{"a\rb\x00c\x7fd"}, `a\x0db\x00c\u007fd`},
		{"C1 CSI", []string{"a\u009b2Jb"}, `a\u009b2Jb`},
		{"a bidirectional override", []string{"a\u202eb\u2066c"}, `a\u202eb\u2066c`},
		{"a byte that is not UTF-8", []string{"a\x9bb\xffc"}, `a\x9bb\xffc`},
		{"a rune split across writes", []string{"/caf\xc3", "\xa9/\xe6\x97", "\xa5\n"}, "/café/日\n"},
		{"a C1 control split across writes", []string{"a\xc2", "\x9bb"}, `a\u009bb`},
		{"a split that the next write does not complete", []string{"a\xc3", "b"}, `a\xc3b`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		e := escaping(&b)
		for _, w := range tt.writes {
			if n, err := e.Write([]byte(w)); n != len(w) || err != nil {
				t.Errorf("%s: Write(%q) = %d, %v; want %d, nil", tt.name, w, n, err, len(w))
			}
		}
		if b.String() != tt.want {
			t.Errorf("%s: wrote %q, want %q", tt.name, b.String(), tt.want)
		}
	}
	// JSON stays JSON: encoding/json leaves DEL and C1 as they are.
	j, _ := json.Marshal(map[string]string{"p": "/a\x7f\u009b\u202e\x1b"})
	var b bytes.Buffer
	escaping(&b).Write(j)
	var back map[string]string
	if err := json.Unmarshal(b.Bytes(), &back); err != nil || back["p"] != "/a\x7f\u009b\u202e\x1b" {
		t.Errorf("escaped JSON %s reads back as %q, %v", b.String(), back["p"], err)
	}
}

// TestNoControlBytesOut runs every command that prints what a file holds
// on a file full of escape sequences: nothing it prints, on standard
// output or standard error, holds a control character but tab and
// newline, and what the file held shows escaped.
func TestNoControlBytesOut(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	const body = "User-agent: *\nDisallow: /a\x1b]0;pwned\x07\nAllow: /b\u009b2J\nDissallow: /c\x1b[2J\n" +
		"Content-Signal: ai-train=no\x1b[31m\nSitemap: https://example.com/s\x1b[31m.xml\nUser-agent: x\u202ey\nDisallow: /\n"
	if err := os.WriteFile(robots, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dir, "old.txt")
	if err := os.WriteFile(old, []byte("User-agent: *\nDisallow: /z\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "page.html")
	if err := os.WriteFile(page, []byte("<meta name=\"robots\" content=\"noindex, x\x1b]0;t\x07\">"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args  []string
		stdin string
		shows string // an escape the output must show
	}{
		{[]string{"lint", robots}, "", `\x1b[2J`},
		{[]string{"lint", "-json", robots}, "", `\u001b[2J`},
		{[]string{"groups", robots}, "", `\x1b]0;pwned\x07`},
		{[]string{"groups", "-agent", "GPTBot", robots}, "", `\u009b2J`},
		{[]string{"sitemaps", robots}, "", `s\x1b[31m.xml`},
		{[]string{"check", "-robots", robots, "/a\x1b]0;pwned\x07"}, "", `\x1b]0;pwned\x07`},
		{[]string{"check", "-robots", robots, "-json", "/b\u009b2J"}, "", `\u009b2J`},
		{[]string{"diff", old, robots}, "", `\x1b]0;pwned\x07`},
		{[]string{"diff", old, robots}, "/a\x1b]0;pwned\x07\n", `\x1b]0;pwned\x07`},
		{[]string{"ai", "-url", "/a\x1b]0;pwned\x07", robots}, "", `\x1b]0;pwned\x07`},
		{[]string{"meta", page}, "", ``},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if status == exitError {
			t.Errorf("run(%q) = %d: %s", tt.args, status, stderr.String())
			continue
		}
		for name, out := range map[string]string{"standard output": stdout.String(), "standard error": stderr.String()} {
			for _, r := range out {
				if r == utf8.RuneError || needsEscape(r) {
					t.Errorf("run(%q): %s holds %U:\n%q", tt.args, name, r, out)
					break
				}
			}
		}
		if !strings.Contains(stdout.String()+stderr.String(), tt.shows) {
			t.Errorf("run(%q) does not show %q:\n%s%s", tt.args, tt.shows, stdout.String(), stderr.String())
		}
	}
}

// BenchmarkControlEscaper writes check's rows through the escaper: the
// plain rows of most files, and rows with a rune that is not ASCII.
func BenchmarkControlEscaper(b *testing.B) {
	for _, bc := range []struct{ name, row string }{
		{"ascii", "disallowed\t/section-12/page-3456.html?q=7\tDisallow: /section-12/\t40\n"},
		{"utf8", "disallowed\t/café/page-3456.html?q=7\tDisallow: /café/\t40\n"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			chunk := []byte(strings.Repeat(bc.row, 64))
			e := escaping(io.Discard)
			b.SetBytes(int64(len(chunk)))
			b.ReportAllocs()
			for b.Loop() {
				e.Write(chunk)
			}
		})
	}
}
