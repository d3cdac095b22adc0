package robotshttp_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
	"weak"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

const privateFile = "User-agent: *\nDisallow: /private\n"

// decide is Cache.Decide for a test that expects no error.
func decide(t *testing.T, c *robotshttp.Cache, target string) (bool, *robotshttp.Lookup) {
	t.Helper()
	d, l, err := c.Decide(context.Background(), "bot", target)
	if err != nil {
		t.Fatalf("Decide(%q): %v", target, err)
	}
	return d.Allowed, l
}

// TestCacheLifetime runs in a synctest bubble, whose fake clock the
// Cache reads: time.Sleep moves it on at once.
func TestCacheLifetime(t *testing.T) {
	s := newSite(t, 200, privateFile)
	synctest.Test(t, func(t *testing.T) {
		c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: noKeepAlive()}}
		steps := []struct {
			name    string
			after   time.Duration // since the step before
			set     func()        // changes the site before the step, if not nil
			private bool          // Allowed(/private)
			fetches int           // of robots.txt, in all
			source  string
		}{
			{"first look-up fetches", 0, nil, false, 1, "RFC 9309 section 2.4"},
			{"23 hours on, the copy is used", 23 * time.Hour, func() { s.set(200, nil, "User-agent: *\nDisallow: /other\n") }, false, 1, "RFC 9309 section 2.4"},
			{"24 hours on, the file is fetched again", time.Hour, nil, true, 2, "RFC 9309 section 2.4: at most 24 hours"},
			{"a max-age of 60 seconds", 24 * time.Hour, func() { s.set(200, http.Header{"Cache-Control": {"public, max-age=60"}}, privateFile) }, false, 3, "RFC 9309 section 2.4: HTTP caching may shorten the time"},
			{"59 seconds on, the copy is used", 59 * time.Second, nil, false, 3, "RFC 9111 section 5.2.2.1"},
			{"60 seconds on, the file is fetched again", time.Second, nil, false, 4, "RFC 9111 section 5.2.2.1"},
		}
		for _, st := range steps {
			time.Sleep(st.after)
			if st.set != nil {
				st.set()
			}
			if got, _ := decide(t, c, s.URL+"/private"); got != st.private {
				t.Errorf("%s: Allowed(%q, %q) = %v, want %v (%s)", st.name, "bot", "/private", got, st.private, st.source)
			}
			if got := s.count("/robots.txt"); got != st.fetches {
				t.Errorf("%s: %d fetches, want %d (%s)", st.name, got, st.fetches, st.source)
			}
		}
	})
}

// TestCacheRetryAfter checks when a Cache asks again after a 429 or a 5xx:
// when Retry-After says, between MinAge and RetryUnreachable, and never
// later than RetryUnreachable, even for a 429 read as unavailable.
func TestCacheRetryAfter(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		retryAfter string // "" sends none
		rfc429     bool   // Fetcher.TooManyRequestsUnavailable
		retry      time.Duration
		source     string
	}{
		{"429 without Retry-After", 429, "", false, time.Hour, "RetryUnreachable"},
		{"429 after 10 minutes", 429, "600", false, 10 * time.Minute, "RFC 9110 section 10.2.3"},
		{"503 after 10 minutes", 503, "600", false, 10 * time.Minute, "RFC 9110 section 10.2.3"},
		{"503 at a date 20 minutes on", 503, "Sat, 01 Jan 2000 00:20:00 GMT", false, 20 * time.Minute, "RFC 9110 section 10.2.3: HTTP-date"},
		{"500 after 1 second: MinAge", 500, "1", false, time.Minute, "Cache.MinAge bounds Retry-After from below"},
		{"503 after 2 days: RetryUnreachable", 503, "172800", false, time.Hour, "Cache.RetryUnreachable bounds Retry-After from above"},
		{"429 read as unavailable, no Retry-After", 429, "", true, time.Hour, "a 429 verdict is kept no longer than RetryUnreachable"},
		{"429 read as unavailable, after 10 minutes", 429, "600", true, 10 * time.Minute, "RFC 9110 section 10.2.3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h http.Header
			if tt.retryAfter != "" {
				h = http.Header{"Retry-After": {tt.retryAfter}}
			}
			s := newSite(t, tt.status, "")
			s.set(tt.status, h, "")
			synctest.Test(t, func(t *testing.T) {
				c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: noKeepAlive(), TooManyRequestsUnavailable: tt.rfc429}}
				decide(t, c, s.URL+"/")
				time.Sleep(tt.retry - time.Second)
				decide(t, c, s.URL+"/")
				if n := s.count("/robots.txt"); n != 1 {
					t.Errorf("%v after a %d with Retry-After %q: %d fetches, want 1 (%s)", tt.retry-time.Second, tt.status, tt.retryAfter, n, tt.source)
				}
				time.Sleep(time.Second)
				decide(t, c, s.URL+"/")
				if n := s.count("/robots.txt"); n != 2 {
					t.Errorf("%v after a %d with Retry-After %q: %d fetches, want 2 (%s)", tt.retry, tt.status, tt.retryAfter, n, tt.source)
				}
			})
		})
	}
}

