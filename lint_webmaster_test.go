package robotstxt

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWebmasterChecks runs each check of lint_webmaster.go on the shapes
// webmasters write, and on the look-alikes it must leave alone.
func TestWebmasterChecks(t *testing.T) {
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

		// RFC 9309 section 2.2.1: a crawler obeys the groups that name it.
		{"Googlebot group with its own rules", "User-agent: *\nDisallow: /admin/\nDisallow: /cart\n\nUser-agent: Googlebot\nDisallow: /search\n", RFC, CodeGlobalNotInherited, []int{5}, `line 2 "Disallow: /admin/", line 3 "Disallow: /cart"`},
		{"named group repeats the * rules", "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /admin/\nDisallow: /search\n", RFC, CodeGlobalNotInherited, nil, ""},
		{"named group disallows more broadly", "User-agent: *\nDisallow: /admin/users\n\nUser-agent: Googlebot\nDisallow: /admin\n", RFC, CodeGlobalNotInherited, nil, ""},
		{"named group allows everything on purpose", "User-agent: *\nDisallow: /admin/\n\nUser-agent: Mediapartners-Google\nDisallow:\n", RFC, CodeGlobalNotInherited, nil, ""},
		{"corpus 010_quora: * closes the site, named groups are exceptions", "User-agent: Googlebot\nDisallow: /ajax/\n\nUser-agent: *\nDisallow: /\n", RFC, CodeGlobalNotInherited, nil, ""},
		{"the * group's disallow in its second part", "User-agent: *\nAllow: /x\n\nUser-agent: Googlebot\nDisallow: /s\n\nUser-agent: *\nDisallow: /admin/\n", RFC, CodeGlobalNotInherited, []int{4}, `line 8 "Disallow: /admin/"`},
		{"several agents, one note", "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\n\nUser-agent: Bingbot\nUser-agent: Slurp\nDisallow: /x\n", RFC, CodeGlobalNotInherited, []int{8}, `(Bingbot, Slurp)`},
		{"issue 27: a pattern without a leading slash repeated", "User-agent: *\nDisallow: *.pdf\n\nUser-agent: Bingbot\nDisallow: *.pdf\n", RFC, CodeGlobalNotInherited, nil, ""},
		{"issue 27: a pattern without a leading slash missed", "User-agent: *\nDisallow: *.pdf\n\nUser-agent: Bingbot\nDisallow: /x\n", RFC, CodeGlobalNotInherited, []int{4}, `"Disallow: *.pdf"`},
		{"more than three listed", "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\n\nUser-agent: Bingbot\nDisallow: /x\n", RFC, CodeGlobalNotInherited, []int{8}, `and 2 more`},

		// Google's documentation: Googlebot does not process Crawl-delay.
		{"Crawl-delay in *", "User-agent: *\nCrawl-delay: 10\nDisallow: /tmp/\n", RFC, CodeCrawlDelayGoogle, []int{2}, "Googlebot"},
		{"Crawl-delay in Googlebot's group", "User-agent: Bingbot\nCrawl-delay: 5\n\nUser-agent: Googlebot\nCrawl-delay: 10\n", Google, CodeCrawlDelayGoogle, []int{5}, ""},
		{"Crawl-delay for Bingbot only", "User-agent: Bingbot\nCrawl-delay: 5\nDisallow: /x\n\nUser-agent: *\nDisallow: /tmp/\n", RFC, CodeCrawlDelayGoogle, nil, ""},
		{"RFC 9309 section 2.1: a blank line ends no group, so * shares Bingbot's", "User-agent: Bingbot\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /tmp/\n", RFC, CodeCrawlDelayGoogle, []int{2}, ""},

		// RFC 9309 section 2.2.3: '*' matches any sequence, '$' the end.
		{"corpus 091_icicibank: *.pdf", "User-agent: *\nDisallow: *.pdf\n", RFC, CodeMatchesAnywhere, []int{2}, `"/*.pdf$"`},
		{"with its end already", "User-agent: *\nDisallow: *.pdf$\n", RFC, CodeMatchesAnywhere, nil, ""},
		{"a slash before it", "User-agent: *\nDisallow: /*.pdf$\nDisallow: /*.pdf\n", RFC, CodeMatchesAnywhere, nil, ""},
		{"not an extension", "User-agent: *\nDisallow: *?sort=\n", RFC, CodeMatchesAnywhere, nil, ""},

		// Google Search Central: blocking CSS and JavaScript hurts rendering.
		{"corpus 021_sophos: asset directories", "User-agent: *\nDisallow: /js/\nDisallow: /css/\nDisallow: /images/\nDisallow: /cgi-bin/\n", RFC, CodeBlocksResources, []int{2, 3, 4}, `"Disallow: /js/"`},
		{"corpus 026_koreanair: extensions", "User-agent: *\nDisallow: /*.js$\nDisallow: /*.css$\n", RFC, CodeBlocksResources, []int{2, 3}, "every crawler"},
		{"WordPress wp-includes for Googlebot", "User-agent: Googlebot\nDisallow: /wp-includes/\n", RFC, CodeBlocksResources, []int{2}, "Googlebot"},
		{"opened again by an allow", "User-agent: *\nDisallow: /assets/\nAllow: /assets/*.css$\nAllow: /assets/*.js$\nAllow: /assets/*.png$\n", RFC, CodeBlocksResources, nil, ""},
		{"a deep directory named images", "User-agent: *\nDisallow: /blog/images-of-the-year/\nDisallow: /tag/x/www.example.com/images/a.pdf\n", RFC, CodeBlocksResources, nil, ""},
		{"another crawler's group", "User-agent: BadBot\nDisallow: /js/\n", RFC, CodeBlocksResources, nil, ""},
		{"a subdirectory of assets", "User-agent: *\nDisallow: /assets/pdfs\n", RFC, CodeBlocksResources, nil, ""},
		// Issue 27: one file blocked on purpose is no broad block; "Allow: /*.js$" would undo it.
		{"one named script", "User-agent: *\nDisallow: /js/tracker.js\n", RFC, CodeBlocksResources, nil, ""},
		{"one named image, anchored", "User-agent: *\nDisallow: /img/pixel.gif$\nDisallow: /static/app.css*\n", RFC, CodeBlocksResources, nil, ""},
		{"a wildcard in a directory", "User-agent: *\nDisallow: /theme/*.css\n", RFC, CodeBlocksResources, []int{2}, `"Disallow: /theme/*.css"`},

		// Issue 27: Python's urllib.robotparser reads the first "*" group only.
		{"two * groups", "User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /b\n", RFC, CodeGlobalRepeated, []int{7}, "urllib.robotparser"},
		{"one * group", "User-agent: *\nDisallow: /a\nDisallow: /b\n", RFC, CodeGlobalRepeated, nil, ""},
		{"* repeated within one group", "User-agent: *\nUser-agent: *\nDisallow: /a\n", RFC, CodeGlobalRepeated, nil, ""},

		// Issue 27: RFC 9309 section 2.1 reads one group of both agents;
		// urllib.robotparser ends the group at Crawl-delay.
		{"Crawl-delay between user-agent lines", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /x\n", RFC, CodeRecordSplitsGroup, []int{2}, "urllib.robotparser"},
		{"Request-rate between user-agent lines", "User-agent: a\nRequest-rate: 1/5\nUser-agent: b\nDisallow: /x\n", RFC, CodeRecordSplitsGroup, []int{2}, "a, b"},
		{"Crawl-delay after the user-agent lines", "User-agent: a\nUser-agent: b\nCrawl-delay: 5\nDisallow: /x\n", RFC, CodeRecordSplitsGroup, nil, ""},
		{"Crawl-delay after rules", "User-agent: a\nDisallow: /x\nCrawl-delay: 5\nUser-agent: b\nDisallow: /y\n", RFC, CodeRecordSplitsGroup, nil, ""},

		// Disallow: / for everyone.
		{"staging file", "User-agent: *\nDisallow: /\n", RFC, CodeSiteClosed, []int{2}, `"Disallow: /"`},
		{"closed but for the home page", "User-agent: *\nAllow: /$\nDisallow: /\n", RFC, CodeSiteClosed, nil, ""},
		{"closed to one crawler", "User-agent: BadBot\nDisallow: /\n", RFC, CodeSiteClosed, nil, ""},

		// A public file lists paths for everyone to read.
		{"a backup directory", "User-agent: *\nDisallow: /backup/\nDisallow: /db/site.sql\nDisallow: /.env\n", RFC, CodeSensitivePath, []int{2, 3, 4}, `("backup")`},
		{"corpus 009_ipwatchdog, 029_icicibank: words inside page names", "User-agent: *\nDisallow: /trade-secrets-explained/\nDisallow: /forgot-password.html\nDisallow: /user/password\n", RFC, CodeSensitivePath, nil, ""},
		{"corpus defaults", "User-agent: *\nDisallow: /wp-admin/\nDisallow: /admin/\nDisallow: /login\n", RFC, CodeSensitivePath, nil, ""},

		// RFC 9309 section 2.1: only a user-agent line after rules starts a group.
		{"corpus 014_twitter: blank lines inside a group", "User-agent: Googlebot\nAllow: /?_escaped_fragment_\n\nAllow: /*?lang=\nDisallow: /search/realtime\n\nDisallow: /account/deactivated\n", RFC, CodeBlankLineInGroup, []int{4}, ""},
		{"blank line between user-agent and rules", "User-agent: *\n\nDisallow: /tmp/\n", RFC, CodeBlankLineInGroup, []int{3}, ""},
		{"each group once", "User-agent: a\nDisallow: /1\n\nDisallow: /2\nUser-agent: b\nDisallow: /3\n\nDisallow: /4\n", RFC, CodeBlankLineInGroup, []int{4, 8}, ""},
		{"a comment line is no blank line", "User-agent: *\nDisallow: /a\n# private\nDisallow: /b\n", RFC, CodeBlankLineInGroup, nil, ""},
		{"blank lines between groups", "User-agent: a\nDisallow: /1\n\n\nUser-agent: b\nDisallow: /2\n\n", RFC, CodeBlankLineInGroup, nil, ""},
		{"CRLF blank line", "User-agent: *\r\nDisallow: /a\r\n\r\nDisallow: /b\r\n", RFC, CodeBlankLineInGroup, []int{4}, ""},
		{"plain rule after a blank line", "User-agent: *\n\nDisallow: /b\n", Google, CodeBlankLineInGroup, []int{3}, ""},
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

// TestWebmasterChecksKeepVerdicts checks that asking for the diagnostics,
// which runs the checks that build groups, changes no answer.
func TestWebmasterChecksKeepVerdicts(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /js/\nCrawl-delay: 3\n\nDisallow: *.pdf\n\nUser-agent: Googlebot\nDisallow: /search\nNoindex: /x\n")
	targets := []string{"/js/app.js", "/a.pdf", "/search", "/x", "/"}
	agents := []string{"Googlebot", "Bingbot"}
	before, after := Parse(src), Parse(src)
	after.Diagnostics()
	for _, a := range agents {
		for _, target := range targets {
			if b, g := before.Allowed(a, target), after.Allowed(a, target); b != g {
				t.Errorf("Allowed(%q, %q) = %v after Diagnostics, want %v", a, target, g, b)
			}
		}
	}
}

// TestParserLeavesChecksToDiagnostics checks that the parser records only
// what it reads: a check of the finished file (here "*.pdf", which
// matches anywhere) adds its note when Diagnostics runs, not while the
// file is parsed.
func TestParserLeavesChecksToDiagnostics(t *testing.T) {
	r := Parse([]byte("User-agent: *\nDisallow: *.pdf\n"))
	if n := len(r.notes.list); n != 0 {
		t.Errorf("Parse recorded %d notes, want 0: the matches-anywhere check runs from Diagnostics", n)
	}
	var codes []Code
	for _, d := range r.Diagnostics() {
		codes = append(codes, d.Code)
	}
	if diff := cmp.Diff([]Code{CodeMatchesAnywhere}, codes); diff != "" {
		t.Errorf("Diagnostics codes (-want +got):\n%s", diff)
	}
}
