package redisstore_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"net"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt/redisstore"
	"github.com/rfc9309/robotstxt/robotshttp"
)

const origin = "https://example.com"

func goodFetch(at time.Time) *robotshttp.Fetch {
	return &robotshttp.Fetch{URL: origin + "/robots.txt", Access: robotshttp.Available, StatusCode: 200,
		Body: []byte("User-agent: *\nDisallow: /private\n"), MaxAge: -1, FetchedAt: at}
}

func TestStoreRoundTripAndTTL(t *testing.T) {
	ctx, client, _ := testRedis(t)
	now := time.Now()
	good, old := goodFetch(now), goodFetch(now.Add(-40*24*time.Hour))
	down := &robotshttp.Fetch{URL: origin + "/robots.txt", Access: robotshttp.Unreachable, StatusCode: 503, MaxAge: -1, FetchedAt: now}
	tests := []struct {
		name string
		e    robotshttp.Entry
		ttl  time.Duration // in Redis, within a minute or half of it
		src  string
	}{
		{"good copy, kept for the stale window", robotshttp.Entry{Fetch: good, Good: good, Expires: now.Add(24 * time.Hour)}, 30 * 24 * time.Hour, "RFC 9309 section 2.4: 30 days"},
		{"no good copy, kept until it expires", robotshttp.Entry{Fetch: down, Expires: now.Add(time.Hour)}, time.Hour, "RFC 9309 section 2.3.1.4"},
		{"good copy past the window, kept until the entry expires", robotshttp.Entry{Fetch: down, Good: old, Expires: now.Add(time.Hour)}, time.Hour, "RFC 9309 section 2.4"},
		{"stale when stored, kept a second for those waiting", robotshttp.Entry{Fetch: down, Expires: now}, time.Second, "Store.Put: at least minTTL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := testPrefix(t)
			s := newStore(t, client, prefix)
			s.LocalSize = -1 // read Redis, not the local layer
			if err := s.Put(ctx, origin, tt.e); err != nil {
				t.Fatal(err)
			}
			got, ok, err := s.Get(ctx, origin)
			if diff := cmp.Diff(tt.e, got); !ok || err != nil || diff != "" {
				t.Errorf("Get = %v, %v (-want +got):\n%s", ok, err, diff)
			}
			ttl, err := client.PTTL(ctx, prefix+"entry:"+origin).Result()
			if err != nil || ttl > tt.ttl || ttl < tt.ttl-min(time.Minute, tt.ttl/2) {
				t.Errorf("PTTL = %v, %v; want %v (%s)", ttl, err, tt.ttl, tt.src)
			}
		})
	}
}

func TestStoreBadValueIsAMiss(t *testing.T) {
	ctx, client, prefix := testRedis(t)
	s := newStore(t, client, prefix)
	var logged []string
	s.Logf = func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }
	for _, value := range []string{"", "User-agent: *\nDisallow: /\n", "\x01\x02"} {
		if err := client.Set(ctx, prefix+"entry:"+origin, value, time.Minute).Err(); err != nil {
			t.Fatal(err)
		}
		if e, ok, err := s.Get(ctx, origin); ok || err != nil {
			t.Errorf("Get of %q = %+v, %v, %v; want a miss", value, e, ok, err)
		}
	}
	if len(logged) != 1 || !strings.HasPrefix(logged[0], "redisstore: "+prefix+"entry:"+origin+": redisstore: bad value") {
		t.Errorf("Logf was told %q; want one report of the first bad value", logged)
	}
	// The next fetch's entry replaces the value.
	e := robotshttp.Entry{Fetch: goodFetch(time.Now()), Expires: time.Now().Add(time.Hour)}
	if err := s.Put(ctx, origin, e); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := s.Get(ctx, origin); !ok || err != nil {
		t.Errorf("Get after Put = %v, %v; want the entry", ok, err)
	}
}

func TestStoreValueIsRawLayout(t *testing.T) {
	// The value in Redis is the entry's layout itself, not its base64
	// text (robotshttp.Entry.MarshalText), which costs a third more.
	ctx, client, prefix := testRedis(t)
	s := newStore(t, client, prefix)
	f := goodFetch(time.Now())
	f.Body = bytes.Repeat([]byte("Disallow: /x\n"), 40<<10/13)
	e := robotshttp.Entry{Fetch: f, Good: f, Expires: time.Now().Add(time.Hour)}
	if err := s.Put(ctx, origin, e); err != nil {
		t.Fatal(err)
	}
	text, err := e.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	layout, err := base64.StdEncoding.DecodeString(string(text))
	if err != nil {
		t.Fatal(err)
	}
	got, err := client.Get(ctx, prefix+"entry:"+origin).Bytes()
	if err != nil || !bytes.Equal(got, layout) {
		t.Errorf("the value in Redis is %d bytes, %v; want the %d bytes of the entry's layout, not its %d-byte base64 text", len(got), err, len(layout), len(text))
	}
}