func TestCacheUnreachable(t *testing.T) {
	tests := []struct {
		name     string
		staleFor time.Duration
		public   bool // Allowed(/public) 31 days after the good fetch
		source   string
	}{
		{"30 days", 0, false, "RFC 9309 section 2.3.1.4: then disallow everything"},
		{"StaleFor a year", 365 * 24 * time.Hour, true, "RFC 9309 section 2.3.1.4: or continue to use a cached copy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, privateFile)
			synctest.Test(t, func(t *testing.T) {
				c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: noKeepAlive()}, StaleFor: tt.staleFor}
				decide(t, c, s.URL+"/")
				s.set(503, nil, "")
				time.Sleep(25 * time.Hour)
				// RFC 9309 section 2.4: the last good copy stands in.
				public, l := decide(t, c, s.URL+"/public")
				if !l.Stale || !public || l.Robots.Allowed("b", "/private") || l.Fetch.Access != robotshttp.Available || l.Unreachable() {
					t.Errorf("unreachable after a good fetch: Stale %v, /public allowed %v, Fetch %v, Unreachable() %v; want the good copy", l.Stale, public, l.Fetch.Access, l.Unreachable())
				}
				time.Sleep(28 * 24 * time.Hour)
				if _, l := decide(t, c, s.URL+"/"); !l.Stale {
					t.Errorf("29 days after the good fetch, the stale copy was dropped (RFC 9309 section 2.4)")
				}
				time.Sleep(2 * 24 * time.Hour)
				public, l = decide(t, c, s.URL+"/public")
				if public != tt.public || l.Stale != tt.public || l.Unreachable() == tt.public {
					t.Errorf("31 days after the good fetch: Allowed(%q, %q) = %v, Stale %v, Unreachable() %v; want %v (%s)", "bot", "/public", public, l.Stale, l.Unreachable(), tt.public, tt.source)
				}
				if tt.public && l.Robots.Allowed("bot", "/private") {
					t.Errorf("31 days after the good fetch: Allowed(%q, %q) = true, want the copy's false (%s)", "bot", "/private", tt.source)
				}
			})
		})
	}
}

func TestCacheZero(t *testing.T) {
	// The zero Cache is ready to use: a zero Fetcher, an in-memory store.
	s := newSite(t, 200, privateFile)
	var c robotshttp.Cache
	if private, _ := decide(t, &c, s.URL+"/private"); private {
		t.Errorf("Allowed(%q, %q) = true through a zero Cache, want false (RFC 9309 section 2.2.2)", "bot", "/private")
	}
}

func TestCacheUnreachableNoCopy(t *testing.T) {
	// RFC 9309 section 2.3.1.4: disallow everything but /robots.txt, by
	// the "Disallow: /" on line 2 of the file that stands for it.
	s := newSite(t, 500, "")
	d, l, err := robotshttp.NewCache(&robotshttp.Fetcher{}, 0).Decide(context.Background(), "bot", s.URL+"/x")
	if err != nil || d.Allowed || d.Rule != (robotstxt.Rule{Pattern: "/", Line: 2}) || !l.Unreachable() || l.Stale {
		t.Errorf("Decide = %+v, %v; Unreachable() %v, Stale %v; want disallowed by the unreachable verdict", d, err, l.Unreachable(), l.Stale)
	}
	if !l.Robots.Allowed("bot", "/robots.txt") {
		t.Errorf("Allowed(%q, %q) = false, want true (RFC 9309 section 2.2.2)", "bot", "/robots.txt")
	}
}

