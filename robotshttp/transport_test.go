package robotshttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// siteServer serves a robots.txt file and records, by the fake clock, when
// each other path was requested.
type siteServer struct {
	*httptest.Server
	mu   sync.Mutex
	seen map[string][]time.Time
}

func newSiteServer(t *testing.T, robots string, clock Clock) *siteServer {
	s := &siteServer{seen: make(map[string][]time.Time)}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robots)
			return
		}
		s.mu.Lock()
		s.seen[r.URL.Path] = append(s.seen[r.URL.Path], clock.Now())
		s.mu.Unlock()
		fmt.Fprint(w, "ok")
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *siteServer) times(path string) []time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Time(nil), s.seen[path]...)
}

func TestTransport(t *testing.T) {
	clock := newFakeClock()
	site := newSiteServer(t, "User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\nCrawl-delay: 2\n", clock)
	var warnings []string
	tr := &Transport{
		Cache:  &Cache{Fetcher: &Fetcher{}, Clock: clock},
		Agents: []string{"FooBot"},
		Logf:   func(f string, a ...any) { warnings = append(warnings, fmt.Sprintf(f, a...)) },
	}
	client := &http.Client{Transport: tr}
	get := func(path, ua string) error {
		req, _ := http.NewRequest("GET", site.URL+path, nil)
		req.Header.Set("User-Agent", ua)
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}
	err := get("/private/secret", "FooBot/1.0")
	var de *DisallowedError
	if !errors.Is(err, ErrDisallowed) || !errors.As(err, &de) || de.Decision.Rule == nil || de.Decision.Rule.Line != 2 {
		t.Fatalf("disallowed request: err %v; want ErrDisallowed with the rule of line 2", err)
	}
	if len(site.times("/private/secret")) != 0 {
		t.Error("a disallowed request reached the server")
	}
	for _, p := range []string{"/", "/private/ok", "/robots.txt"} {
		if err := get(p, "FooBot/1.0"); err != nil {
			t.Errorf("GET %s: %v", p, err)
		}
	}
	if len(site.times("/")) != 1 || len(site.times("/private/ok")) != 1 {
		t.Error("allowed requests did not reach the server")
	}
	if len(warnings) != 0 {
		t.Errorf("warnings with a proper User-Agent: %q", warnings)
	}
	get("/", "Mozilla/5.0")
	get("/", "curl")
	if len(warnings) != 1 || !strings.Contains(warnings[0], "FooBot") {
		t.Errorf("warnings = %q, want one naming the token", warnings)
	}
}

func TestTransportCrawlDelay(t *testing.T) {
	clock := newFakeClock()
	slow := newSiteServer(t, "User-agent: *\nCrawl-delay: 5\n", clock)
	fast := newSiteServer(t, "User-agent: *\nDisallow:\n", clock)
	tr := &Transport{Cache: &Cache{Fetcher: &Fetcher{}, Clock: clock}, Agents: []string{"FooBot"}, CrawlDelay: true, Logf: func(string, ...any) {}}
	client := &http.Client{Transport: tr}
	for range 4 {
		for _, srv := range []*siteServer{slow, fast} {
			resp, err := client.Get(srv.URL + "/page")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
		}
	}
	ts := slow.times("/page")
	for i := 1; i < len(ts); i++ {
		if gap := ts[i].Sub(ts[i-1]); gap < 5*time.Second {
			t.Errorf("requests %d and %d to the slow origin %v apart, want at least 5s", i-1, i, gap)
		}
	}
	if len(ts) != 4 {
		t.Errorf("%d requests reached the slow origin, want 4", len(ts))
	}

	// Concurrent requests to one origin take distinct slots.
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			resp, err := client.Get(slow.URL + "/concurrent")
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
		})
	}
	wg.Wait()
	if n := len(slow.times("/concurrent")); n != 10 {
		t.Errorf("%d concurrent requests arrived, want 10", n)
	}

	// The wait ends with the request's context.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", slow.URL+"/cancelled", nil)
	if _, err := tr.RoundTrip(req); err == nil {
		t.Error("a request with a cancelled context was sent")
	}
}
