package robotshttp_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

var errStoreDown = errors.New("store down")

// A mapStore is a Store that keeps every entry in a map, as a store
// shared by a crawler fleet keeps them, without its network.
type mapStore struct {
	mu      sync.Mutex
	entries map[string]robotshttp.Entry
}

func newMapStore() *mapStore { return &mapStore{entries: make(map[string]robotshttp.Entry)} }

func (s *mapStore) Get(_ context.Context, origin string) (robotshttp.Entry, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.entries[origin]
	return e, ok, nil
}

func (s *mapStore) Put(_ context.Context, origin string, e robotshttp.Entry) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entries[origin] = e
	return nil
}

// A faultyStore is a mapStore whose Get and Put fail while told to, as a
// networked store does when its server is down.
type faultyStore struct {
	*mapStore
	failGet, failPut atomic.Bool
}

func (s *faultyStore) Get(ctx context.Context, origin string) (robotshttp.Entry, bool, error) {
	if s.failGet.Load() {
		return robotshttp.Entry{}, false, errStoreDown
	}
	return s.mapStore.Get(ctx, origin)
}

func (s *faultyStore) Put(ctx context.Context, origin string, e robotshttp.Entry) error {
	if s.failPut.Load() {
		return errStoreDown
	}
	return s.mapStore.Put(ctx, origin, e)
}

// A copyingStore is a mapStore that hands back copies of what it keeps,
// as a networked store decodes new values on each Get.
type copyingStore struct{ *mapStore }

func (s copyingStore) Get(ctx context.Context, origin string) (robotshttp.Entry, bool, error) {
	e, ok, err := s.mapStore.Get(ctx, origin)
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

func TestCacheBytes(t *testing.T) {
	// Three origins under a budget of two and a half times what one
	// file's parse holds once indexed (its Footprint) and its body: the
	// Cache keeps two, the least recently used evicted.
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "Disallow: /p%d/*.html\n", i)
	}
	file := b.String()
	footprint := robotstxt.Parse([]byte(file)).Footprint()
	budget := (footprint + int64(len(file))) * 5 / 2
	sites := []*site{newSite(t, 200, file), newSite(t, 200, file), newSite(t, 200, file)}
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Options: robotstxt.Options{MaxBytes: -1}}, MaxMemory: budget}
	for _, s := range append(sites, sites[0]) {
		decide(t, c, s.URL+"/")
	}
	if got := []int{sites[0].count("/robots.txt"), sites[1].count("/robots.txt"), sites[2].count("/robots.txt")}; !slices.Equal(got, []int{2, 1, 1}) {
		t.Errorf("fetches per origin %v, want [2 1 1]: the first evicted by the byte budget (Cache.MaxMemory)", got)
	}
	// With a store that keeps the entries, the Cache keeps the parses
	// alone, under a budget of two and a half of them: the parse evicted
	// is made again without a fetch.
	c2 := &robotshttp.Cache{Fetcher: c.Fetcher, MaxMemory: footprint * 5 / 2, Store: newMapStore()}
	first := make([]*robotstxt.Robots, len(sites))
	for i, s := range sites {
		_, l := decide(t, c2, s.URL+"/")
		first[i] = l.Robots
	}
	if _, l := decide(t, c2, sites[0].URL+"/"); l.Robots == first[0] {
		t.Errorf("the first origin's parse was kept past the byte budget (Cache.MaxMemory)")
	}
	if _, l := decide(t, c2, sites[2].URL+"/"); l.Robots != first[2] {
		t.Errorf("the last origin's parse was evicted, want it kept (Cache.MaxMemory)")
	}
}

func TestCacheStoreBound(t *testing.T) {
	sites := []*site{newSite(t, 200, privateFile), newSite(t, 200, privateFile), newSite(t, 200, privateFile)}
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 2)
	for _, s := range append(sites, sites[0]) {
		decide(t, c, s.URL+"/")
	}
	if sites[0].count("/robots.txt") != 2 || sites[2].count("/robots.txt") != 1 {
		t.Errorf("bound 2 over 3 origins: origins fetched %d and %d times; want the first evicted and fetched twice, the last once",
			sites[0].count("/robots.txt"), sites[2].count("/robots.txt"))
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
			store := &faultyStore{mapStore: newMapStore()}
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
	store := &faultyStore{mapStore: newMapStore()}
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

// TestStoreConcurrentFirstParse has callers of one origin, whose store
// hands back a new copy of the entry on each Get, decide at once from a
// cold Cache: while one parses the file, the others count its slot again.
// The answers must hold; the race detector checks the count.
func TestStoreConcurrentFirstParse(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private\n"+strings.Repeat("Disallow: /x\n", 2000))
	for range 20 {
		c := &robotshttp.Cache{Store: copyingStore{newMapStore()}}
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				d, _, err := c.Decide(context.Background(), "bot", s.URL+"/private/page")
				if err != nil || d.Allowed {
					t.Errorf("Decide = %+v, %v; want disallowed by Disallow: /private", d, err)
				}
			})
		}
		wg.Wait()
	}
}

