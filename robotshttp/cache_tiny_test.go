package robotshttp_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// TestCacheMaxMemoryTinyFiles fills a Cache with many more origins of tiny
// files than its budget holds: what it keeps besides each file's parse
// and body (its own records of the origin, the fetch, the index entries)
// must count too, or a budget of 32 MiB holds 33 MiB.
func TestCacheMaxMemoryTinyFiles(t *testing.T) {
	const budget = 2 << 20
	const origins = 6000
	for _, tt := range []struct {
		name string
		down bool // the origins refuse connections
	}{
		{"tiny files", false},
		{"unreachable origins, each with an error", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var fetches atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				fetches.Add(1)
				host, _, _ := strings.Cut(r.Host, ".")
				fmt.Fprintf(w, "User-agent: *\nDisallow: /%s/\n", host)
			}))
			defer srv.Close()
			addr := srv.Listener.Addr().String()
			if tt.down {
				srv.Close()
			}
			var d net.Dialer
			client := &http.Client{Transport: &http.Transport{
				DisableKeepAlives: true,
				DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
					fetches.Add(1)
					return d.DialContext(ctx, network, addr)
				},
			}}
			ctx := context.Background()
			before := heapAlloc()
			c := robotshttp.NewCache(&robotshttp.Fetcher{Client: client}, -1)
			c.MaxMemory = budget
			for i := range origins {
				if _, _, err := c.Decide(ctx, "bot", fmt.Sprintf("http://o%d.example/o%d/x", i, i)); err != nil {
					t.Fatal(err)
				}
			}
			held := heapAlloc() - before
			// The origins kept answer without a fetch: count them from
			// the latest back, the least recently used going first.
			fetched := fetches.Load()
			kept := 0
			for i := origins - 1; i >= 0 && fetches.Load() == fetched; i-- {
				c.Decide(ctx, "bot", fmt.Sprintf("http://o%d.example/", i))
				kept++
			}
			runtime.KeepAlive(c)
			t.Logf("%d origins, budget %d KiB: %d kept, %d KiB held, %d bytes an origin", origins, budget>>10, kept, held>>10, held/int64(max(kept, 1)))
			if held > budget {
				t.Errorf("Cache{MaxMemory: %d} held %d bytes after %d origins, want at most the budget: what it keeps of each origin is not all counted", budget, held, origins)
			}
			// A Cache that counted each origin twice over would hold
			// half its budget.
			if held < budget/2 {
				t.Errorf("Cache{MaxMemory: %d} held %d bytes, want more than half the budget: it counts more than it holds", budget, held)
			}
			if kept == origins {
				t.Errorf("all %d origins kept within %d bytes: the test does not fill the budget", origins, budget)
			}
		})
	}
}