func TestCacheOneFetchPerOrigin(t *testing.T) {
	tests := []struct {
		name   string
		caches func() []*robotshttp.Cache
	}{
		{"one Cache", func() []*robotshttp.Cache {
			return []*robotshttp.Cache{robotshttp.NewCache(&robotshttp.Fetcher{}, 0)}
		}},
		{"4 Caches sharing a Leaser", func() []*robotshttp.Cache {
			store, caches := newLeasingStore(), make([]*robotshttp.Cache, 4)
			for i := range caches {
				caches[i] = &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: store}
			}
			return caches
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			release := make(chan struct{})
			var hits atomic.Int32
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				hits.Add(1)
				<-release
				fmt.Fprint(w, privateFile)
			})
			caches := tt.caches()
			var wg sync.WaitGroup
			var disallowed atomic.Int32
			for i := range 100 {
				wg.Go(func() {
					d, _, err := caches[i%len(caches)].Decide(context.Background(), "bot", fmt.Sprintf("%s/private/%d", srv.URL, i))
					if err != nil {
						t.Error(err)
					}
					if !d.Allowed {
						disallowed.Add(1)
					}
				})
			}
			// Let the callers pile up on the fetch; one that comes later finds
			// the cached file, which the count of fetches does not tell apart.
			time.Sleep(50 * time.Millisecond)
			close(release)
			wg.Wait()
			if hits.Load() != 1 || disallowed.Load() != 100 {
				t.Errorf("100 concurrent callers: %d fetches, %d disallowed; want 1 and 100", hits.Load(), disallowed.Load())
			}
		})
	}
}

func TestCacheCallerGivesUp(t *testing.T) {
	release := make(chan struct{})
	s := serve(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		fmt.Fprint(w, privateFile)
	})
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
	// A caller that gives up does not wait for the fetch, which the server
	// holds until the caller is gone.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Get(ctx, s.URL+"/"); !errors.Is(err, context.Canceled) {
		t.Errorf("Get with a cancelled context: %v, want context.Canceled", err)
	}
	// Nor does it end the fetch for the others: its end would read as
	// unreachable and disallow everything.
	close(release)
	allowed, l := decide(t, c, s.URL+"/private")
	if allowed || l.Unreachable() || l.Fetch.Access != robotshttp.Available {
		t.Errorf("after a caller gave up: /private allowed %v, Unreachable() %v, access %v; want the file's rules", allowed, l.Unreachable(), l.Fetch.Access)
	}
}

func TestCacheParsesOnce(t *testing.T) {
	s := newSite(t, 200, privateFile)
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
	// Concurrent callers of one fetch share one parse.
	lookups := make([]*robotshttp.Lookup, 20)
	var wg sync.WaitGroup
	for i := range lookups {
		wg.Go(func() { _, lookups[i] = decide(t, c, s.URL+"/") })
	}
	wg.Wait()
	first := lookups[0].Robots
	for i, l := range lookups {
		if l.Robots != first {
			t.Fatalf("concurrent caller %d got Robots %p, caller 0 %p: parsed more than once", i, l.Robots, first)
		}
	}
	if _, l := decide(t, c, s.URL+"/x"); l.Robots != first || s.count("/robots.txt") != 1 {
		t.Errorf("a later call got Robots %p after %d fetches, want the parse of the first, %p, after 1", l.Robots, s.count("/robots.txt"), first)
	}
}

func TestCacheParsesOnceRefetched(t *testing.T) {
	// max-age=0, with no minimum: each call fetches again. An unchanged
	// file keeps its parse; a changed one is parsed again.
	s := newSite(t, 200, privateFile)
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
	c.MinAge = -1
	steps := []struct {
		name    string
		robots  string
		same    bool // Robots is that of the step before
		private bool // Allowed(/private)
	}{
		{"first fetch", privateFile, false, false},
		{"refetched, unchanged", privateFile, true, false},
		{"refetched, changed", "User-agent: *\nDisallow: /other\n", false, true},
		{"refetched, unchanged again", "User-agent: *\nDisallow: /other\n", true, true},
	}
	var last *robotstxt.Robots
	for i, st := range steps {
		s.set(200, http.Header{"Cache-Control": {"max-age=0"}}, st.robots)
		private, l := decide(t, c, s.URL+"/private")
		if s.count("/robots.txt") != i+1 || (l.Robots == last) != st.same || private != st.private {
			t.Errorf("%s: %d fetches, same parse %v, /private allowed %v; want %d, %v, %v", st.name, s.count("/robots.txt"), l.Robots == last, private, i+1, st.same, st.private)
		}
		last = l.Robots
	}
}

