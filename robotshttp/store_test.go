package robotshttp_test

import (
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

func TestMemoryStoreEviction(t *testing.T) {
	s := robotshttp.NewMemoryStore(3)
	for _, k := range []string{"a", "b", "c"} {
		s.Put(k, &robotshttp.Entry{})
	}
	s.Get("a") // a is now the most recent; b the least
	s.Put("d", &robotshttp.Entry{})
	if _, ok := s.Get("b"); ok || s.Len() != 3 {
		t.Errorf("after a fourth entry: b kept %v, %d entries; want b evicted and 3", ok, s.Len())
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok := s.Get(k); !ok {
			t.Errorf("Get(%q) = %v; want it kept", k, ok)
		}
	}
}

func TestCacheStoreBound(t *testing.T) {
	sites := []*site{newSite(t, 200, privateFile), newSite(t, 200, privateFile), newSite(t, 200, privateFile)}
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 2)
	for _, s := range append(sites, sites[0]) {
		decide(t, c, s.URL+"/")
	}
	store := c.Store.(*robotshttp.MemoryStore)
	if store.Len() != 2 || sites[0].count("/robots.txt") != 2 || sites[2].count("/robots.txt") != 1 {
		t.Errorf("bound 2 over 3 origins: %d entries, origins fetched %d and %d times; want 2 entries, the first evicted and fetched twice, the last once",
			store.Len(), sites[0].count("/robots.txt"), sites[2].count("/robots.txt"))
	}
}
