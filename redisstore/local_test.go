package redisstore_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/rfc9309/robotstxt/redisstore"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// largeEntry returns an entry whose fetch, also its good copy, has the
// given body.
func largeEntry(o string, body []byte) robotshttp.Entry {
	f := &robotshttp.Fetch{URL: o + "/robots.txt", Access: robotshttp.Available, StatusCode: 200, Body: body, MaxAge: -1, FetchedAt: time.Now()}
	return robotshttp.Entry{Fetch: f, Good: f, Expires: time.Now().Add(time.Hour)}
}

// largeBody returns a body of n bytes, a file of its own.
func largeBody(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = '#'
	}
	copy(b, privateFile)
	return b
}

func TestLocalBytes(t *testing.T) {
	ctx, client, _ := testRedis(t)
	const body = 256 << 10
	tests := []struct {
		name       string
		localBytes int64
		read       bool // the entries are read from Redis, where another process put them
		entries    int
		src        string
	}{
		{"put, LocalBytes 2 MiB", 2 << 20, false, 32, "Store.LocalBytes"},
		{"read, LocalBytes 2 MiB", 2 << 20, true, 32, "Store.LocalBytes"},
		{"put, the default", 0, false, 2 * redisstore.DefaultLocalBytes / body, "DefaultLocalBytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := testPrefix(t)
			s := newStore(t, client, prefix)
			s.LocalBytes, s.LocalTTL = tt.localBytes, time.Hour
			writer := s
			if tt.read {
				writer = newStore(t, client, prefix)
				writer.LocalSize = -1
			}
			// One body for every entry put keeps the test small: each
			// entry counts for it all the same. Entries read from Redis
			// each have a copy of their own.
			b := largeBody(body)
			origins := make([]string, tt.entries)
			for i := range origins {
				origins[i] = fmt.Sprintf("https://o%d.example", i)
				if err := writer.Put(ctx, origins[i], largeEntry(origins[i], b)); err != nil {
					t.Fatal(err)
				}
				if !tt.read {
					client.Del(ctx, prefix+"entry:"+origins[i])
				}
			}
			if tt.read {
				for _, o := range origins {
					if _, ok, err := s.Get(ctx, o); !ok || err != nil {
						t.Fatalf("Get(%q) = %v, %v; want the entry another store put", o, ok, err)
					}
					client.Del(ctx, prefix+"entry:"+o)
				}
			}
			// Redis holds none of them now: what is found is held.
			found := 0
			for _, o := range origins {
				if _, ok, _ := s.Get(ctx, o); ok {
					found++
				}
			}
			budget := cmpOr(tt.localBytes, redisstore.DefaultLocalBytes)
			if most, least := int(budget/body), int(budget/body/2); found > most || found < least {
				t.Errorf("%d entries of %d-byte bodies: %d held locally, want %d to %d (%s: %d bytes)",
					tt.entries, body, found, least, most, tt.src, budget)
			}
		})
	}
}

// TestLocalBytesHeap measures what the local layer really holds of
// entries read from Redis, each in a value of its own.
func TestLocalBytesHeap(t *testing.T) {
	ctx, client, prefix := testRedis(t)
	const (
		body    = 256 << 10
		entries = 48 // 12 MiB
		budget  = 4 << 20
		slack   = 1 << 20 // the client's buffers, the map
	)
	writer := newStore(t, client, prefix)
	writer.LocalSize = -1
	for i := range entries {
		o := fmt.Sprintf("https://o%d.example", i)
		if err := writer.Put(ctx, o, largeEntry(o, largeBody(body))); err != nil {
			t.Fatal(err)
		}
	}
	s := newStore(t, client, prefix)
	s.LocalBytes, s.LocalTTL = budget, time.Hour
	s.Get(ctx, "https://warm.example") // the first call makes what every later one uses
	before := heapAlloc()
	for i := range entries {
		if _, ok, err := s.Get(ctx, fmt.Sprintf("https://o%d.example", i)); !ok || err != nil {
			t.Fatalf("Get = %v, %v; want the entry", ok, err)
		}
	}
	held := int64(heapAlloc()) - int64(before)
	runtime.KeepAlive(s)
	if held > budget+slack {
		t.Errorf("%d entries of %d-byte bodies read: the heap grew by %d bytes, want at most LocalBytes %d and %d more",
			entries, body, held, budget, slack)
	}
}

func heapAlloc() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func cmpOr(v, def int64) int64 {
	if v <= 0 {
		return def
	}
	return v
}