// TestCacheDistrustsStoredEntries gives a Cache a Store that holds entries
// it should not use as they are: one written with an expiry a century on,
// one fetched "in the future", one of another origin's file, and good
// copies of those kinds standing in for an unreachable origin. The Cache
// uses none past its own lifetimes (RFC 9309 section 2.4), and none that
// is not of the origin's robots.txt.
func TestCacheDistrustsStoredEntries(t *testing.T) {
	const disallowAll = "User-agent: *\nDisallow: /\n"
	now := time.Now()
	century := now.AddDate(100, 0, 0)
	tests := []struct {
		name   string
		status int // of the origin's robots.txt, which allows /public when 200
		entry  func(robotsURL string) robotshttp.Entry
		public bool // Allowed(/public) after the call
		source string
	}{
		{"a century's expiry, fetched 25 hours ago", 200, func(u string) robotshttp.Entry {
			f := &robotshttp.Fetch{URL: u, Access: robotshttp.Available, StatusCode: 200, Body: []byte(disallowAll), MaxAge: -1, RetryAfter: -1, FetchedAt: now.Add(-25 * time.Hour)}
			return robotshttp.Entry{Fetch: f, Good: f, Expires: century}
		}, true, "RFC 9309 section 2.4: at most 24 hours"},
		{"a century's expiry, fetched a century on", 200, func(u string) robotshttp.Entry {
			f := &robotshttp.Fetch{URL: u, Access: robotshttp.Available, StatusCode: 200, Body: []byte(disallowAll), MaxAge: -1, RetryAfter: -1, FetchedAt: century}
			return robotshttp.Entry{Fetch: f, Good: f, Expires: century}
		}, true, "RFC 9309 section 2.4: its age is unknown"},
		{"another origin's file", 200, func(string) robotshttp.Entry {
			f := &robotshttp.Fetch{URL: "http://other.example/robots.txt", Access: robotshttp.Available, StatusCode: 200, Body: []byte(disallowAll), MaxAge: -1, RetryAfter: -1, FetchedAt: now}
			return robotshttp.Entry{Fetch: f, Good: f, Expires: now.Add(time.Hour)}
		}, true, "RFC 9309 section 2.3: each origin's own file"},
		{"another origin's good copy for an unreachable origin", 503, func(u string) robotshttp.Entry {
			good := &robotshttp.Fetch{URL: "http://other.example/robots.txt", Access: robotshttp.Available, StatusCode: 200, Body: []byte{}, MaxAge: -1, RetryAfter: -1, FetchedAt: now}
			down := &robotshttp.Fetch{URL: u, Access: robotshttp.Unreachable, StatusCode: 503, MaxAge: -1, RetryAfter: -1, FetchedAt: now.Add(-2 * time.Hour)}
			return robotshttp.Entry{Fetch: down, Good: good, Expires: now.Add(-time.Hour)}
		}, false, "RFC 9309 section 2.3.1.4"},
		{"a good copy fetched a century on, for an unreachable origin", 503, func(u string) robotshttp.Entry {
			good := &robotshttp.Fetch{URL: u, Access: robotshttp.Available, StatusCode: 200, Body: []byte{}, MaxAge: -1, RetryAfter: -1, FetchedAt: century}
			down := &robotshttp.Fetch{URL: u, Access: robotshttp.Unreachable, StatusCode: 503, MaxAge: -1, RetryAfter: -1, FetchedAt: now.Add(-2 * time.Hour)}
			return robotshttp.Entry{Fetch: down, Good: good, Expires: now.Add(-time.Hour)}
		}, false, "RFC 9309 section 2.3.1.4: a copy of unknown age stands in for no time"},
		{"an unreachable verdict with a century's expiry", 200, func(u string) robotshttp.Entry {
			down := &robotshttp.Fetch{URL: u, Access: robotshttp.Unreachable, StatusCode: 503, MaxAge: -1, RetryAfter: -1, FetchedAt: now.Add(-2 * time.Hour)}
			return robotshttp.Entry{Fetch: down, Expires: century}
		}, true, "Cache.RetryUnreachable: an hour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, tt.status, "User-agent: *\nDisallow: /private\n")
			origin, err := robotshttp.Origin(s.URL)
			if err != nil {
				t.Fatal(err)
			}
			store := newMapStore()
			store.Put(context.Background(), origin, tt.entry(origin+"/robots.txt"))
			c := &robotshttp.Cache{Store: store}
			public, l := decide(t, c, s.URL+"/public")
			if n := s.count("/robots.txt"); n != 1 {
				t.Errorf("%d fetches of robots.txt, want 1: the stored entry is not to be used (%s)", n, tt.source)
			}
			if public != tt.public {
				t.Errorf("Allowed(%q, %q) = %v (stale %v), want %v (%s)", "bot", "/public", public, l.Stale, tt.public, tt.source)
			}
		})
	}
}
