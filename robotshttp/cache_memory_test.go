package robotshttp_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// largeFile returns a robots.txt file of about size bytes, of the kinds
// of lines large real files are made of: many groups of rules with
// wildcards and end anchors, comments and sitemaps. Each site's is its
// own, so that no two parses can share anything.
func largeFile(site, size int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# robots.txt of site %d\nSitemap: https://site%d.example/sitemap.xml\n", site, site)
	b.WriteString("\nUser-agent: *\nDisallow: /users/*/settings\n")
	for i := 0; b.Len() < size; i++ {
		if i%50 == 0 {
			fmt.Fprintf(&b, "\nUser-agent: bot%d\nUser-agent: crawler-%d\n", i/50, site)
		}
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "Disallow: /catalog/%d/*/filter=%d$\n", i, site)
		case 1:
			fmt.Fprintf(&b, "Allow: /catalog/%d/page-%d.html\n", i, i*7)
		case 2:
			fmt.Fprintf(&b, "Disallow: /users/%d/settings?tab=*&sort=%d\n", i, site)
		case 3:
			fmt.Fprintf(&b, "# section %d of the shop, updated weekly\n", i)
		case 4:
			fmt.Fprintf(&b, "Disallow: /search/*q=%d*\n", i)
		}
	}
	return b.String()
}

// hostsServer serves /robots.txt by the request's Host from files, and
// returns a client that sends every request to it whatever the URL's
// host, so that one loopback server stands for many origins. Its
// connections close after each response, so that none holds buffers
// while the heap is measured.
func hostsServer(t *testing.T, files map[string]string) (*http.Client, func(host string) int) {
	var mu sync.Mutex
	hits := make(map[string]int)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits[r.Host]++
		mu.Unlock()
		if r.URL.Path != "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, files[r.Host])
	})
	var d net.Dialer
	tr := &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, srv.Listener.Addr().String())
		},
	}
	count := func(host string) int {
		mu.Lock()
		defer mu.Unlock()
		return hits[host]
	}
	return &http.Client{Transport: tr}, count
}

// heapAlloc returns the bytes of live heap objects, after collecting
// garbage twice: once for the garbage, once for what sync.Pools kept of
// it through the first.
func heapAlloc() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

func TestCacheMemoryPerOrigin(t *testing.T) {
	// A Cache without a Store keeps each origin's body, so that its
	// Lookups can parse it in any mode, and the parse of it: no more,
	// however it came to be kept.
	const origins, size = 40, 300 << 10
	files := make(map[string]string, origins)
	bodies := 0
	for i := range origins {
		host := fmt.Sprintf("site%d.example", i)
		files[host] = largeFile(i, size)
		bodies += len(files[host])
	}
	client, count := hostsServer(t, files)

	before := heapAlloc()
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: client}}
	for host := range files {
		if allowed, _ := decide(t, c, "http://"+host+"/users/1/settings?tab=a&sort=1"); allowed {
			t.Fatalf("Allowed(%q, %q) = true, want false", "bot", "/users/1/settings?tab=a&sort=1")
		}
	}
	retained := heapAlloc() - before
	runtime.KeepAlive(c)

	// A Cache that kept nothing would pass the bound: every origin must
	// still answer without a fetch.
	for host := range files {
		decide(t, c, "http://"+host+"/")
		if n := count(host); n != 1 {
			t.Fatalf("%s fetched %d times, want 1: the cache did not keep it", host, n)
		}
	}
	ratio := float64(retained) / float64(bodies)
	t.Logf("%d origins of %d KiB: %d KiB retained in all, %.2f times the bodies", origins, bodies/origins>>10, retained>>10, ratio)
	// The parses of these files take 0.87 times their bodies, the same
	// under -race, and the bodies once more. The bound catches a second
	// copy of each body, or a second parse, with room for the parser to
	// grow.
	if ratio > 2.4 {
		t.Errorf("%d origins retained %.2f times the bytes of their bodies, want at most 2.4: a body or a parse is kept twice", origins, ratio)
	}
}

// TestCacheSharedStore gives one store to Caches of two modes: the
// entries it gets are whole, so each parses the one fetch in its own
// mode.
func TestCacheSharedStore(t *testing.T) {
	ctx := context.Background()
	s := newSite(t, 200, "User-agent: *\nDisallow: /\n")
	store := newMapStore()
	rfc := &robotshttp.Cache{Store: store}
	google := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Options: robotstxt.Options{Mode: robotstxt.Google}}, Store: store}
	for i, c := range []*robotshttp.Cache{rfc, google, rfc, google} {
		// /robots.txt is always allowed in RFC mode (RFC 9309 section
		// 2.2.2), and obeys the rules in Google mode.
		d, _, err := c.Decide(ctx, "bot", s.URL+"/robots.txt")
		if err != nil {
			t.Fatal(err)
		}
		if want := c.Fetcher.Options.Mode == robotstxt.RFC; d.Allowed != want {
			t.Errorf("call %d, mode %v: Allowed(%q, %q) = %v, want %v", i, c.Fetcher.Options.Mode, "bot", "/robots.txt", d.Allowed, want)
		}
	}
	if n := s.count("/robots.txt"); n != 1 {
		t.Errorf("%d fetches of robots.txt, want 1: the store's entry serves both modes", n)
	}
}

// TestCacheMaxMemoryCountsTexts fetches from origins whose redirects send
// a megabyte's Location, which the fetch's Err keeps: each entry holds
// that much, and must count for it, or a crawler that meets such origins
// holds 2,000 times MaxMemory (a 512-byte entry holding 1 MiB).
func TestCacheMaxMemoryCountsTexts(t *testing.T) {
	const text = 1 << 20
	location := strings.Repeat("x", text) + ":" // a scheme of a megabyte
	var mu sync.Mutex
	hits := map[string]int{}
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hits[r.Host]++
		mu.Unlock()
		w.Header().Set("Location", location)
		w.WriteHeader(http.StatusMovedPermanently)
	})
	var d net.Dialer
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, srv.Listener.Addr().String())
		}}}
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: client}, MaxMemory: 3 * text}
	for i := range 4 {
		_, l := decide(t, c, fmt.Sprintf("http://o%d.example/x", i))
		if l.Fetch.Err == nil || len(l.Fetch.Err.Error()) < text {
			t.Fatalf("o%d: Err %v; want one that holds the Location", i, l.Fetch.Err)
		}
	}
	decide(t, c, "http://o0.example/x")
	mu.Lock()
	defer mu.Unlock()
	if hits["o0.example"] != 2 {
		t.Errorf("o0.example fetched %d times, want 2: four entries of 1 MiB each are over a MaxMemory of 3 MiB, so the least recently used goes", hits["o0.example"])
	}
}
