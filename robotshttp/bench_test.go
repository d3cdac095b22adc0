package robotshttp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// BenchmarkCacheDecide is a call answered from the cache: a look-up in
// the store and in the parsed files, then a decision. Its time should not
// grow with the size of the file, which it compares with the one parsed,
// except from a store that hands back a new copy on each Get, whose
// transfer of the body the comparison costs no more than.
func BenchmarkCacheDecide(b *testing.B) {
	stores := []struct {
		name  string
		cache func() *robotshttp.Cache
	}{
		{"no Store", func() *robotshttp.Cache { return robotshttp.NewCache(&robotshttp.Fetcher{}, 0) }},
		{"given store", func() *robotshttp.Cache {
			return &robotshttp.Cache{Store: newMapStore()}
		}},
		{"copying store", func() *robotshttp.Cache {
			return &robotshttp.Cache{Store: copyingStore{newMapStore()}}
		}},
	}
	for _, store := range stores {
		for _, bench := range []struct {
			name  string
			rules int
		}{
			{"1 rule", 1},
			{"20000 rules", 20000}, // about 400 KB
		} {
			b.Run(store.name+"/"+bench.name, func(b *testing.B) {
				file := "User-agent: *\n" + strings.Repeat("Disallow: /private\n", bench.rules)
				s := newSite(b, 200, file)
				c := store.cache()
				ctx := context.Background()
				target := s.URL + "/public/page"
				if _, _, err := c.Decide(ctx, "bot", target); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					c.Decide(ctx, "bot", target)
				}
			})
		}
	}
}
