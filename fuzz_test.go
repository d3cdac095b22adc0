package robotstxt

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// slowAllowed decides path for a group from its rules in file order, with
// the slow matcher and normaliser: every rule is tried and the longest
// match kept, allow winning a tie. It shares only targetPath and
// escapeGoogle with the code under test.
func slowAllowed(g *Group, mode Mode, target string) bool {
	path := mode.dialect().targetPath(target)
	if mode == RFC {
		path = slowRemoveDots(slowNormalize(path, false))
		if path == "/robots.txt" || strings.HasPrefix(path, "/robots.txt?") {
			return true
		}
	}
	best, allowed := 0, true
	try := func(pattern string, allow bool, n int) {
		if pattern == "" || !slowMatch(pattern, path) {
			return
		}
		if n > best || n == best && allow {
			best, allowed = n, allow
		}
	}
	for _, r := range g.Rules() {
		if mode == Google {
			p := escapeGoogle(r.Pattern)
			try(p, r.Allow, len(p))
			if i := strings.LastIndexByte(p, '/'); r.Allow && i >= 0 && strings.HasPrefix(p[i:], "/index.htm") {
				try(p[:i+1]+"$", true, i+2)
			}
			continue
		}
		// A '$' inside a pattern is written "%24" but counts as one octet.
		p := slowNormalize(r.Pattern, true)
		try(p, r.Allow, len(p)-2*strings.Count(r.Pattern[:max(len(r.Pattern)-1, 0)], "$"))
	}
	return allowed
}

func FuzzParse(f *testing.F) {
	for _, cf := range corpus(f) {
		data := cf.data
		if len(data) < 4<<10 {
			f.Add(data, "/a/b?c")
		}
	}
	f.Add([]byte("User-agent: FooBot\nDisallow: /a$b\nAllow: /a%24\n"), "/a$")
	f.Add([]byte("User-agent: *\nAllow: /d/index.html\nDisallow: /\n"), "/d/")
	f.Fuzz(func(t *testing.T, data []byte, target string) {
		if len(data) > 16<<10 || len(target) > 256 {
			return // keep the slow evaluation fast
		}
		for _, mode := range []Mode{RFC, Google} {
			o := Options{Mode: mode}
			r := o.Parse(data)
			r2, err := o.ParseReader(iotest.HalfReader(bytes.NewReader(data)))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(r.Diagnostics(), r2.Diagnostics()); diff != "" {
				t.Fatalf("%v: Parse and ParseReader diagnostics differ:\n%s", mode, diff)
			}
			// Parse keeps no view of its input (see view).
			in := bytes.Clone(data)
			rv := o.Parse(in)
			before := canonical(rv) + fmt.Sprint(rv.Diagnostics(), rv.Records())
			for i := range in {
				in[i] = 0
			}
			if after := canonical(rv) + fmt.Sprint(rv.Diagnostics(), rv.Records()); after != before {
				t.Fatalf("%v: overwriting the input changed the parsed file", mode)
			}
			checkPlainLines(t, string(data), mode.dialect())
			rt := o.Parse([]byte(canonical(r)))
			checkSameExtensions(t, r, rt)
			for _, agent := range []string{"FooBot", "googlebot", ""} {
				g := r.Group(agent)
				if got := rt.Allowed(agent, target); got != g.Allowed(target) {
					t.Fatalf("%v: after writing back, Allowed(%q, %q) = %v, was %v\nwritten:\n%s", mode, agent, target, got, g.Allowed(target), canonical(r))
				}
				d := r.Decide(agent, target)
				if d.Allowed != g.Allowed(target) || d.Allowed != r2.Allowed(agent, target) {
					t.Fatalf("%v: Decide, Group.Allowed and the ParseReader result disagree on %q", mode, target)
				}
				if want := slowAllowed(g, mode, target); d.Allowed != want {
					t.Fatalf("%v: Allowed(%q, %q) = %v, slow evaluation says %v", mode, agent, target, d.Allowed, want)
				}
				if mode == RFC && !g.Allowed("/robots.txt") {
					t.Fatalf("RFC mode disallows /robots.txt")
				}
				if d.Rule.Line < 0 || d.Rule.Line == 0 && d.Rule != (Rule{}) {
					t.Fatalf("deciding rule %+v has no line", d.Rule)
				}
			}
		}
	})
}

// checkSameExtensions fails when a and b differ in any extension value.
func checkSameExtensions(t testing.TB, a, b *Robots) {
	t.Helper()
	type ext struct {
		Sitemaps    []string
		Host        string
		CleanParams []cleanParam
		Signals     map[string]bool
		Groups      map[string][5]any
	}
	get := func(r *Robots) ext {
		h, _ := r.Host()
		e := ext{Sitemaps: r.Sitemaps(), Host: h, CleanParams: cleanParams(t, r), Signals: r.ContentSignals(), Groups: map[string][5]any{}}
		for _, g := range r.Groups() {
			for _, a := range g.Agents() {
				if set := r.lookupSet(a); set < 0 || r.groupOf(set) != g {
					continue
				}
				cd, _ := g.CrawlDelay()
				rr, _ := g.RequestRate()
				vt, _ := g.VisitTime()
				e.Groups[asciiLower(a)] = [5]any{cd, rr, vt, g.ContentSignals(), len(g.Rules()) > 0}
			}
		}
		return e
	}
	ea, eb := get(a), get(b)
	// A group without rules is written with an empty Disallow.
	for k, v := range eb.Groups {
		if w, ok := ea.Groups[k]; ok && w[4] == false {
			v[4] = false
			eb.Groups[k] = v
		}
	}
	if diff := cmp.Diff(ea, eb, cmpopts.EquateEmpty(), cmp.AllowUnexported(cleanParam{})); diff != "" {
		t.Fatalf("extensions changed by writing back (-before +after):\n%s\nwritten:\n%s", diff, canonical(a))
	}
}

// asciiLower lower-cases ASCII letters only: product tokens are ASCII, and
// Unicode case folding could make a non-ASCII agent equal to one.
func asciiLower(s string) string {
	i := 0
	for i < len(s) && !('A' <= s[i] && s[i] <= 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
