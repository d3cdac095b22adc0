package redisstore_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// A crawler is one process of a fleet, in the test's own process: a
// Cache on a client and Store of its own, whose Logf the test reads.
type crawler struct {
	name   string
	client *redis.Client
	cache  *robotshttp.Cache

	mu     sync.Mutex
	logged []string
}

// The crawlers' settings: RetryAfter short, so that a test waits little
// for a restarted Redis to be asked again; Timeout well under the time a
// caller gives a decision, which must leave it time to fetch once Redis
// is given up on.
const (
	faultRetryAfter = 100 * time.Millisecond
	faultTimeout    = 200 * time.Millisecond
	callTimeout     = 2 * time.Second
)

func newCrawler(t *testing.T, name, addr, prefix string) *crawler {
	c := &crawler{name: name, client: newClient(t, addr)}
	store := newStore(t, c.client, prefix)
	store.RetryAfter, store.Timeout = faultRetryAfter, faultTimeout
	c.cache = &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: store, Logf: func(format string, args ...any) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.logged = append(c.logged, fmt.Sprintf(format, args...))
	}}
	return c
}

// decideAll decides five URLs of each origin, each within callTimeout,
// checking each verdict against privateFile's.
func (c *crawler) decideAll(t *testing.T, origins []string) {
	t.Helper()
	for _, o := range origins {
		for i := range 5 {
			target, want := fleetURL([]string{o}, i)
			ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
			d, _, err := c.cache.Decide(ctx, "bot", target)
			cancel()
			if err != nil || d.Allowed != want {
				t.Errorf("%s: Decide(%q) = %v, %v; want allowed %v (RFC 9309 section 2.2.2), within %v", c.name, target, d.Allowed, err, want, callTimeout)
			}
		}
	}
}

// logs counts what Logf was told: the store failing, and answering again.
func (c *crawler) logs() (failing, again int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.logged {
		switch {
		case strings.HasPrefix(s, "robotshttp: store failing"):
			failing++
		case s == "robotshttp: store answering again":
			again++
		}
	}
	return failing, again
}

func TestRedisStoppedAndRestarted(t *testing.T) {
	srv := startRedis(t) // the test's own, which it stops
	prefix := testPrefix(t)
	o := newOrigins(t, 60, false)
	set := func(k int) []string { return o.urls[20*k : 20*(k+1)] }
	a, b := newCrawler(t, "a", srv.addr(), prefix), newCrawler(t, "b", srv.addr(), prefix)
	restart := func() {
		srv.start()
		for _, c := range []*crawler{a, b} {
			waitFor(t, redisStartWait, "the clients to reach the restarted Redis", func() bool {
				return c.client.Ping(context.Background()).Err() == nil
			})
		}
		// The stores leave Redis alone for RetryAfter after their last
		// failed call.
		time.Sleep(2 * faultRetryAfter)
	}
	steps := []struct {
		name    string
		before  func()
		c       *crawler
		set     int
		fetches int // of the set's 20 origins, in this step
	}{
		{"a, Redis up: fetches", nil, a, 0, 20},
		{"b: shares a's fetches", nil, b, 0, 0},
		{"a, Redis stopped: fetches without it", srv.stop, a, 1, 20},
		{"a: keeps what it fetched", nil, a, 1, 0},
		{"b: fetches without it", nil, b, 1, 20},
		{"b: keeps what it read before", nil, b, 0, 0},
		{"a, Redis restarted: fetches and shares", restart, a, 2, 20},
		{"b: shares again", nil, b, 2, 0},
	}
	for _, st := range steps {
		if st.before != nil {
			st.before()
		}
		before := sum(o.counts())
		st.c.decideAll(t, set(st.set))
		if got := sum(o.counts()) - before; got != st.fetches {
			t.Errorf("%s: %d fetches, want %d", st.name, got, st.fetches)
		}
	}
	for _, tt := range []struct {
		c              *crawler
		failing, again int
	}{
		{a, 1, 1}, // a stored again after the restart
		{b, 1, 0}, // b only read
	} {
		if failing, again := tt.c.logs(); failing != tt.failing || again != tt.again {
			t.Errorf("%s: Logf said the store failed %d times and answered again %d times, want %d and %d: %q",
				tt.c.name, failing, again, tt.failing, tt.again, tt.c.logged)
		}
	}
}

func TestRedisPaused(t *testing.T) {
	// A Redis that answers nothing for 3 seconds: each caller, with 2
	// seconds to decide, decides by RFC 9309 all the same, and the files
	// are fetched once each and cached in the process.
	srv := startRedis(t)
	o := newOrigins(t, 20, false)
	c := newCrawler(t, "a", srv.addr(), testPrefix(t))
	c.cache.Store.Get(context.Background(), o.urls[0]) // dial before the pause
	if err := newClient(t, srv.addr()).Do(context.Background(), "CLIENT", "PAUSE", 3000, "ALL").Err(); err != nil {
		t.Fatal(err)
	}
	c.decideAll(t, o.urls)
	if got := sum(o.counts()); got != 20 {
		t.Errorf("%d fetches, want 20: one per origin, cached in the process while Redis is paused", got)
	}
	if failing, _ := c.logs(); failing != 1 {
		t.Errorf("Logf said the store failed %d times, want once: %q", failing, c.logged)
	}
}
