package lint

import (
	"slices"
	"testing"

	"github.com/rfc9309/robotstxt"
)

// FuzzCheck checks Check on any file, in both modes: it returns the
// parse's diagnostics, in their order, among its own; its findings are in
// line order and name lines of the file; and the parsed file answers as
// before it ran.
func FuzzCheck(f *testing.F) {
	for _, c := range costShapes {
		f.Add(c.file(20))
	}
	f.Add([]byte("User-agent: *\nDisallow: /a\n\nUser-agent: *\nAllow: /a/b\nDisallow: /a\n\nUser-agent: FooBot\nDisallow: /f\n"))
	f.Add([]byte("User-agent: Alpha\nUser-agent: Beta\nDisallow: /a\n\nUser-agent: Beta\nDisallow: /a\nCrawl-delay: 3\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, mode := range []robotstxt.Mode{robotstxt.RFC, robotstxt.Google} {
			r := robotstxt.Options{Mode: mode}.Parse(data)
			before := r.Diagnostics()
			allowed := r.Allowed("Googlebot", "/a/b")
			got := Check(r)
			if !slices.IsSortedFunc(got, func(a, b robotstxt.Diagnostic) int { return a.Line - b.Line }) {
				t.Fatalf("Check: findings not in line order: %v", got)
			}
			i := 0
			for _, d := range got {
				if i < len(before) && d == before[i] {
					i++
				}
				if d.Line < 1 {
					t.Errorf("Check: finding on line %d: %v", d.Line, d)
				}
			}
			if i != len(before) {
				t.Errorf("Check leaves out the parse's diagnostics %v", before[i:])
			}
			if after := r.Diagnostics(); !slices.Equal(before, after) {
				t.Errorf("Diagnostics() changed after Check:\nbefore %v\nafter  %v", before, after)
			}
			if r.Allowed("Googlebot", "/a/b") != allowed {
				t.Error("Check changed a verdict")
			}
		}
	})
}