func TestStoreBase64ValueIsAMiss(t *testing.T) {
	// A value of the base64 text an earlier redisstore stored is a miss,
	// not an error, and the next fetch's entry replaces it.
	ctx, client, prefix := testRedis(t)
	s := newStore(t, client, prefix)
	s.LocalSize = -1
	e := robotshttp.Entry{Fetch: goodFetch(time.Now()), Expires: time.Now().Add(time.Hour)}
	text, err := e.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if err := client.Set(ctx, prefix+"entry:"+origin, text, time.Minute).Err(); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := s.Get(ctx, origin); ok || err != nil {
		t.Errorf("Get of the entry's base64 text = %+v, %v, %v; want a miss", got, ok, err)
	}
	if err := s.Put(ctx, origin, e); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := s.Get(ctx, origin); !ok || err != nil || got.Fetch == nil || !bytes.Equal(got.Fetch.Body, e.Fetch.Body) {
		t.Errorf("Get after Put = %+v, %v, %v; want the entry", got, ok, err)
	}
}

func TestStoreTooLarge(t *testing.T) {
	ctx, client, prefix := testRedis(t)
	s := newStore(t, client, prefix)
	s.MaxBody = 10
	f := goodFetch(time.Now())
	if err := s.Put(ctx, origin, robotshttp.Entry{Fetch: f, Expires: time.Now().Add(time.Hour)}); err == nil {
		t.Errorf("Put of a %d-byte body, MaxBody 10: no error", len(f.Body))
	}
	if _, ok, err := s.Get(ctx, origin); ok || err != nil {
		t.Errorf("Get after a refused Put = %v, %v; want a miss (stored nowhere)", ok, err)
	}
}

