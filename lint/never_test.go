package lint

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
)

// codeLines returns the lines of r's findings of code.
func codeLines(r *robotstxt.Robots, code robotstxt.Code) []int {
	var lines []int
	for _, d := range Check(r) {
		if d.Code == code {
			lines = append(lines, d.Line)
		}
	}
	return lines
}

// TestNeverDecides checks the rules that another rule of their group
// outranks on every path (RFC 9309 section 2.2.2).
func TestNeverDecides(t *testing.T) {
	for _, tt := range []struct {
		source, robots string
		mode           robotstxt.Mode
		lines          []int
	}{
		{"a disallow that an allow of the same pattern ties", "User-agent: *\nDisallow: /x\nAllow: /x\n", robotstxt.RFC, []int{2}},
		{"a rule repeated", "User-agent: *\nDisallow: /x\nDisallow: /x\n", robotstxt.RFC, []int{3}},
		{"an allow that the same pattern with '*' beats", "User-agent: *\nAllow: /x\nDisallow: /x*\n", robotstxt.RFC, []int{2}},
		{"the same path percent-encoded otherwise (RFC mode's canonical form)", "User-agent: *\nDisallow: /a%2fb\nDisallow: /a%2Fb\n", robotstxt.RFC, []int{3}},
		{"rules of their own", "User-agent: *\nDisallow: /x\nAllow: /x/y\nDisallow: /x$\n", robotstxt.RFC, nil},
		// Groups that merge for every crawler that obeys any of them.
		{"merged '*' groups", "User-agent: *\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /f\n\nUser-agent: *\nDisallow: /a\n", robotstxt.RFC, []int{8}},
		// Alpha obeys one of the two "/a" rules only: not read as one.
		{"groups that do not always merge", "User-agent: Alpha\nUser-agent: Beta\nDisallow: /a\n\nUser-agent: Beta\nDisallow: /a\n", robotstxt.RFC, nil},
		{"groups that always merge", "User-agent: Alpha\nUser-agent: Beta\nDisallow: /a\n\nUser-agent: beta\nUser-agent: ALPHA\nDisallow: /a\n", robotstxt.Google, []int{7}},
	} {
		t.Run(tt.source, func(t *testing.T) {
			r := robotstxt.Options{Mode: tt.mode}.Parse([]byte(tt.robots))
			if diff := cmp.Diff(tt.lines, codeLines(r, robotstxt.CodeNeverDecides)); diff != "" {
				t.Errorf("never-decides lines (-want +got):\n%s\n%v", diff, Check(r))
			}
		})
	}
}

// TestMergedGroupsFindings checks the whole text of the findings on a file
// of two "*" groups and a named group.
func TestMergedGroupsFindings(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: *\nAllow: /a/b\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /f\n"))
	var got []string
	for _, d := range Check(r) {
		got = append(got, fmt.Sprintf("%d %s %s", d.Line, d.Code, d.Message))
	}
	want := []string{
		`4 global-repeated a second "User-agent: *" group (the first starts on line 1): RFC 9309 and Google's parser merge them, but Python's urllib.robotparser (and crawlers built on it) reads only the first, so they ignore this group's rules; move them into the first "*" group`,
		"6 never-decides this rule repeats line 2",
		`8 global-not-inherited crawlers that obey this group (FooBot) ignore the "*" group, so they may fetch what it disallows: line 2 "Disallow: /a"; repeat those rules in this group if they are meant for these crawlers too`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Check (-want +got):\n%s", diff)
	}
}
