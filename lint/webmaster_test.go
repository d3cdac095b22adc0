package lint

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rfc9309/robotstxt"
)

// TestWebmasterChecks runs each check of webmaster.go and inherit.go on the shapes
// webmasters write, and on the look-alikes it must leave alone.
func TestWebmasterChecks(t *testing.T) {
	tests := []struct {
		source string
		robots string
		mode   robotstxt.Mode
		code   robotstxt.Code
		lines  []int  // the lines that draw a note of code
		quote  string // a text the first note quotes
	}{
		// RFC 9309 section 2.2.1: a crawler obeys the groups that name it.
		{"Googlebot group with its own rules", "User-agent: *\nDisallow: /admin/\nDisallow: /cart\n\nUser-agent: Googlebot\nDisallow: /search\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, []int{5}, `line 2 "Disallow: /admin/", line 3 "Disallow: /cart"`},
		{"named group repeats the * rules", "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /admin/\nDisallow: /search\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, nil, ""},
		{"named group disallows more broadly", "User-agent: *\nDisallow: /admin/users\n\nUser-agent: Googlebot\nDisallow: /admin\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, nil, ""},
		{"named group allows everything on purpose", "User-agent: *\nDisallow: /admin/\n\nUser-agent: Mediapartners-Google\nDisallow:\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, nil, ""},
		{"corpus 010_quora: * closes the site, named groups are exceptions", "User-agent: Googlebot\nDisallow: /ajax/\n\nUser-agent: *\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, nil, ""},
		{"the * group's disallow in its second part", "User-agent: *\nAllow: /x\n\nUser-agent: Googlebot\nDisallow: /s\n\nUser-agent: *\nDisallow: /admin/\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, []int{4}, `line 8 "Disallow: /admin/"`},
		{"several agents, one note", "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\n\nUser-agent: Bingbot\nUser-agent: Slurp\nDisallow: /x\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, []int{8}, `(Bingbot, Slurp)`},
		{"issue 27: a pattern without a leading slash repeated", "User-agent: *\nDisallow: *.pdf\n\nUser-agent: Bingbot\nDisallow: *.pdf\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, nil, ""},
		{"issue 27: a pattern without a leading slash missed", "User-agent: *\nDisallow: *.pdf\n\nUser-agent: Bingbot\nDisallow: /x\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, []int{4}, `"Disallow: *.pdf"`},
		{"corpus 001_wikimedia: a non-ASCII path repeated, Google's escaping", "User-agent: *\nDisallow: /wiki/Löschkandidaten/\n\nUser-agent: Googlebot\nDisallow: /wiki/Löschkandidaten/\nDisallow: /x\n", robotstxt.Google, robotstxt.CodeGlobalNotInherited, nil, ""},
		{"a non-ASCII path missed, Google's escaping", "User-agent: *\nDisallow: /wiki/Löschkandidaten/\n\nUser-agent: Googlebot\nDisallow: /x\n", robotstxt.Google, robotstxt.CodeGlobalNotInherited, []int{4}, `"Disallow: /wiki/Löschkandidaten/"`},
		{"more than three listed", "User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nDisallow: /e\n\nUser-agent: Bingbot\nDisallow: /x\n", robotstxt.RFC, robotstxt.CodeGlobalNotInherited, []int{8}, `and 2 more`},

		// Google's documentation: Googlebot does not process Crawl-delay.
		{"Crawl-delay in *", "User-agent: *\nCrawl-delay: 10\nDisallow: /tmp/\n", robotstxt.RFC, robotstxt.CodeCrawlDelayGoogle, []int{2}, "Googlebot"},
		{"Crawl-delay in Googlebot's group", "User-agent: Bingbot\nCrawl-delay: 5\n\nUser-agent: Googlebot\nCrawl-delay: 10\n", robotstxt.Google, robotstxt.CodeCrawlDelayGoogle, []int{5}, ""},
		{"Crawl-delay for Bingbot only", "User-agent: Bingbot\nCrawl-delay: 5\nDisallow: /x\n\nUser-agent: *\nDisallow: /tmp/\n", robotstxt.RFC, robotstxt.CodeCrawlDelayGoogle, nil, ""},
		{"RFC 9309 section 2.1: a blank line ends no group, so * shares Bingbot's", "User-agent: Bingbot\nCrawl-delay: 5\n\nUser-agent: *\nDisallow: /tmp/\n", robotstxt.RFC, robotstxt.CodeCrawlDelayGoogle, []int{2}, ""},

		// RFC 9309 section 2.2.3: '*' matches any sequence, '$' the end.
		{"corpus 091_icicibank: *.pdf", "User-agent: *\nDisallow: *.pdf\n", robotstxt.RFC, robotstxt.CodeMatchesAnywhere, []int{2}, `"/*.pdf$"`},
		{"with its end already", "User-agent: *\nDisallow: *.pdf$\n", robotstxt.RFC, robotstxt.CodeMatchesAnywhere, nil, ""},
		{"a slash before it", "User-agent: *\nDisallow: /*.pdf$\nDisallow: /*.pdf\n", robotstxt.RFC, robotstxt.CodeMatchesAnywhere, nil, ""},
		{"not an extension", "User-agent: *\nDisallow: *?sort=\n", robotstxt.RFC, robotstxt.CodeMatchesAnywhere, nil, ""},

		// Google Search Central: blocking CSS and JavaScript hurts rendering.
		{"corpus 021_sophos: asset directories", "User-agent: *\nDisallow: /js/\nDisallow: /css/\nDisallow: /images/\nDisallow: /cgi-bin/\n", robotstxt.RFC, robotstxt.CodeBlocksResources, []int{2, 3, 4}, `"Disallow: /js/"`},
		{"corpus 026_koreanair: extensions", "User-agent: *\nDisallow: /*.js$\nDisallow: /*.css$\n", robotstxt.RFC, robotstxt.CodeBlocksResources, []int{2, 3}, "every crawler"},
		{"WordPress wp-includes for Googlebot", "User-agent: Googlebot\nDisallow: /wp-includes/\n", robotstxt.RFC, robotstxt.CodeBlocksResources, []int{2}, "Googlebot"},
		{"opened again by an allow", "User-agent: *\nDisallow: /assets/\nAllow: /assets/*.css$\nAllow: /assets/*.js$\nAllow: /assets/*.png$\n", robotstxt.RFC, robotstxt.CodeBlocksResources, nil, ""},
		{"a deep directory named images", "User-agent: *\nDisallow: /blog/images-of-the-year/\nDisallow: /tag/x/www.example.com/images/a.pdf\n", robotstxt.RFC, robotstxt.CodeBlocksResources, nil, ""},
		{"another crawler's group", "User-agent: BadBot\nDisallow: /js/\n", robotstxt.RFC, robotstxt.CodeBlocksResources, nil, ""},
		{"a subdirectory of assets", "User-agent: *\nDisallow: /assets/pdfs\n", robotstxt.RFC, robotstxt.CodeBlocksResources, nil, ""},
		// Issue 27: one file blocked on purpose is no broad block; "Allow: /*.js$" would undo it.
		{"one named script", "User-agent: *\nDisallow: /js/tracker.js\n", robotstxt.RFC, robotstxt.CodeBlocksResources, nil, ""},
		{"one named image, anchored", "User-agent: *\nDisallow: /img/pixel.gif$\nDisallow: /static/app.css*\n", robotstxt.RFC, robotstxt.CodeBlocksResources, nil, ""},
		{"a wildcard in a directory", "User-agent: *\nDisallow: /theme/*.css\n", robotstxt.RFC, robotstxt.CodeBlocksResources, []int{2}, `"Disallow: /theme/*.css"`},

		// Issue 27: Python's urllib.robotparser reads the first "*" group only.
		{"two * groups", "User-agent: *\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /b\n", robotstxt.RFC, robotstxt.CodeGlobalRepeated, []int{7}, "urllib.robotparser"},
		{"one * group", "User-agent: *\nDisallow: /a\nDisallow: /b\n", robotstxt.RFC, robotstxt.CodeGlobalRepeated, nil, ""},
		{"* repeated within one group", "User-agent: *\nUser-agent: *\nDisallow: /a\n", robotstxt.RFC, robotstxt.CodeGlobalRepeated, nil, ""},

		// Disallow: / for everyone.
		{"staging file", "User-agent: *\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeSiteClosed, []int{2}, `"Disallow: /"`},
		{"closed but for the home page", "User-agent: *\nAllow: /$\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeSiteClosed, nil, ""},
		{"closed to one crawler", "User-agent: BadBot\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeSiteClosed, nil, ""},
		{"issue 38: closed to Googlebot", "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\n", robotstxt.RFC, robotstxt.CodeSiteClosed, []int{2}, "Googlebot, Googlebot-Image, Googlebot-Video, Googlebot-News and Applebot, which obey this group"},
		{"issue 38: closed to Bingbot", "User-agent: bingbot\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeSiteClosed, []int{2}, "to bingbot, which obeys"},
		{"corpus 005_ai.robots.txt: Applebot in a list of AI crawlers", "User-agent: GPTBot\nUser-agent: Applebot\nUser-agent: ClaudeBot\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeSiteClosed, []int{4}, "to Applebot, which obeys"},
		// RFC 9309 section 2.2.1: a crawler obeys the groups that name it, rules or none.
		{"issue 38: a trailing User-agent: Applebot", "User-agent: *\nDisallow: /private/\n\nUser-agent: Applebot\n", robotstxt.RFC, robotstxt.CodeGroupWithoutRules, []int{4}, "of Applebot before"},
		{"corpus 032_iherb: a Crawl-delay and no rule", "User-agent: *\nDisallow: /cart\n\nuser-agent: msnbot\nCrawl-delay: 2", robotstxt.RFC, robotstxt.CodeGroupWithoutRules, []int{4}, "msnbot"},
		{"corpus 090_elpais: rules written on the user-agent lines", "User-agent: *\nDisallow: /t/\n\nUser-agent: 008 Disallow: /\nUser-agent: AddThis.com Disallow: /\n", robotstxt.RFC, robotstxt.CodeGroupWithoutRules, []int{4}, "008, AddThis.com"},
		{"an empty Disallow, everything on purpose", "User-agent: *\nDisallow: /p\n\nUser-agent: Applebot\nDisallow:\n", robotstxt.RFC, robotstxt.CodeGroupWithoutRules, nil, ""},
		{"no * disallow to escape", "User-agent: *\nAllow: /\n\nUser-agent: Applebot\n", robotstxt.RFC, robotstxt.CodeGroupWithoutRules, nil, ""},
		{"merged with a group of rules", "User-agent: *\nDisallow: /p\n\nUser-agent: Applebot\n\nUser-agent: applebot\nDisallow: /q\n", robotstxt.Google, robotstxt.CodeGroupWithoutRules, nil, ""},
		// RFC 9309 section 2.2.2: "Disallow:" with no path disallows nothing.
		{"issue 38: an empty Disallow amid blocks", "User-agent: AhrefsBot\nDisallow: /\n\nUser-agent: SemrushBot\nDisallow:\n\nUser-agent: MJ12bot\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeEmptyDisallow, []int{5}, "SemrushBot may fetch everything"},
		{"corpus 026_koreanair: in a list of blocks", "User-agent: *\nDisallow: /api/\nUser-agent: EmailWolf\nDisallow: /\nUser-agent: ExtractorPro\nDisallow: \nUser-agent: EyeNetIE\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeEmptyDisallow, []int{6}, "ExtractorPro"},
		{"AdSense's snippet amid blocks", "User-agent: AhrefsBot\nDisallow: /\n\nUser-agent: Mediapartners-Google\nDisallow:\n\nUser-agent: MJ12bot\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeEmptyDisallow, nil, ""},
		{"corpus 002_wikipedia: work bots let in", "User-agent: *\nDisallow: /w/\n\nUser-agent: IsraBot\nDisallow:\n\nUser-agent: Orthogaffe\nDisallow:\n\nUser-agent: MJ12bot\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeEmptyDisallow, nil, ""},
		{"one crawler allowed everything", "User-agent: IsraBot\nDisallow:\n", robotstxt.RFC, robotstxt.CodeEmptyDisallow, nil, ""},
		{"closed to AI crawlers on purpose", "User-agent: GPTBot\nUser-agent: Applebot-Extended\nDisallow: /\n", robotstxt.RFC, robotstxt.CodeSiteClosed, nil, ""},
		{"closed to everyone, Googlebot among them: one note", "User-agent: *\nUser-agent: Googlebot\nDisallow: /\n", robotstxt.Google, robotstxt.CodeSiteClosed, []int{3}, "every crawler"},

		// A public file lists paths for everyone to read.
		{"a backup directory", "User-agent: *\nDisallow: /backup/\nDisallow: /db/site.sql\nDisallow: /.env\n", robotstxt.RFC, robotstxt.CodeSensitivePath, []int{2, 3, 4}, `("backup")`},
		{"corpus 009_ipwatchdog, 029_icicibank: words inside page names", "User-agent: *\nDisallow: /trade-secrets-explained/\nDisallow: /forgot-password.html\nDisallow: /user/password\n", robotstxt.RFC, robotstxt.CodeSensitivePath, nil, ""},
		{"corpus defaults", "User-agent: *\nDisallow: /wp-admin/\nDisallow: /admin/\nDisallow: /login\n", robotstxt.RFC, robotstxt.CodeSensitivePath, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			r := robotstxt.Options{Mode: tt.mode}.Parse([]byte(tt.robots))
			var lines []int
			var first string
			for _, d := range Check(r) {
				if d.Code == tt.code {
					lines = append(lines, d.Line)
					if first == "" {
						first = d.Message
					}
				}
			}
			if diff := cmp.Diff(tt.lines, lines); diff != "" {
				t.Errorf("lines of %s notes (-want +got):\n%s\n%v", tt.code, diff, Check(r))
			}
			if !strings.Contains(first, tt.quote) {
				t.Errorf("message %q does not quote %q", first, tt.quote)
			}
		})
	}
}

// TestCheckKeepsVerdicts checks that Check, which builds groups and asks
// them about paths, changes no answer and no diagnostic of the parsed
// file.
func TestCheckKeepsVerdicts(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /js/\nCrawl-delay: 3\n\nDisallow: *.pdf\n\nUser-agent: Googlebot\nDisallow: /search\nNoindex: /x\n")
	targets := []string{"/js/app.js", "/a.pdf", "/search", "/x", "/"}
	agents := []string{"Googlebot", "Bingbot"}
	before, after := robotstxt.Parse(src), robotstxt.Parse(src)
	diags := after.Diagnostics()
	Check(after)
	for _, a := range agents {
		for _, target := range targets {
			if b, g := before.Allowed(a, target), after.Allowed(a, target); b != g {
				t.Errorf("Allowed(%q, %q) = %v after Check, want %v", a, target, g, b)
			}
		}
	}
	if diff := cmp.Diff(diags, after.Diagnostics()); diff != "" {
		t.Errorf("Diagnostics() after Check (-before +after):\n%s", diff)
	}
}

// TestDiagnosticsAreTheParsers checks that Robots.Diagnostics returns what
// the parse found and no finding of the checks of the whole file, and
// that Check returns both, in line order.
func TestDiagnosticsAreTheParsers(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: *\nDisallow: *.pdf\nDissallow: /x\n"))
	codes := func(diags []robotstxt.Diagnostic) []robotstxt.Code {
		var out []robotstxt.Code
		for _, d := range diags {
			out = append(out, d.Code)
		}
		return out
	}
	if diff := cmp.Diff([]robotstxt.Code{robotstxt.CodeKeyTypo}, codes(r.Diagnostics())); diff != "" {
		t.Errorf("Diagnostics() codes (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]robotstxt.Code{robotstxt.CodeMatchesAnywhere, robotstxt.CodeKeyTypo}, codes(Check(r))); diff != "" {
		t.Errorf("Check codes (-want +got):\n%s", diff)
	}
	if got := Check(nil); got != nil {
		t.Errorf("Check(nil) = %v, want nil", got)
	}
	if got := Check(robotstxt.Parse(nil)); len(got) != 1 || got[0].Code != robotstxt.CodeEmptyFile {
		t.Errorf("Check(Parse(nil)) = %v, want one %s", got, robotstxt.CodeEmptyFile)
	}
}

// TestGateFindings checks the severity and the text of the findings a
// pre-deploy gate stops on: a whole-site block is a warning, and a fix
// lint suggests for blocked CSS, JavaScript and images works when made.
func TestGateFindings(t *testing.T) {
	tests := []struct {
		source string
		robots string
		code   robotstxt.Code
		line   int
		sev    robotstxt.Severity
		quote  []string // texts the finding quotes
		fixed  string   // the file with the finding's fix made, which allows opened
		opened []string // paths the fixed file allows for Googlebot
	}{
		{"issue 38: the staging file a gate must stop", "User-agent: *\nDisallow: /\n", robotstxt.CodeSiteClosed, 2, robotstxt.Warning, []string{`"Disallow: /"`}, "", nil},
		{"issue 38: the suggested Allow: /*.css$ loses to Disallow: /assets/",
			"User-agent: *\nDisallow: /assets/\n", robotstxt.CodeBlocksResources, 2, robotstxt.Warning,
			[]string{"/assets/app.css, /assets/app.js and /assets/logo.png stay blocked", `add "Allow: /assets/*.css$", "Allow: /assets/*.js$" and "Allow: /assets/*.png$"`},
			"User-agent: *\nDisallow: /assets/\nAllow: /assets/*.css$\nAllow: /assets/*.js$\nAllow: /assets/*.png$\n",
			[]string{"/assets/app.css", "/assets/site/theme.css", "/assets/app.js", "/assets/logo.png"}},
		{"a directory of scripts", "User-agent: *\nDisallow: /js\n", robotstxt.CodeBlocksResources, 2, robotstxt.Warning,
			[]string{"/js/app.js stay blocked", `add "Allow: /js/*.js$"`},
			"User-agent: *\nDisallow: /js\nAllow: /js/*.js$\n", []string{"/js/app.js", "/js/lib/x.js"}},
		{"a rule about an extension", "User-agent: *\nDisallow: /*.js$\n", robotstxt.CodeBlocksResources, 2, robotstxt.Warning,
			[]string{"/a.js stay blocked", "remove the line"}, "User-agent: *\n", []string{"/a.js"}},
		{"an extension's rule under a broader one", "User-agent: *\nDisallow: /*.js$\nDisallow: /\nAllow: /$\n", robotstxt.CodeBlocksResources, 2, robotstxt.Warning,
			[]string{`add "Allow: /*.js$"`}, "User-agent: *\nDisallow: /*.js$\nDisallow: /\nAllow: /$\nAllow: /*.js$\n", []string{"/a.js", "/x/app.js"}},
		{"a longer rule keeps the file closed", "User-agent: *\nDisallow: /css/\nDisallow: /css/app.css\n", robotstxt.CodeBlocksResources, 2, robotstxt.Warning,
			[]string{"/css/app.css stay blocked", "would not open them alone"}, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			var got *robotstxt.Diagnostic
			for _, d := range Check(robotstxt.Parse([]byte(tt.robots))) {
				if d.Code == tt.code && d.Line == tt.line {
					got = &d
					break
				}
			}
			if got == nil {
				t.Fatalf("no %s finding on line %d", tt.code, tt.line)
			}
			if got.Severity != tt.sev {
				t.Errorf("severity %s, want %s", got.Severity, tt.sev)
			}
			for _, q := range tt.quote {
				if !strings.Contains(got.Message, q) {
					t.Errorf("message %q does not say %q", got.Message, q)
				}
			}
			if tt.fixed == "" {
				return
			}
			fixed := robotstxt.Parse([]byte(tt.fixed))
			for _, p := range tt.opened {
				if !fixed.Allowed("Googlebot", p) {
					t.Errorf("the fixed file disallows %s", p)
				}
			}
			for _, d := range Check(fixed) {
				if d.Code == robotstxt.CodeBlocksResources {
					t.Errorf("the fixed file draws %v", d)
				}
			}
		})
	}
}
