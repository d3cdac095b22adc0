package robotshttp_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

var errStoreDown = errors.New("store down")

// A faultyStore is a MemoryStore whose Get and Put fail while told to,
// as a networked store does when its server is down.
type faultyStore struct {
	*robotshttp.MemoryStore
	failGet, failPut atomic.Bool
}

func (s *faultyStore) Get(ctx context.Context, origin string) (robotshttp.Entry, bool, error) {
	if s.failGet.Load() {
		return robotshttp.Entry{}, false, errStoreDown
	}
	return s.MemoryStore.Get(ctx, origin)
}

func (s *faultyStore) Put(ctx context.Context, origin string, e robotshttp.Entry) error {
	if s.failPut.Load() {
		return errStoreDown
	}
	return s.MemoryStore.Put(ctx, origin, e)
}

// A copyingStore is a MemoryStore that hands back copies of what it keeps,
// as a networked store decodes new values on each Get.
type copyingStore struct{ *robotshttp.MemoryStore }

func (s copyingStore) Get(ctx context.Context, origin string) (robotshttp.Entry, bool, error) {
	e, ok, err := s.MemoryStore.Get(ctx, origin)
	e.Fetch, e.Good = copyFetch(e.Fetch), copyFetch(e.Good)
	return e, ok, err
}

func copyFetch(f *robotshttp.Fetch) *robotshttp.Fetch {
	if f == nil {
		return nil
	}
	c := *f
	c.Body = bytes.Clone(f.Body)
	return &c
}

func TestMemoryStoreEviction(t *testing.T) {
	ctx := context.Background()
	s := robotshttp.NewMemoryStore(3)
	for _, k := range []string{"a", "b", "c"} {
		s.Put(ctx, k, robotshttp.Entry{})
	}
	s.Get(ctx, "a") // a is now the most recent; b the least
	s.Put(ctx, "d", robotshttp.Entry{})
	if _, ok, _ := s.Get(ctx, "b"); ok || s.Len() != 3 {
		t.Errorf("after a fourth entry: b kept %v, %d entries; want b evicted and 3", ok, s.Len())
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok, err := s.Get(ctx, k); !ok || err != nil {
			t.Errorf("Get(%q) = %v, %v; want it kept", k, ok, err)
		}
	}
}

func TestMemoryStoreBytes(t *testing.T) {
	ctx := context.Background()
	body := func(n int) robotshttp.Entry {
		f := &robotshttp.Fetch{Body: bytes.Repeat([]byte("#"), n)}
		return robotshttp.Entry{Fetch: f, Good: f}
	}
	tests := []struct {
		name   string
		sizes  []int    // of the bodies put, in order
		touch  string   // read after the puts but the last, if not ""
		kept   []string // of "a", "b", "c"...
		source string
	}{
		{"under the budget", []int{300 << 10, 300 << 10, 300 << 10}, "", []string{"a", "b", "c"}, "NewMemoryStoreBytes"},
		{"over it, the oldest evicted", []int{400 << 10, 400 << 10, 400 << 10}, "", []string{"b", "c"}, "NewMemoryStoreBytes"},
		{"over it, the least recently used evicted", []int{400 << 10, 400 << 10, 400 << 10}, "a", []string{"a", "c"}, "NewMemoryStoreBytes"},
		{"one entry over the budget is kept alone", []int{100, 2 << 20}, "", []string{"b"}, "NewMemoryStoreBytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := robotshttp.NewMemoryStoreBytes(0, 1<<20)
			for i, n := range tt.sizes {
				if i == len(tt.sizes)-1 && tt.touch != "" {
					s.Get(ctx, tt.touch)
				}
				s.Put(ctx, string(rune('a'+i)), body(n))
			}
			var kept []string
			for i := range tt.sizes {
				if _, ok, _ := s.Get(ctx, string(rune('a'+i))); ok {
					kept = append(kept, string(rune('a'+i)))
				}
			}
			if diff := cmp.Diff(tt.kept, kept); diff != "" || s.Len() != len(tt.kept) {
				t.Errorf("entries kept under a 1 MiB budget (-want +got) (%s):\n%s", tt.source, diff)
			}
		})
	}
}