// TestStoreLargeLimits stores with limits as large as an int goes, as a
// caller who means "no limit" may set them: the bound on what Get reads
// must not wrap, or a value longer than what it wraps to is cut by
// GETRANGE and read as a miss (MaxBody math.MaxInt read at most 65,800
// bytes, so every file of 50 KB was fetched on every call).
func TestStoreLargeLimits(t *testing.T) {
	ctx, client, prefix := testRedis(t)
	for _, lim := range []struct{ body, text int }{{math.MaxInt, 0}, {0, math.MaxInt}, {math.MaxInt, math.MaxInt}, {math.MaxInt / 2, math.MaxInt / 8}} {
		s := newStore(t, client, prefix+fmt.Sprint(lim.body, lim.text)+":")
		s.MaxBody, s.MaxText, s.LocalSize = lim.body, lim.text, -1
		f := goodFetch(time.Now())
		f.Body = bytes.Repeat([]byte("Disallow: /x\n"), 100<<10/13)
		if err := s.Put(ctx, origin, robotshttp.Entry{Fetch: f, Good: f, Expires: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if e, ok, err := s.Get(ctx, origin); !ok || err != nil || !bytes.Equal(e.Fetch.Body, f.Body) {
			t.Errorf("MaxBody %d, MaxText %d: Get of a %d-byte body = %v, %v; want it back", lim.body, lim.text, len(f.Body), ok, err)
		}
	}
}

func TestStoreLocalLayer(t *testing.T) {
	ctx, client, _ := testRedis(t)
	tests := []struct {
		name      string
		localTTL  time.Duration
		localSize int
		found     bool // once Redis no longer holds the entry
		src       string
	}{
		{"within LocalTTL, the local copy answers", time.Hour, 0, true, "Store.LocalTTL"},
		{"past LocalTTL, Redis answers", time.Nanosecond, 0, false, "Store.LocalTTL"},
		{"no local layer", time.Hour, -1, false, "Store.LocalSize < 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := testPrefix(t)
			s := newStore(t, client, prefix)
			s.LocalTTL, s.LocalSize = tt.localTTL, tt.localSize
			e := robotshttp.Entry{Fetch: goodFetch(time.Now()), Expires: time.Now().Add(time.Hour)}
			if err := s.Put(ctx, origin, e); err != nil {
				t.Fatal(err)
			}
			client.Del(ctx, prefix+"entry:"+origin)
			time.Sleep(time.Millisecond)
			if _, ok, err := s.Get(ctx, origin); ok != tt.found || err != nil {
				t.Errorf("Get = %v, %v; want found %v (%s)", ok, err, tt.found, tt.src)
			}
		})
	}
}

func TestStoreLocalSize(t *testing.T) {
	ctx, client, prefix := testRedis(t)
	s := newStore(t, client, prefix)
	s.LocalSize, s.LocalTTL = 2, time.Hour
	origins := []string{"https://a.example", "https://b.example", "https://c.example"}
	for _, o := range origins {
		if err := s.Put(ctx, o, robotshttp.Entry{Fetch: goodFetch(time.Now()), Expires: time.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		client.Del(ctx, prefix+"entry:"+o)
	}
	found := 0
	for _, o := range origins {
		if _, ok, _ := s.Get(ctx, o); ok {
			found++
		}
	}
	if found != 2 {
		t.Errorf("LocalSize 2, 3 entries put: %d found locally, want 2", found)
	}
}

func TestStoreLease(t *testing.T) {
	ctx, client, prefix := testRedis(t)
	a, b := newStore(t, client, prefix), newStore(t, client, prefix)
	release, granted, err := a.Lease(ctx, origin, time.Minute)
	if !granted || err != nil {
		t.Fatalf("first Lease = %v, %v; want it granted", granted, err)
	}
	if _, granted, err := b.Lease(ctx, origin, time.Minute); granted || err != nil {
		t.Errorf("second Lease = %v, %v; want it refused while the first is held", granted, err)
	}
	release(ctx)
	release2, granted, err := b.Lease(ctx, origin, 20*time.Millisecond)
	if !granted || err != nil {
		t.Fatalf("Lease after release = %v, %v; want it granted", granted, err)
	}
	defer release2(ctx)
	// A holder whose lease expired does not release the next holder's.
	key := prefix + "lease:" + origin
	waitFor(t, 5*time.Second, "the lease to expire", func() bool { return client.Exists(ctx, key).Val() == 0 })
	_, granted, err = a.Lease(ctx, origin, time.Minute)
	if !granted || err != nil {
		t.Fatalf("Lease after expiry = %v, %v; want it granted", granted, err)
	}
	release2(ctx)
	if client.Exists(ctx, key).Val() != 1 {
		t.Errorf("the release of an expired lease deleted the next holder's")
	}
}

func TestStoreIsLeaser(t *testing.T) {
	var s robotshttp.Store = redisstore.New(nil)
	if _, ok := s.(robotshttp.Leaser); !ok {
		t.Errorf("a *redisstore.Store is not a robotshttp.Leaser: a Cache would not share its fetches")
	}
}

func TestStoreLongText(t *testing.T) {
	// A fetch's URLs and error text decide nothing: they are cut to
	// MaxText, and the rules kept whole.
	ctx, client, prefix := testRedis(t)
	long := origin + "/" + strings.Repeat("a", 20<<20)
	f := goodFetch(time.Now())
	f.FinalURL = long
	down := &robotshttp.Fetch{URL: long, Access: robotshttp.Unreachable, Err: errors.New("get " + long + ": connection refused"), MaxAge: -1, FetchedAt: time.Now()}
	e := robotshttp.Entry{Fetch: down, Good: f, Expires: time.Now().Add(time.Hour)}
	s := newStore(t, client, prefix)
	if err := s.Put(ctx, origin, e); err != nil {
		t.Fatal(err)
	}
	// The value is the entry's layout, its raw bytes.
	if n, err := client.StrLen(ctx, prefix+"entry:"+origin).Result(); err != nil || n > int64(len(f.Body)+4*redisstore.DefaultMaxText) {
		t.Errorf("STRLEN of the value = %d, %v; want at most the body and 4 times DefaultMaxText", n, err)
	}
	reader := newStore(t, client, prefix)
	reader.LocalSize = -1
	for _, tt := range []struct {
		name string
		s    *redisstore.Store
	}{
		{"the local layer of the store that put it", s},
		{"Redis, read by another store", reader},
	} {
		got, ok, err := tt.s.Get(ctx, origin)
		if !ok || err != nil || got.Fetch == nil || got.Good == nil || got.Fetch.Err == nil {
			t.Fatalf("%s: Get = %+v, %v, %v; want the entry", tt.name, got, ok, err)
		}
		for _, text := range []struct{ name, got, was string }{
			{"Fetch.URL", got.Fetch.URL, down.URL},
			{"Fetch.Err", got.Fetch.Err.Error(), down.Err.Error()},
			{"Good.FinalURL", got.Good.FinalURL, f.FinalURL},
		} {
			if len(text.got) > redisstore.DefaultMaxText || !strings.HasSuffix(text.got, "...[truncated]") ||
				!strings.HasPrefix(text.was, strings.TrimSuffix(text.got, "...[truncated]")) {
				t.Errorf("%s: %s is %d bytes, ending %q; want at most DefaultMaxText (%d), its start ending in \"...[truncated]\"",
					tt.name, text.name, len(text.got), text.got[max(0, len(text.got)-20):], redisstore.DefaultMaxText)
			}
		}
		// RFC 9309 section 2.4: the good copy stands in, rules whole.
		if got.Fetch.Access != robotshttp.Unreachable || got.Good.URL != f.URL || !bytes.Equal(got.Good.Body, f.Body) {
			t.Errorf("%s: Get = access %v, good copy of %q with body %q; want Unreachable, and %q with %q",
				tt.name, got.Fetch.Access, got.Good.URL, got.Good.Body, f.URL, f.Body)
		}
	}
}

func TestStoreLongTextRead(t *testing.T) {
	// A value whose texts are over the reader's MaxText is a miss.
	ctx, client, prefix := testRedis(t)
	writer := newStore(t, client, prefix)
	writer.MaxText, writer.LocalSize = 1<<20, -1
	f := goodFetch(time.Now())
	f.FinalURL = origin + "/" + strings.Repeat("a", redisstore.DefaultMaxText)
	if err := writer.Put(ctx, origin, robotshttp.Entry{Fetch: f, Good: f, Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	reader := newStore(t, client, prefix)
	var logged []string
	reader.Logf = func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }
	if _, ok, err := reader.Get(ctx, origin); ok || err != nil {
		t.Errorf("Get of a value with a %d-byte final URL, MaxText %d = %v, %v; want a miss", len(f.FinalURL), redisstore.DefaultMaxText, ok, err)
	}
	if len(logged) != 1 || !strings.Contains(logged[0], "over the size limit") {
		t.Errorf("Logf was told %q; want the value over the size limit", logged)
	}
}

func TestStoreLeaseWithoutExpiry(t *testing.T) {
	ctx, client, _ := testRedis(t)
	tests := []struct {
		name    string
		expiry  time.Duration // of the key found, 0 for none
		granted bool
		src     string
	}{
		{"no expiry: taken over", 0, true, "a crash between SET and EXPIRE, or a key set by hand"},
		{"an expiry: another holder's", time.Minute, false, "Store.Lease: SET NX PX"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := testPrefix(t)
			key := prefix + "lease:" + origin
			if err := client.Set(ctx, key, "crashed", tt.expiry).Err(); err != nil {
				t.Fatal(err)
			}
			s := newStore(t, client, prefix)
			var logged []string
			s.Logf = func(format string, args ...any) { logged = append(logged, fmt.Sprintf(format, args...)) }
			release, granted, err := s.Lease(ctx, origin, 10*time.Second)
			if granted != tt.granted || err != nil {
				t.Fatalf("Lease = %v, %v; want granted %v (%s)", granted, err, tt.granted, tt.src)
			}
			ttl := client.PTTL(ctx, key).Val()
			if ttl <= 0 || ttl > max(10*time.Second, tt.expiry) {
				t.Errorf("PTTL of the lease = %v; want an expiry within %v", ttl, max(10*time.Second, tt.expiry))
			}
			if !granted {
				return
			}
			if len(logged) != 1 || !strings.Contains(logged[0], "no expiry") {
				t.Errorf("Logf was told %q; want the lease key without an expiry", logged)
			}
			release(ctx)
			if client.Exists(ctx, key).Val() != 0 {
				t.Errorf("the lease taken over was not released")
			}
		})
	}
}

func TestCacheLeaseWithoutExpiry(t *testing.T) {
	// A lease key left without an expiry does not hold the origin's
	// refresh for the lease's time (the Fetcher's timeout and 5 s).
	ctx, client, prefix := testRedis(t)
	o := newOrigins(t, 1, false)
	if err := client.Set(ctx, prefix+"lease:"+o.urls[0], "crashed", 0).Err(); err != nil {
		t.Fatal(err)
	}
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: newStore(t, client, prefix)}
	dctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	target := o.urls[0] + "/private/x"
	if d, _, err := c.Decide(dctx, "bot", target); d.Allowed || err != nil {
		t.Errorf("Decide(%q) = %v, %v; want disallowed by the file (RFC 9309 section 2.2.2), within %v", target, d.Allowed, err, callTimeout)
	}
	if got := sum(o.counts()); got != 1 {
		t.Errorf("%d fetches, want 1", got)
	}
}

func TestStoreLongValueRead(t *testing.T) {
	// A value longer than any the store writes (by hand, or by another
	// program) is a miss, and is not read whole: the store reads at most
	// its limits' worth of it.
	ctx, client, prefix := testRedis(t)
	const long = 20 << 20
	f := goodFetch(time.Now())
	f.FinalURL = strings.Repeat("a", long)
	writer := newStore(t, client, prefix)
	writer.MaxText, writer.LocalSize = long+1, -1
	if err := writer.Put(ctx, origin, robotshttp.Entry{Fetch: f, Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	s := newStore(t, client, prefix)
	s.Get(ctx, "https://warm.example") // the first call makes what every later one uses
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, ok, err := s.Get(ctx, origin)
	runtime.ReadMemStats(&after)
	if ok || err != nil {
		t.Errorf("Get of a value with a %d-byte final URL, MaxText %d = %v, %v; want a miss", long, redisstore.DefaultMaxText, ok, err)
	}
	// What it reads, the layout of two bodies at the limit and their
	// texts, one byte more, which is over the bound and decoded no
	// further: about 2 times DefaultMaxBody.
	if got, most := after.TotalAlloc-before.TotalAlloc, uint64(4*redisstore.DefaultMaxBody); got > most {
		t.Errorf("Get of a %d-byte value allocated %d bytes, want at most %d (4 times DefaultMaxBody)", long, got, most)
	}
}

// TestStoreNegativeDurations checks what a negative duration of a Store
// means, as each field says: none, never the default.
func TestStoreNegativeDurations(t *testing.T) {
	ctx, client, _ := testRedis(t)
	now := time.Now()
	t.Run("StaleFor: kept until the entry expires", func(t *testing.T) {
		// As a Cache whose StaleFor is negative lets no copy stand in.
		prefix := testPrefix(t)
		s := newStore(t, client, prefix)
		s.StaleFor = -1
		good := goodFetch(now)
		if err := s.Put(ctx, origin, robotshttp.Entry{Fetch: good, Good: good, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if ttl, err := client.PTTL(ctx, prefix+"entry:"+origin).Result(); err != nil || ttl > time.Hour {
			t.Errorf("PTTL = %v, %v; want at most an hour, the entry's expiry (Store.StaleFor)", ttl, err)
		}
	})
	t.Run("LocalTTL: each Get reads Redis", func(t *testing.T) {
		prefix := testPrefix(t)
		s := newStore(t, client, prefix)
		s.LocalTTL = -1
		other := newStore(t, client, prefix)
		first, second := goodFetch(now), goodFetch(now)
		second.Body = []byte("User-agent: *\nDisallow: /\n")
		if err := s.Put(ctx, origin, robotshttp.Entry{Fetch: first, Good: first, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := other.Put(ctx, origin, robotshttp.Entry{Fetch: second, Good: second, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if e, ok, err := s.Get(ctx, origin); !ok || err != nil || string(e.Fetch.Body) != string(second.Body) {
			t.Errorf("Get = %q, %v, %v; want the entry another store put since (Store.LocalTTL)", e.Fetch.Body, ok, err)
		}
	})
	t.Run("RetryAfter: Redis is asked again at once", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		l.Close() // a port nobody listens on
		s := newStore(t, newClient(t, l.Addr().String()), testPrefix(t))
		s.RetryAfter = -1
		for i := range 2 {
			if _, _, err := s.Get(ctx, origin); err == nil || strings.Contains(err.Error(), "left alone") {
				t.Errorf("Get %d from a Redis that is down: %v; want Redis's own error (Store.RetryAfter)", i, err)
			}
		}
	})
	t.Run("Timeout: the caller's context alone", func(t *testing.T) {
		// A server that takes connections and never answers. With no
		// Timeout of its own, the store's call ends with the caller's
		// context, which is no failure of Redis: it is not left alone.
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				t.Cleanup(func() { c.Close() })
			}
		}()
		s := newStore(t, newClient(t, l.Addr().String()), testPrefix(t))
		s.Timeout = -1
		short, cancel := context.WithTimeout(ctx, redisstore.DefaultTimeout*2)
		defer cancel()
		if _, _, err := s.Get(short, origin); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Get from a Redis that never answers: %v, want the caller's deadline", err)
		}
		done, cancel2 := context.WithCancel(ctx)
		cancel2()
		if _, _, err := s.Get(done, origin); err == nil || strings.Contains(err.Error(), "left alone") {
			t.Errorf("Get after the caller's deadline: %v; want Redis not left alone (Store.Timeout)", err)
		}
	})
}
