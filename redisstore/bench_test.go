package redisstore_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// BenchmarkDecide is a decision whose entry is in the Store: in the local
// layer (its default settings, so about one read from Redis a second), in
// Redis (a GET and a decode per call, the parse being the Cache's, kept
// while the body is unchanged), and, to compare, a Cache without a Store,
// which keeps its entries in memory.
func BenchmarkDecide(b *testing.B) {
	client := newClient(b, redisAddr(b))
	o := newOrigins(b, 1, false)
	for _, bench := range []struct {
		name  string
		store func(b *testing.B) robotshttp.Store
	}{
		{"local layer", func(b *testing.B) robotshttp.Store { return newStore(b, client, testPrefix(b)) }},
		{"Redis", func(b *testing.B) robotshttp.Store {
			s := newStore(b, client, testPrefix(b))
			s.LocalSize = -1
			return s
		}},
		{"no Store", func(b *testing.B) robotshttp.Store { return nil }},
	} {
		b.Run(bench.name, func(b *testing.B) {
			c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: bench.store(b)}
			ctx := context.Background()
			target := o.urls[0] + "/public/page"
			if _, l, err := c.Decide(ctx, "bot", target); err != nil || l.StoreErr != nil {
				b.Fatal(err, l.StoreErr)
			}
			b.ReportAllocs()
			for b.Loop() {
				if d, _, err := c.Decide(ctx, "bot", target); err != nil || !d.Allowed {
					b.Fatal(d, err)
				}
			}
		})
	}
}

// BenchmarkGet is a read of a 40 KB robots.txt file's entry from Redis
// (LocalSize -1, so each call is a GETRANGE and a decode), and reports
// the value's length in Redis as value-bytes.
func BenchmarkGet(b *testing.B) {
	ctx, client, prefix := testRedis(b)
	s := newStore(b, client, prefix)
	s.LocalSize = -1
	f := goodFetch(time.Now())
	f.Body = bytes.Repeat([]byte("Disallow: /x\n"), 40<<10/13)
	if err := s.Put(ctx, origin, robotshttp.Entry{Fetch: f, Good: f, Expires: time.Now().Add(time.Hour)}); err != nil {
		b.Fatal(err)
	}
	n, err := client.StrLen(ctx, prefix+"entry:"+origin).Result()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok, err := s.Get(ctx, origin); !ok || err != nil {
			b.Fatal(ok, err)
		}
	}
	b.ReportMetric(float64(n), "value-bytes")
}
