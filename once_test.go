package robotstxt

import (
	"strings"
	"testing"
)

// TestDecideOnce holds DecideOnce equal to Parse and Decide, in both
// modes and with a limit that cuts most files, over the corpus and over
// files whose groups merge, with names that find a group, names that find
// none, names several groups give and names that read as no crawler. The
// conformance tests hold it to the reference answers, and FuzzParse to
// Decide on any input.
func TestDecideOnce(t *testing.T) {
	agents := []string{"Googlebot", "googlebot-image", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
		"FooBot", "*", "", "/admin/x", "https://example.com/x", "GPTBot", "Baiduspider"}
	files := []string{
		"User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\nUser-agent: A\nAllow: /x/ok\nDisallow: /z\n",
		"User-agent: *\nDisallow: /\nUser-agent: *\nAllow: /pub\nUser-agent: FooBot\nUser-agent: foobot\nDisallow: /a$b\nAllow: /a%24\n",
		"Disallow: /before-any-group\nUser-agent: *\nDisallow: /*.php$\nAllow: /index.php\n",
		"<html><body>User-agent: *<br>Disallow: /</body></html>\n",
	}
	for _, cf := range corpus(t) {
		files = append(files, string(cf.data))
	}
	paths := []string{"/", "/x", "/x/ok/1", "/z", "/pub/a", "/index.php", "/a.php", "/a$b", "/a%24",
		"/some/page.html?id=1", "https://example.com/search?q=1", "/wp-admin/", "/robots.txt", ""}
	for _, mode := range []Mode{RFC, Google} {
		for _, max := range []int{0, 100} {
			o := Options{Mode: mode, MaxBytes: max}
			for _, f := range files {
				data := []byte(f)
				r := o.Parse(data)
				// Each file's own rules too, a few of each group's; the
				// largest files (each query parses the file again) with
				// fewer names.
				fp, as := paths, agents
				for _, g := range r.Groups() {
					for _, rule := range g.Rules()[:min(3, len(g.Rules()))] {
						fp = append(fp, strings.ReplaceAll(strings.TrimSuffix(rule.Pattern, "$"), "*", "q"))
					}
				}
				if len(data) > 64<<10 {
					fp, as = fp[len(paths):min(len(fp), len(paths)+8)], agents[:3]
				} else if len(fp) > 60 {
					fp = fp[:60]
				}
				for _, agent := range as {
					for _, p := range fp {
						want := r.Decide(agent, p)
						if got := o.DecideOnce(data, agent, p); got != want {
							t.Fatalf("%v max %d: DecideOnce(%q, %q) = %+v, Decide %+v\nfile:\n%.300s", mode, max, agent, p, got, want, f)
						}
					}
				}
			}
		}
	}
}

// TestDecideOnceKeepsNoView checks that the Decision DecideOnce returns
// reads nothing of the buffers it parsed with, which the next parse
// overwrites: the deciding rule's pattern is its own.
func TestDecideOnceKeepsNoView(t *testing.T) {
	d := DecideOnce([]byte("User-agent: *\nDisallow: /private/*.html\n"), "FooBot", "/private/a.html")
	for range 10 {
		DecideOnce([]byte("User-agent: *\nDisallow: /XXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n"), "FooBot", "/")
	}
	if d.Allowed || d.Rule.Pattern != "/private/*.html" || d.Rule.Line != 2 {
		t.Fatalf("DecideOnce = %+v, want disallowed by line 2, /private/*.html", d)
	}
}

// TestDecideOnceAllocs bounds what DecideOnce allocates: nothing when no
// rule decides, the pattern of the rule that does, and the merged rules
// of a name several groups give.
func TestDecideOnceAllocs(t *testing.T) {
	for _, tt := range []struct {
		file, path string
		want       float64
	}{
		{"User-agent: *\nDisallow: /private/\n", "/public", 0},
		{"User-agent: *\nDisallow: /private/\n", "/private/x", 1},
		{"User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /\nUser-agent: a\nDisallow: /private/\n", "/y", 1},
	} {
		data := []byte(tt.file)
		got := testing.AllocsPerRun(100, func() { DecideOnce(data, "a", tt.path) })
		if got != tt.want && !raceEnabled { // the race detector's pools drop what they are given
			t.Errorf("DecideOnce(%q) allocates %v times, want %v", tt.path, got, tt.want)
		}
	}
}

// TestDecideOnceHostile holds DecideOnce equal to Decide on the hostile
// groups of BenchmarkWorstCase, whose long paths make a one-off query
// build the index at once rather than scan.
func TestDecideOnceHostile(t *testing.T) {
	for _, shape := range worstShapes {
		data := shape.file()
		r := Parse(data)
		for _, letters := range []string{"a", "ab"} {
			path := worstPath(shape.prefix, letters, 8<<10)
			if got, want := DecideOnce(data, "FooBot", path), r.Decide("FooBot", path); got != want {
				t.Errorf("%s, %q: DecideOnce = %+v, Decide %+v", shape.name, letters, got, want)
			}
		}
	}
}

// BenchmarkDecideOnceHostile times a one-off query of an 8 KiB path on
// each hostile file of BenchmarkWorstCase (500 KiB): the parse, the
// index and the decision.
func BenchmarkDecideOnceHostile(b *testing.B) {
	for _, shape := range worstShapes {
		data := shape.file()
		path := worstPath(shape.prefix, "ab", 8<<10)
		b.Run(shape.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				DecideOnce(data, "FooBot", path)
			}
		})
	}
}

// TestManyGroupsMerge checks that the groups one name gives are merged
// by copying their rules once, not once per group: 2,000 "*" groups
// took 2,000 allocations and time quadratic in the file (a 512 KB file,
// 2 s) when each group's rules were appended to a list with no room.
func TestManyGroupsMerge(t *testing.T) {
	data := []byte(strings.Repeat("User-agent: *\nDisallow: /\n", 2000))
	once := testing.AllocsPerRun(5, func() { DecideOnce(data, "FooBot", "/x") })
	r := Parse(data)
	group := testing.AllocsPerRun(5, func() { r.Group("FooBot", "BarBot") })
	if (once > 20 || group > 20) && !raceEnabled {
		t.Errorf("merging 2,000 groups allocates %v times in DecideOnce and %v in Robots.Group, want at most 20", once, group)
	}
	if d := DecideOnce(data, "FooBot", "/x"); d.Allowed || d.Rule.Line != 2 {
		t.Errorf("DecideOnce = %+v, want disallowed by line 2", d)
	}
	if g := r.Group("FooBot"); len(g.Rules()) != 2000 {
		t.Errorf("the merged group has %d rules, want 2000", len(g.Rules()))
	}
}
