package robotstxt

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestFirstQueryBuildsNothing checks that the first query of a small file
// is answered from its text, without building its tables, and that the
// second builds them: on every corpus file of up to streamBytes and the
// files of smallShapes, in both modes.
func TestFirstQueryBuildsNothing(t *testing.T) {
	for _, f := range append(corpus(t), smallShapes...) {
		if len(f.data) > streamBytes {
			continue
		}
		for _, o := range []Options{{}, {Mode: Google}} {
			r := o.Parse(f.data)
			r.Decide("Googlebot", "/some/page.html?id=1")
			if r.lazy == nil || r.lazy.built.Load() != nil {
				t.Errorf("%s, mode %v: the first query built the tables, want them left unbuilt", f.name, o.Mode)
				continue
			}
			r.Decide("Googlebot", "/some/page.html?id=1")
			if r.lazy.built.Load() == nil {
				t.Errorf("%s, mode %v: the second query left the tables unbuilt, want them built", f.name, o.Mode)
			}
		}
	}
}

// TestStreamShapes checks the pass over a small file's text (see
// streamDecide) on the shapes of file it reads as the builder and
// matcher do, each row with its source: the Decision must equal the
// tables' in every field.
func TestStreamShapes(t *testing.T) {
	tests := []struct {
		name, file, agent, target string
		mode                      Mode
	}{
		{"merged groups (RFC 9309 section 2.2.1)", "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /\n\nuser-agent: A\nAllow: /x/y\n", "a", "/x/y/z", RFC},
		{"a named group without rules allows (section 2.2.1)", "User-agent: *\nDisallow: /\n\nUser-agent: a\n", "a/1.0", "/x", RFC},
		{"global groups merged (section 2.2.1)", "User-agent: *\nDisallow: /a\nUser-agent: b\nAllow: /\nUser-agent: *\nAllow: /a/b\n", "c", "/a/b", RFC},
		{"allow wins a tie (section 2.2.2)", "User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a", RFC},
		{"earlier line wins a tie of kind", "User-agent: *\nDisallow: /a*\nDisallow: /*b\n", "x", "/ab", Google},
		{"'$' inside a pattern counts once (section 2.2.3)", "User-agent: *\nDisallow: /a$b\nAllow: /a%24\n", "x", "/a$b", RFC},
		{"a rule before any group is ignored (section 2.1)", "Disallow: /\nUser-agent: *\nAllow: /a\n", "x", "/b", RFC},
		{"a record does not end a group (section 2.2.4)", "User-agent: a\nCrawl-delay: 1\nUser-agent: b\nDisallow: /\n", "a", "/x", RFC},
		{"Google's empty rule decides with priority 0", "User-agent: *\nDisallow:\n", "x", "/x", Google},
		{"Google's index.html rule", "User-agent: *\nAllow: /d/index.html\nDisallow: /\n", "x", "/d/", Google},
		{"Google reads names as given", "User-agent: MJ12bot\nDisallow: /\n", "MJ", "/x", Google},
		{"RFC reads a browser header's crawler", "User-agent: bingbot\nDisallow: /\n", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "/x", RFC},
		{"/robots.txt is always allowed (section 2.2.2)", "User-agent: *\nDisallow: /\n", "x", "/robots.txt", RFC},
		{"non-canonical target (section 2.2.2)", "User-agent: *\nDisallow: /%7Ea/b\n", "x", "/~a/./c/../b", RFC},
		{"a UTF-8 byte-order mark", "\ufeffUser-agent: *\nDisallow: /\n", "x", "/x", RFC},
		{"an HTML page", "<html>\nUser-agent: *\nDisallow: /\n</html>\n", "x", "/x", RFC},
		{"a pattern past the stack's room", "User-agent: *\nDisallow: /" + strings.Repeat("ä", 200) + "\n", "x", "/" + strings.Repeat("ä", 200), RFC},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := Options{Mode: tt.mode}
			want := o.Parse([]byte(tt.file)).Group(tt.agent).Decide(tt.target)
			got, ok := streamDecide(tt.file, tt.mode.dialect(), tt.agent, tt.target)
			if !ok || got != want {
				t.Errorf("streamDecide(%q, %q) = %+v, %v, want %+v, true", tt.agent, tt.target, got, ok, want)
			}
		})
	}
}

// TestStreamDeclinesUTF16 checks that a file led by a UTF-16 byte-order
// mark, which RFC mode converts before parsing, is answered by its
// tables.
func TestStreamDeclinesUTF16(t *testing.T) {
	src := "\xff\xfeU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00D\x00i\x00s\x00a\x00l\x00l\x00o\x00w\x00:\x00 \x00/\x00\n\x00"
	if _, ok := streamDecide(src, RFC.dialect(), "x", "/a"); ok {
		t.Error("streamDecide answered a UTF-16 file in RFC mode, want it left to the tables")
	}
	if got := Parse([]byte(src)).Allowed("x", "/a"); got {
		t.Errorf("Allowed(%q, %q) = %v, want %v", "x", "/a", got, false)
	}
}

// TestFirstQueriesConcurrent asks a fresh small file from many goroutines
// at once, each with one of its methods first, and checks every answer
// against the built tables': one of them takes the pass over the text,
// the others build the tables once (run with -race).
func TestFirstQueriesConcurrent(t *testing.T) {
	data := []byte("User-agent: *\nDisallow: /private\nAllow: /private/ok\nSitemap: https://example.com/s.xml\n\nUser-agent: FooBot\nDisallow: /\n")
	ref := parseGeneral(data)
	want := map[string]Decision{}
	for _, a := range []string{"FooBot", "other"} {
		for _, u := range []string{"/private/ok/x", "/private/x", "/x"} {
			want[a+" "+u] = ref.Decide(a, u)
		}
	}
	wantDiags := fmt.Sprint(ref.Diagnostics())
	for round := range 20 {
		r := Parse(data)
		var wg sync.WaitGroup
		errs := make(chan string, 64)
		for g := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, u := []string{"FooBot", "other"}[g%2], []string{"/private/ok/x", "/private/x", "/x"}[(g+round)%3]
				switch g % 4 {
				case 2:
					if got := fmt.Sprint(r.Diagnostics()); got != wantDiags {
						errs <- fmt.Sprintf("Diagnostics() = %s, want %s", got, wantDiags)
					}
				case 3:
					if got := r.Group(a).Decide(u); got != want[a+" "+u] {
						errs <- fmt.Sprintf("Group(%q).Decide(%q) = %+v, want %+v", a, u, got, want[a+" "+u])
					}
				}
				for range 2 {
					if got := r.Decide(a, u); got != want[a+" "+u] {
						errs <- fmt.Sprintf("Decide(%q, %q) = %+v, want %+v", a, u, got, want[a+" "+u])
					}
					if got, w := r.Allowed(a, u), want[a+" "+u].Allowed; got != w {
						errs <- fmt.Sprintf("Allowed(%q, %q) = %v, want %v", a, u, got, w)
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for e := range errs {
			t.Error(e)
		}
	}
}