func TestCacheBytes(t *testing.T) {
	// Three origins under a budget of two and a half times what one
	// file's parse holds once indexed (its Footprint): the store and the
	// parsed files keep two, the least recently used evicted.
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "Disallow: /p%d/*.html\n", i)
	}
	file := b.String()
	budget := robotstxt.Parse([]byte(file)).Footprint() * 5 / 2
	sites := []*site{newSite(t, 200, file), newSite(t, 200, file), newSite(t, 200, file)}
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Options: robotstxt.Options{MaxBytes: -1}}, MaxBytes: budget}
	for _, s := range append(sites, sites[0]) {
		decide(t, c, s.URL+"/")
	}
	if got := []int{sites[0].count("/robots.txt"), sites[1].count("/robots.txt"), sites[2].count("/robots.txt")}; !slices.Equal(got, []int{2, 1, 1}) {
		t.Errorf("fetches per origin %v, want [2 1 1]: the first evicted by the byte budget (Cache.MaxBytes)", got)
	}
	if n := c.Store.(*robotshttp.MemoryStore).Len(); n != 2 {
		t.Errorf("the store keeps %d entries, want 2 (Cache.MaxBytes)", n)
	}
	// The parsed files have their own budget: with a store that keeps
	// everything, the evicted parse is made again without a fetch.
	c2 := &robotshttp.Cache{Fetcher: c.Fetcher, MaxBytes: budget, Store: robotshttp.NewMemoryStoreBytes(0, 1<<30)}
	first := make([]*robotstxt.Robots, len(sites))
	for i, s := range sites {
		_, l := decide(t, c2, s.URL+"/")
		first[i] = l.Robots
	}
	if _, l := decide(t, c2, sites[0].URL+"/"); l.Robots == first[0] {
		t.Errorf("the first origin's parse was kept past the byte budget (Cache.MaxBytes)")
	}
	if _, l := decide(t, c2, sites[2].URL+"/"); l.Robots != first[2] {
		t.Errorf("the last origin's parse was evicted, want it kept (Cache.MaxBytes)")
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

func TestCacheStoreErrors(t *testing.T) {
	tests := []struct {
		name             string
		failGet, failPut bool
		fetches          int // for three calls
		source           string
	}{
		{"store up", false, false, 1, "RFC 9309 section 2.4: one fetch serves the cache's lifetime"},
		{"Get fails", true, false, 3, "Store: a Get error is a miss"},
		{"Put fails", false, true, 3, "Store: a Put error keeps the entry for the call only"},
		{"both fail", true, true, 3, "Store"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, privateFile)
			store := &faultyStore{MemoryStore: robotshttp.NewMemoryStore(0)}
			store.failGet.Store(tt.failGet)
			store.failPut.Store(tt.failPut)
			c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: store}
			for _, path := range []string{"/private", "/public", "/private"} {
				allowed, l := decide(t, c, s.URL+path)
				if want := path == "/public"; allowed != want {
					t.Errorf("Allowed(%q, %q) = %v, want %v (%s)", "bot", path, allowed, want, tt.source)
				}
				if failing := tt.failGet || tt.failPut; errors.Is(l.StoreErr, errStoreDown) != failing {
					t.Errorf("%s: StoreErr = %v, want the store's error: %v", path, l.StoreErr, failing)
				}
			}
			if got := s.count("/robots.txt"); got != tt.fetches {
				t.Errorf("%d fetches, want %d (%s)", got, tt.fetches, tt.source)
			}
		})
	}
}

func TestCacheStoreGetErrorKeepsGoodCopy(t *testing.T) {
	// max-age=0, with no minimum: each call fetches, and finds the
	// store's entry expired.
	s := newSite(t, 200, privateFile)
	s.set(200, http.Header{"Cache-Control": {"max-age=0"}}, privateFile)
	store := &faultyStore{MemoryStore: robotshttp.NewMemoryStore(0)}
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: store, MinAge: -1}
	decide(t, c, s.URL+"/")

	s.set(503, nil, "")
	store.failGet.Store(true)
	// With no entry to read, the Cache knows of no good copy: RFC 9309
	// section 2.3.1.4 disallows everything.
	if allowed, l := decide(t, c, s.URL+"/public"); allowed || !l.Unreachable() {
		t.Errorf("unreachable, store down: /public allowed %v, Unreachable() %v; want the unreachable verdict", allowed, l.Unreachable())
	}
	store.failGet.Store(false)
	// The store still holds the good copy, which stands in (RFC 9309
	// section 2.4) unless the entry without it overwrote it.
	if allowed, l := decide(t, c, s.URL+"/public"); !allowed || !l.Stale {
		t.Errorf("unreachable, store back: /public allowed %v, Stale %v; want the good copy", allowed, l.Stale)
	}
}