func TestCacheParsesOnceFromNetworkedStore(t *testing.T) {
	// A networked store hands back a new Entry, with new fetches, on each
	// Get: their rules are parsed once all the same.
	s := newSite(t, 200, privateFile)
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: copyingStore{newMapStore()}}
	_, first := decide(t, c, s.URL+"/")
	for range 3 {
		if private, l := decide(t, c, s.URL+"/private"); l.Robots != first.Robots || l.Fetch == first.Fetch || private {
			t.Errorf("Robots %p, want %p; a new Fetch %v; /private allowed %v", l.Robots, first.Robots, l.Fetch != first.Fetch, private)
		}
	}
	if n := s.count("/robots.txt"); n != 1 {
		t.Errorf("%d fetches, want 1", n)
	}
}

func TestCacheParsedBound(t *testing.T) {
	// NewCache keeps 2 parsed files; the store, replaced, keeps every
	// entry, so that a new parse can only come from the bound.
	sites := []*site{newSite(t, 200, privateFile), newSite(t, 200, privateFile), newSite(t, 200, privateFile)}
	c := robotshttp.NewCache(&robotshttp.Fetcher{}, 2)
	c.Store = newMapStore()
	parsed := make([]*robotstxt.Robots, len(sites))
	for i, s := range sites {
		_, l := decide(t, c, s.URL+"/")
		parsed[i] = l.Robots
	}
	// Least recently used first.
	steps := []struct {
		origin int
		same   bool
	}{
		{2, true},  // kept: 2, 1
		{1, true},  // kept: 1, 2
		{0, false}, // parsed again, evicting 2
		{2, false}, // parsed again, evicting 1
	}
	for _, st := range steps {
		_, l := decide(t, c, sites[st.origin].URL+"/")
		if got := l.Robots == parsed[st.origin]; got != st.same {
			t.Errorf("origin %d: same parse %v, want %v", st.origin, got, st.same)
		}
		parsed[st.origin] = l.Robots
	}
	for i, s := range sites {
		if n := s.count("/robots.txt"); n != 1 {
			t.Errorf("origin %d fetched %d times, want 1", i, n)
		}
	}
}

func TestCacheParsedKeepsNoBody(t *testing.T) {
	// A store the caller gives keeps whole fetches (see Store); the
	// parsed files beside it keep none of their bodies, which would
	// outlive the store's copy once it is dropped.
	ctx := context.Background()
	s := newSite(t, 200, privateFile)
	origin := strings.TrimSuffix(s.URL, "/")
	store := newMapStore()
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: store}
	_, l := decide(t, c, s.URL+"/")
	first, fetched := l.Robots, l.Fetch
	body := weak.Make(&fetched.Body[0])
	same := copyFetch(fetched)
	l, fetched = nil, nil

	// The store drops the fetch for a new one with the same body in
	// another array, as a refetch of an unchanged file brings.
	store.Put(ctx, origin, robotshttp.Entry{Fetch: same, Good: same, Expires: time.Now().Add(time.Hour)})
	runtime.GC()
	if body.Value() != nil {
		t.Errorf("a body the store dropped is still reachable: the parsed files keep it")
	}
	if _, l := decide(t, c, s.URL+"/"); l.Robots != first {
		t.Errorf("a new fetch of the same body was parsed again: Robots %p, want %p", l.Robots, first)
	}

	changed := copyFetch(same)
	changed.Body = []byte("User-agent: *\nDisallow: /other\n")
	store.Put(ctx, origin, robotshttp.Entry{Fetch: changed, Good: changed, Expires: time.Now().Add(time.Hour)})
	if private, l := decide(t, c, s.URL+"/private"); l.Robots == first || !private {
		t.Errorf("a fetch of another body: same parse %v, /private allowed %v; want a new parse allowing it", l.Robots == first, private)
	}
	if n := s.count("/robots.txt"); n != 1 {
		t.Errorf("%d fetches, want 1: the store's entries answer", n)
	}
}

