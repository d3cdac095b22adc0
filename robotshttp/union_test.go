package robotshttp_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// twoGroupsFile returns a file of about size bytes: a group for AlphaBot
// and one for BetaBot, apart, of rules with pieces, which a union of
// the two copies and indexes.
func twoGroupsFile(site, size int) string {
	var b strings.Builder
	for _, agent := range []string{"AlphaBot", "BetaBot"} {
		fmt.Fprintf(&b, "User-agent: %s\n", agent)
		for i := 0; b.Len() < size/2 || agent == "BetaBot" && b.Len() < size; i++ {
			fmt.Fprintf(&b, "Disallow: /%s/%d/*/x%d\n", agent, i, site)
		}
		b.WriteString("\nUser-agent: OtherBot\nDisallow: /\n\n")
	}
	return b.String()
}

// TestLookupKeepsUnion checks that the Group of several names is made
// once for a cached file, found again by later Lookups of the origin, and
// made anew for other names, which take its place.
func TestLookupKeepsUnion(t *testing.T) {
	s := newSite(t, 200, twoGroupsFile(0, 4<<10))
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
	ctx := context.Background()
	group := func(names ...string) any {
		l, err := c.Get(ctx, s.URL+"/")
		if err != nil {
			t.Fatal(err)
		}
		return l.Group(names...)
	}
	g := group("AlphaBot", "BetaBot")
	if group("AlphaBot", "BetaBot") != g {
		t.Error("a second Lookup made the Group of the same names again, want the one kept")
	}
	if group("AlphaBot", "OtherBot") == g {
		t.Error("other names got the Group of AlphaBot and BetaBot")
	}
	if group("AlphaBot", "BetaBot") == g {
		t.Error("the Group of AlphaBot and BetaBot was kept beside that of other names, want one kept")
	}
	// Calls at once, for both sets of names, each answering as the
	// file does (go test -race).
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			names := [][]string{{"AlphaBot", "BetaBot"}, {"BetaBot", "OtherBot"}}[i%2]
			for range 50 {
				l, err := c.Get(ctx, s.URL+"/")
				if err != nil {
					t.Error(err)
					return
				}
				if l.Group(names...).Allowed("/AlphaBot/1/y/x0") {
					t.Errorf("%v allowed a path the AlphaBot group disallows", names)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestCacheMaxMemoryHoldsUnions checks that Cache.MaxMemory bounds the
// heap the Cache holds when each origin is asked for each of two names
// and for both, whose Group it keeps, each with its index.
func TestCacheMaxMemoryHoldsUnions(t *testing.T) {
	if testing.Short() {
		t.Skip("fills a cache with 4 MB of files")
	}
	const origins, size, budget = 16, 256 << 10, 2 << 20
	files := make(map[string]string, origins)
	for i := range origins {
		files[fmt.Sprintf("site%d.example", i)] = twoGroupsFile(i, size)
	}
	client, _ := hostsServer(t, files)
	ctx := context.Background()
	before := heapAlloc()
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: client}, MaxMemory: budget}
	for host := range files {
		l, err := c.Get(ctx, "http://"+host+"/")
		if err != nil {
			t.Fatal(err)
		}
		for i := range 20 { // past the queries after which a Group builds its index
			for _, names := range [][]string{{"AlphaBot"}, {"BetaBot"}, {"AlphaBot", "BetaBot"}} {
				l.Group(names...).Decide(fmt.Sprintf("/AlphaBot/%d/y/x", i))
			}
		}
	}
	held := heapAlloc() - before
	runtime.KeepAlive(c)
	t.Logf("%d origins of %d KiB, budget %d MiB: %.1f MiB held", origins, size>>10, budget>>20, float64(held)/(1<<20))
	if limit := int64(budget + budget/8); held > limit { // the slack of size classes
		t.Errorf("Cache{MaxMemory: %d} held %d bytes with the Groups of two names, want at most %d: MaxMemory does not count them", budget, held, limit)
	}
}
