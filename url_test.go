package robotstxt

import "testing"

// TestPathOfShortcut checks that pathOf's shortcut for a target that is a
// path reads each target as the general reading (pathOfURL) does, in both
// modes' readings of an authority: the targets of Google's
// GetPathParamsQuery tests and the shapes the shortcut must take or leave.
func TestPathOfShortcut(t *testing.T) {
	targets := []string{
		"/", "/a", "/some/page.html?id=1", "/a#frag", "/#", "/a?b#c#d", // taken: a path
		"//host/a", "//", "//host", // not taken: a network-path reference
		"", "a/b", "http://host/a", "https://host", "/a://b", "/;a", "/?q", // other shapes
	}
	for _, c := range loadCases[helperCase](t, "google_helpers.json", 55) {
		if c.Function == "GetPathParamsQuery" {
			targets = append(targets, c.Input)
		}
	}
	for _, target := range targets {
		for _, ends := range []string{rfcDialect.authorityEnds, googleDialect.authorityEnds} {
			if got, want := pathOf(target, ends), pathOfURL(target, ends); got != want {
				t.Errorf("pathOf(%q, %q) = %q, want %q as pathOfURL reads it", target, ends, got, want)
			}
		}
	}
}

// TestIsRobotsTxt checks the paths that name /robots.txt, which RFC 9309
// section 2.2.2 always allows, at each edge of its early tests.
func TestIsRobotsTxt(t *testing.T) {
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/robots.txt", true},
		{"/robots.txt?", true},
		{"/robots.txt?a=b", true},
		{"/robots.txtx", false},
		{"/robots.txt/", false},
		{"/robots.tx", false},
		{"/Robots.txt", false},
		{"/robots.TXT", false},
		{"/rrobots.txt", false},
		{"/r", false},
		{"/", false},
		{"", false},
		{"/some/page.html?id=1", false},
	} {
		if got := isRobotsTxt(tt.path); got != tt.want {
			t.Errorf("isRobotsTxt(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}
