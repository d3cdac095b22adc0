package robotshttp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// BenchmarkCacheDecide is a call answered from the cache: a look-up in
// the store and in the parsed files, then a decision. Its time should not
// grow with the size of the file, which it compares with the one parsed.
func BenchmarkCacheDecide(b *testing.B) {
	for _, bench := range []struct {
		name  string
		rules int
	}{
		{"1 rule", 1},
		{"20000 rules", 20000}, // about 400 KB
	} {
		b.Run(bench.name, func(b *testing.B) {
			file := "User-agent: *\n" + strings.Repeat("Disallow: /private\n", bench.rules)
			s := newSite(b, 200, file)
			c := robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
			ctx := context.Background()
			target := s.URL + "/public/page"
			if _, _, err := c.Decide(ctx, target, "bot"); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				c.Decide(ctx, target, "bot")
			}
		})
	}
}
