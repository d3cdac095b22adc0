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

// TestTargetReadings checks the two modes' readings of a target where
// they differ: RFC mode reads a target that starts with "//" as a path,
// as the request target a server passes on ("http://h//admin/x" has the
// request URI "//admin/x"), where Google's library reads an authority
// and a path; Google mode reads the path up to its first NUL, as Google's
// library matches it as a C string. Each target is asked of a small
// file's pass (the first query), of its tables and of its Group, both
// ways: a rule that matches only the mode's reading decides, and one that
// matches only the other reading does not.
func TestTargetReadings(t *testing.T) {
	tests := []struct {
		source string
		mode   Mode
		rule   string // "User-agent: *" then this line
		target string
		want   bool
	}{
		{"RFC 9112 section 3.2.1: a request URI is a path", RFC, "Disallow: //admin/", "//admin/x", false},
		{"RFC 9112 section 3.2.1: a request URI is a path", RFC, "Disallow: /x", "//admin/x", true},
		{"a path's fragment is not matched", RFC, "Disallow: //admin/x$", "//admin/x#top", false},
		{"a path's query is", RFC, "Disallow: //admin/x?y", "//admin/x?y=1", false},
		{"an absolute URL's path keeps its \"//\"", RFC, "Disallow: //admin/", "http://h//admin/x", false},
		{"RFC 3986 section 5.2.4: dot segments of a path are resolved, empty segments stay", RFC, "Disallow: //secret", "//a/../secret", false},
		{"Google's GetPathParamsQuery: \"//a/b/c\" is \"/b/c\"", Google, "Disallow: /x", "//admin/x", false},
		{"Google's GetPathParamsQuery: \"//a/b/c\" is \"/b/c\"", Google, "Disallow: //admin/", "//admin/x", true},
		{"Google's library matches the path as a C string", Google, "Disallow: /a$", "/a\x00b", false},
		{"Google's library matches the path as a C string", Google, "Disallow: /a*b", "/a\x00b", true},
		{"Google's library matches the path as a C string", Google, "Disallow: /a$", "https://example.com/a\x00b?c", false},
		{"Google's library matches the path as a C string", Google, "Disallow: /a?b$", "/a?b\x00c", false},
		{"the path is extracted before it is cut", Google, "Disallow: /a", "https://ex\x00ample.com/a", false},
		{"RFC 9309 section 2.2.2: a NUL is percent-encoded", RFC, "Disallow: /a$", "/a\x00b", true},
		{"RFC 9309 section 2.2.2: a NUL is percent-encoded", RFC, "Disallow: /a%00b", "/a\x00b", false},
	}
	for _, tt := range tests {
		file := []byte("User-agent: *\n" + tt.rule + "\n")
		o := Options{Mode: tt.mode}
		r := o.Parse(file)
		for _, which := range []string{"first", "second"} {
			if got := r.Decide("FooBot", tt.target); got.Allowed != tt.want {
				t.Errorf("%v, %q: %s Decide(FooBot, %q) = %+v, want allowed %v (%s)", tt.mode, tt.rule, which, tt.target, got, tt.want, tt.source)
			}
		}
		if got := o.Parse(file).Group("FooBot").Allowed(tt.target); got != tt.want {
			t.Errorf("%v, %q: Group(FooBot).Allowed(%q) = %v, want %v (%s)", tt.mode, tt.rule, tt.target, got, tt.want, tt.source)
		}
	}
}