func TestCacheFetchRobotsHonoursOptions(t *testing.T) {
	// Every way of making a Cache answers alike: the Fetch of a Lookup
	// keeps its body, and its Robots method parses it in the options
	// asked, not in the Cache's. Google mode obeys "Disallow: /" for
	// /robots.txt itself; RFC mode always allows it (RFC 9309 section
	// 2.2.2).
	const file = "User-agent: *\nDisallow: /\n"
	s := newSite(t, 200, file)
	google := robotstxt.Options{Mode: robotstxt.Google}
	tests := []struct {
		name  string
		cache *robotshttp.Cache
	}{
		{"NewCache", robotshttp.NewCache(&robotshttp.Fetcher{}, 0)},
		{"zero Cache", &robotshttp.Cache{}},
		{"Cache literal in Google mode", &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Options: google}}},
		{"Cache with a Store", &robotshttp.Cache{Store: newMapStore()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, call := range []string{"fetched", "cached"} {
				_, l := decide(t, tt.cache, s.URL+"/")
				if string(l.Fetch.Body) != file {
					t.Errorf("%s: Fetch.Body = %q, want the file %q", call, l.Fetch.Body, file)
				}
				if got := l.Fetch.Robots(google).Allowed("bot", "/robots.txt"); got {
					t.Errorf("%s: Fetch.Robots(Google).Allowed(%q, %q) = %v, want false (Google mode)", call, "bot", "/robots.txt", got)
				}
				if got := l.Fetch.Robots(robotstxt.Options{}).Allowed("bot", "/robots.txt"); !got {
					t.Errorf("%s: Fetch.Robots(RFC).Allowed(%q, %q) = %v, want true (RFC 9309 section 2.2.2)", call, "bot", "/robots.txt", got)
				}
			}
		})
	}
}

// TestCacheNegativeDurations checks what a negative duration of a Cache
// means, as each field says: no time at all, never the default.
func TestCacheNegativeDurations(t *testing.T) {
	maxAge0 := http.Header{"Cache-Control": {"max-age=0"}}
	tests := []struct {
		name    string
		set     func(c *robotshttp.Cache)
		first   int         // the status of robots.txt, then 503 when down
		header  http.Header // of the first answer
		down    bool        // the origin is unreachable for the second call
		fetches int         // of robots.txt after two calls, no time between
		public  bool        // Allowed(/public) at the second call
		source  string
	}{
		{"MaxAge negative: no file is kept", func(c *robotshttp.Cache) { c.MaxAge = -1 }, 200, nil, false, 2, true, "Cache.MaxAge"},
		{"MaxAge 0: 24 hours", func(c *robotshttp.Cache) {}, 200, nil, false, 1, true, "RFC 9309 section 2.4"},
		{"MinAge negative: max-age=0 is followed", func(c *robotshttp.Cache) { c.MinAge = -1 }, 200, maxAge0, false, 2, true, "Cache.MinAge"},
		{"MinAge 0: a minute", func(c *robotshttp.Cache) {}, 200, maxAge0, false, 1, true, "Cache.MinAge"},
		{"RetryUnreachable negative: no verdict is kept", func(c *robotshttp.Cache) { c.RetryUnreachable = -1 }, 503, nil, false, 2, false, "Cache.RetryUnreachable"},
		{"RetryUnreachable 0: an hour", func(c *robotshttp.Cache) {}, 503, nil, false, 1, false, "Cache.RetryUnreachable"},
		{"StaleFor negative: no copy stands in", func(c *robotshttp.Cache) { c.StaleFor, c.MinAge = -1, -1 }, 200, maxAge0, true, 2, false, "RFC 9309 section 2.3.1.4"},
		{"StaleFor 0: 30 days", func(c *robotshttp.Cache) { c.MinAge = -1 }, 200, maxAge0, true, 2, true, "RFC 9309 section 2.4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, tt.first, "User-agent: *\nDisallow: /private\n")
			s.set(tt.first, tt.header, "User-agent: *\nDisallow: /private\n")
			c := robotshttp.NewCache(nil, 0)
			tt.set(c)
			decide(t, c, s.URL+"/public")
			if tt.down {
				s.set(503, nil, "")
			}
			public, _ := decide(t, c, s.URL+"/public")
			if n := s.count("/robots.txt"); n != tt.fetches {
				t.Errorf("%d fetches of robots.txt for two calls, want %d (%s)", n, tt.fetches, tt.source)
			}
			if public != tt.public {
				t.Errorf("Allowed(%q, %q) = %v at the second call, want %v (%s)", "bot", "/public", public, tt.public, tt.source)
			}
		})
	}
}
