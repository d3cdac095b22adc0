package robotstxt

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParserWebmasterNotes runs the checks webmasters expect that the
// parser makes, on the shapes webmasters write and on the look-alikes it
// must leave alone (package lint holds the others).
func TestParserWebmasterNotes(t *testing.T) {
	tests := []struct {
		source string
		robots string
		mode   Mode
		code   Code
		lines  []int  // the lines that draw a note of code
		quote  string // a text the first note quotes
	}{
		// Noindex in robots.txt: Google stopped reading it on 2019-09-01.
		{"Google, 2019: Noindex unsupported", "User-agent: *\nDisallow: /cart\nNoindex: /print/\n", RFC, CodeNoindex, []int{3}, `content="noindex"`},
		{"corpus 069_qualtrics: lower-case noindex", "User-agent: *\nnoindex: /blog/tag/\nNofollow: /search\n", RFC, CodeNoindex, []int{2, 3}, `"noindex"`},
		{"Noarchive", "User-agent: *\nNoarchive: /\n", Google, CodeNoindex, []int{2}, `content="noarchive"`},
		{"a key that only starts so", "User-agent: *\nNoindex-Extra: /x\n", RFC, CodeNoindex, nil, ""},

		// Issue 27: RFC 9309 section 2.1 reads one group of both agents;
		// urllib.robotparser ends the group at Crawl-delay.
		{"Crawl-delay between user-agent lines", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x\n", RFC, CodeRecordSplitsGroup, []int{2}, "urllib.robotparser"},
		{"Request-rate between user-agent lines", "User-agent: a\nRequest-rate: 1/5\nUser-agent: b\nDisallow: /x\n", RFC, CodeRecordSplitsGroup, []int{2}, "a, b"},
		{"Crawl-delay after the user-agent lines", "User-agent: a\nUser-agent: b\nCrawl-delay: 5\nDisallow: /x\n", RFC, CodeRecordSplitsGroup, nil, ""},
		{"Crawl-delay after rules", "User-agent: a\nDisallow: /x\nCrawl-delay: 5\nUser-agent: b\nDisallow: /y\n", RFC, CodeRecordSplitsGroup, nil, ""},

		// RFC 9309 section 2.1: only a user-agent line after rules starts a group.
		{"corpus 014_twitter: blank lines inside a group", "User-agent: Googlebot\nAllow: /?_escaped_fragment_\n\nAllow: /*?lang=\nDisallow: /search/realtime\n\nDisallow: /account/deactivated\n", RFC, CodeBlankLineInGroup, []int{4}, ""},
		{"blank line between user-agent and rules", "User-agent: *\n\nDisallow: /tmp/\n", RFC, CodeBlankLineInGroup, []int{3}, ""},
		{"each group once", "User-agent: a\nDisallow: /1\n\nDisallow: /2\nUser-agent: b\nDisallow: /3\n\nDisallow: /4\n", RFC, CodeBlankLineInGroup, []int{4, 8}, ""},
		{"a comment line is no blank line", "User-agent: *\nDisallow: /a\n# private\nDisallow: /b\n", RFC, CodeBlankLineInGroup, nil, ""},
		{"blank lines between groups", "User-agent: a\nDisallow: /1\n\n\nUser-agent: b\nDisallow: /2\n\n", RFC, CodeBlankLineInGroup, nil, ""},
		{"CRLF blank line", "User-agent: *\r\nDisallow: /a\r\n\r\nDisallow: /b\r\n", RFC, CodeBlankLineInGroup, []int{4}, ""},
		{"plain rule after a blank line", "User-agent: *\n\nDisallow: /b\n", Google, CodeBlankLineInGroup, []int{3}, ""},

		// Yandex replaced Host with 301 redirects in 2018; no other crawler read it.
		{"issue 38: Host", "User-agent: *\nDisallow: /x\nHost: example.com\n", RFC, CodeHost, []int{3}, "301 redirects"},
		{"a repeated Host: one note", "Host: a.example\nHost: b.example\n", RFC, CodeHost, []int{1}, ""},
		{"an invalid Host", "Host: a b\n", RFC, CodeHost, nil, ""},

		// RFC 9309 section 2.2.2: a pattern is a path.
		{"issue 38: a URL as a Disallow", "User-agent: *\nDisallow: https://www.example.com/private/?a=1#top\n", RFC, CodeNoSlash, []int{2}, `write the URL's path, "Disallow: /private/?a=1"`},
		{"a URL as an Allow, without a path", "User-agent: *\nAllow: HTTP://example.com\n", Google, CodeNoSlash, []int{2}, `"Allow: /"`},
		{"a path without its slash", "User-agent: *\nDisallow: private/\n", RFC, CodeNoSlash, []int{2}, "does not start with '/'"},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			r := Options{Mode: tt.mode}.Parse([]byte(tt.robots))
			var lines []int
			var first string
			for _, d := range r.Diagnostics() {
				if d.Code == tt.code {
					lines = append(lines, d.Line)
					if first == "" {
						first = d.Message
					}
				}
			}
			if diff := cmp.Diff(tt.lines, lines); diff != "" {
				t.Errorf("lines of %s notes (-want +got):\n%s\n%v", tt.code, diff, r.Diagnostics())
			}
			if !strings.Contains(first, tt.quote) {
				t.Errorf("message %q does not quote %q", first, tt.quote)
			}
		})
	}
}

// TestURLPath checks the path of a URL written as a rule's value, which
// the no-leading-slash note suggests.
func TestURLPath(t *testing.T) {
	for _, tt := range []struct {
		value, path string
		ok          bool
	}{
		{"https://example.com/a/b", "/a/b", true},
		{"http://example.com", "/", true},
		{"http://example.com?q=1", "/?q=1", true},
		{"http://example.com/a?q=1#f", "/a?q=1", true},
		{"FTP://example.com#f", "/", true},
		{"http:///a", "", false},
		{"mailto:a@example.com", "", false},
		{"example.com/a", "", false},
		{"://example.com/a", "", false},
		{"gopher://example.com/a", "", false},
	} {
		if path, ok := urlPath(tt.value); path != tt.path || ok != tt.ok {
			t.Errorf("urlPath(%q) = %q, %v, want %q, %v", tt.value, path, ok, tt.path, tt.ok)
		}
	}
}
