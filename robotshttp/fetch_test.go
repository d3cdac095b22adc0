package robotshttp

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rfc9309/robotstxt"
)

func TestOrigin(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"http://example.com:1234/x", "http://example.com:1234"},
		{"http://example.com:80/x?y", "http://example.com"},
		{"https://example.com:443/", "https://example.com"},
		{"https://example.com:80/", "https://example.com:80"},
		{"HTTP://Example.COM/a", "http://example.com"},
		{"http://Bücher.example/x", "http://xn--bcher-kva.example"},
		{"http://xn--bcher-kva.example/y", "http://xn--bcher-kva.example"},
		{"http://[::1]:8080/x", "http://[::1]:8080"},
	}
	for _, tt := range tests {
		got, err := Origin(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Origin(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"ftp://example.com/", "/relative", "http:///nohost", "http://exa mple.com/"} {
		if _, err := Origin(bad); err == nil || !strings.HasPrefix(err.Error(), "robotshttp: ") {
			t.Errorf("Origin(%q) error = %v, want a robotshttp: error", bad, err)
		}
	}
	if got, _ := RobotsURL("https://Example.com:8443/a/b?c#d"); got != "https://example.com:8443/robots.txt" {
		t.Errorf("RobotsURL = %q", got)
	}
}

// hasCode reports whether r has a diagnostic with the code.
func hasCode(r *robotstxt.Robots, code string) bool {
	return slices.ContainsFunc(r.Diagnostics(), func(d robotstxt.Diagnostic) bool { return d.Code == code })
}

// robotsServer serves body at /robots.txt with the given status, and
// counts the requests it gets.
func robotsServer(t *testing.T, status int, body string) (*httptest.Server, *atomic.Int32) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(status)
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func TestFetchStatus(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private\n"
	tests := []struct {
		status  int
		access  Access
		google  bool // TooManyRequestsUnreachable
		private bool // is /private allowed afterwards?
	}{
		{200, Available, false, false},
		{204, Available, false, true},
		{404, Unavailable, false, true},
		{401, Unavailable, false, true},
		{403, Unavailable, false, true},
		{410, Unavailable, false, true},
		{429, Unavailable, false, true},
		{429, Unreachable, true, false},
		{500, Unreachable, false, false},
		{503, Unreachable, false, false},
	}
	for _, tt := range tests {
		srv, _ := robotsServer(t, tt.status, body)
		f := &Fetcher{TooManyRequestsUnreachable: tt.google}
		res := f.Fetch(context.Background(), srv.URL+"/robots.txt")
		if res.Access != tt.access || res.StatusCode != tt.status {
			t.Errorf("status %d (429 unreachable: %v): Access %v, StatusCode %d; want %v", tt.status, tt.google, res.Access, res.StatusCode, tt.access)
		}
		r := res.Robots(robotstxt.Options{})
		if got := r.Allowed("bot", "/private"); got != tt.private {
			t.Errorf("status %d: Allowed(/private) = %v, want %v", tt.status, got, tt.private)
		}
		if !r.Allowed("bot", "/robots.txt") {
			t.Errorf("status %d: /robots.txt disallowed", tt.status)
		}
	}
}

func TestFetchBody(t *testing.T) {
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	const body = "User-agent: *\nDisallow: /private\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/gzip/robots.txt", "/forced-gzip/robots.txt":
			if r.URL.Path == "/gzip/robots.txt" && !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
				t.Errorf("no Accept-Encoding: gzip in the request")
			}
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz(body))
		case "/big/robots.txt":
			fmt.Fprint(w, "User-agent: *\n")
			for range 100000 {
				fmt.Fprint(w, "Disallow: /x\n")
			}
			fmt.Fprint(w, "Disallow: /private\n")
		case "/random/robots.txt":
			b := make([]byte, 4096)
			rand.New(rand.NewSource(1)).Read(b)
			w.Write(b)
		case "/html/robots.txt":
			fmt.Fprint(w, "<!DOCTYPE html><html><body><p>Not found</p></body></html>")
		case "/cut/robots.txt":
			w.Header().Set("Content-Length", "1000")
			fmt.Fprint(w, body)
			w.(http.Flusher).Flush()
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		case "/ua/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow: /%s\n", strings.ReplaceAll(r.Header.Get("User-Agent"), " ", "_"))
		}
	}))
	defer srv.Close()
	get := func(path string, f *Fetcher) (*Fetch, *robotstxt.Robots) {
		res := f.Fetch(context.Background(), srv.URL+path)
		return res, res.Robots(f.Options)
	}
	if res, r := get("/gzip/robots.txt", &Fetcher{}); res.Access != Available || r.Allowed("b", "/private") {
		t.Errorf("gzip: %v, /private allowed %v", res.Access, r.Allowed("b", "/private"))
	}
	noAuto := &Fetcher{Client: &http.Client{Transport: &http.Transport{DisableCompression: true}}}
	if res, r := get("/forced-gzip/robots.txt", noAuto); res.Access != Available || r.Allowed("b", "/private") {
		t.Errorf("gzip the transport did not ask for: %v, /private allowed %v, err %v", res.Access, r.Allowed("b", "/private"), res.Err)
	}
	res, r := get("/big/robots.txt", &Fetcher{})
	if !res.Truncated || len(res.Body) != robotstxt.DefaultMaxBytes+1 || !r.Allowed("b", "/private") || r.Allowed("b", "/x") || !hasCode(r, robotstxt.CodeTruncated) {
		t.Errorf("over the limit: truncated %v, %d bytes kept, /private allowed %v", res.Truncated, len(res.Body), r.Allowed("b", "/private"))
	}
	res, r = get("/big/robots.txt", &Fetcher{Options: robotstxt.Options{MaxBytes: -1}})
	if res.Truncated || r.Allowed("b", "/private") {
		t.Errorf("no limit: truncated %v, /private allowed %v", res.Truncated, r.Allowed("b", "/private"))
	}
	if res, r := get("/random/robots.txt", &Fetcher{}); res.Access != Available || !r.Allowed("b", "/x") {
		t.Errorf("random bytes: %v, allowed %v", res.Access, r.Allowed("b", "/x"))
	}
	if res, r := get("/html/robots.txt", &Fetcher{}); res.Access != Available || !r.Allowed("b", "/x") || !hasCode(r, robotstxt.CodeNotRobotsTxt) {
		t.Errorf("HTML page: %v, allowed %v, diagnostics %v", res.Access, r.Allowed("b", "/x"), r.Diagnostics())
	}
	if res, r := get("/cut/robots.txt", &Fetcher{}); res.Access != Unreachable || res.Err == nil || r.Allowed("b", "/x") {
		t.Errorf("connection closed mid-body: %v, %v, allowed %v", res.Access, res.Err, r.Allowed("b", "/x"))
	}
	if _, r := get("/ua/robots.txt", &Fetcher{UserAgent: "FooBot/1.0"}); r.Allowed("b", "/FooBot/1.0") {
		t.Error("the User-Agent header was not sent")
	}
}

func TestFetchTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	start := time.Now()
	res := (&Fetcher{Timeout: 100 * time.Millisecond}).Fetch(context.Background(), srv.URL+"/robots.txt")
	if res.Access != Unreachable || res.Err == nil {
		t.Errorf("server that never answers: %v, %v; want unreachable", res.Access, res.Err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the fetch took %v", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res := (&Fetcher{}).Fetch(ctx, srv.URL+"/robots.txt"); res.Access != Unreachable {
		t.Errorf("cancelled context: %v, want unreachable", res.Access)
	}
	// A port nobody listens on.
	closed := httptest.NewServer(http.NotFoundHandler())
	url := closed.URL
	closed.Close()
	if res := (&Fetcher{}).Fetch(context.Background(), url+"/robots.txt"); res.Access != Unreachable {
		t.Errorf("connection refused: %v, want unreachable", res.Access)
	}
}

func TestFetchRedirects(t *testing.T) {
	const body = "User-agent: *\nDisallow: /private\n"
	other, _ := robotsServer(t, 200, body)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// /hop/N/CODE redirects to /hop/N-1/CODE; /hop/0 answers, on the
		// other server for /cross.
		var n, code int
		var cross string
		fmt.Sscanf(r.URL.Path, "/hop/%d/%d", &n, &code)
		if strings.HasSuffix(r.URL.Path, "/cross") {
			cross = "/cross"
		}
		switch {
		case strings.HasPrefix(r.URL.Path, "/loop"):
			http.Redirect(w, r, "/loop", http.StatusFound)
		case n == 0 && cross != "":
			http.Redirect(w, r, other.URL+"/robots.txt", code)
		case n == 0:
			fmt.Fprint(w, body)
		default:
			http.Redirect(w, r, fmt.Sprintf("/hop/%d/%d%s", n-1, code, cross), code)
		}
	}))
	defer srv.Close()
	for _, code := range []int{301, 302, 307, 308} {
		for hops := 1; hops <= 6; hops++ {
			for _, cross := range []string{"", "/cross"} {
				// hops redirects in all: the last one crosses servers for /cross.
				n := hops
				if cross != "" {
					n = hops - 1
				}
				res := (&Fetcher{}).Fetch(context.Background(), fmt.Sprintf("%s/hop/%d/%d%s", srv.URL, n, code, cross))
				want := Available
				if hops > DefaultMaxRedirects {
					want = Unavailable
				}
				if res.Access != want {
					t.Errorf("%d x %d%s: %v (%v), want %v", hops, code, cross, res.Access, res.Err, want)
				}
				if want == Available && (res.Redirects != hops || res.Robots(robotstxt.Options{}).Allowed("b", "/private")) {
					t.Errorf("%d x %d%s: %d redirects followed, /private allowed %v", hops, code, cross, res.Redirects, res.Robots(robotstxt.Options{}).Allowed("b", "/private"))
				}
			}
		}
	}
	if res := (&Fetcher{}).Fetch(context.Background(), srv.URL+"/loop"); res.Access != Unavailable {
		t.Errorf("redirect loop: %v, want unavailable", res.Access)
	}
	if res := (&Fetcher{MaxRedirects: 1}).Fetch(context.Background(), srv.URL+"/hop/2/302"); res.Access != Unavailable {
		t.Errorf("2 redirects with MaxRedirects 1: %v, want unavailable", res.Access)
	}
}

// fakeClock is a Clock whose time moves only when told to, or when a
// caller sleeps: Sleep advances it by the duration at once.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func (c *fakeClock) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d > 0 {
		c.Advance(d)
	}
	return nil
}

// switchServer serves robots.txt with a status and body that tests change.
type switchServer struct {
	*httptest.Server
	mu     sync.Mutex
	status int
	body   string
	header http.Header
	hits   atomic.Int32
}

func newSwitchServer(t *testing.T) *switchServer {
	s := &switchServer{status: 200, body: "User-agent: *\nDisallow: /private\n"}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		s.mu.Lock()
		defer s.mu.Unlock()
		for k, v := range s.header {
			w.Header()[k] = v
		}
		w.WriteHeader(s.status)
		fmt.Fprint(w, s.body)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *switchServer) set(status int, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status, s.body = status, body
}

func TestCacheLifetime(t *testing.T) {
	s := newSwitchServer(t)
	clock := newFakeClock()
	c := &Cache{Fetcher: &Fetcher{}, Clock: clock}
	ctx := context.Background()
	allowed := func(path string) bool {
		t.Helper()
		d, _, err := c.Decide(ctx, s.URL+path, "bot")
		if err != nil {
			t.Fatal(err)
		}
		return d.Allowed
	}
	if allowed("/private") || s.hits.Load() != 1 {
		t.Fatalf("first look-up: /private allowed or %d fetches", s.hits.Load())
	}
	s.set(200, "User-agent: *\nDisallow: /other\n")
	clock.Advance(23 * time.Hour)
	if allowed("/private") || s.hits.Load() != 1 {
		t.Errorf("after 23 hours: refetched (%d) or new rules applied", s.hits.Load())
	}
	clock.Advance(time.Hour)
	if !allowed("/private") || s.hits.Load() != 2 {
		t.Errorf("after 24 hours: %d fetches, /private allowed %v; want a refetch and the new rules", s.hits.Load(), allowed("/private"))
	}

	// A shorter max-age wins.
	s.mu.Lock()
	s.header = http.Header{"Cache-Control": {"public, max-age=60"}}
	s.mu.Unlock()
	clock.Advance(24 * time.Hour)
	allowed("/")
	n := s.hits.Load()
	clock.Advance(59 * time.Second)
	allowed("/")
	if s.hits.Load() != n {
		t.Error("refetched before max-age")
	}
	clock.Advance(time.Second)
	allowed("/")
	if s.hits.Load() != n+1 {
		t.Error("not refetched at max-age")
	}
}

func TestCacheUnreachable(t *testing.T) {
	for _, policy := range []StalePolicy{StaleDisallow, StaleAllow, StaleKeep} {
		s := newSwitchServer(t)
		clock := newFakeClock()
		c := &Cache{Fetcher: &Fetcher{}, Clock: clock, AfterStale: policy}
		ctx := context.Background()
		look := func() *Lookup {
			l, err := c.Get(ctx, s.URL+"/")
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		look()
		s.set(503, "")
		clock.Advance(25 * time.Hour)
		l := look()
		if !l.Stale || l.Robots.Allowed("b", "/private") || !l.Robots.Allowed("b", "/public") || l.Latest.Access != Unreachable {
			t.Errorf("%v: unreachable after a good fetch: stale %v, /public allowed %v; want the good copy", policy, l.Stale, l.Robots.Allowed("b", "/public"))
		}
		// 29 days on, still the copy; past 30 days from the good fetch, the policy.
		clock.Advance(28 * 24 * time.Hour)
		if l := look(); !l.Stale {
			t.Errorf("%v: after 29 days the stale copy was dropped", policy)
		}
		clock.Advance(2 * 24 * time.Hour)
		l = look()
		want := map[StalePolicy]bool{StaleDisallow: false, StaleAllow: true, StaleKeep: true}[policy]
		if got := l.Robots.Allowed("b", "/public"); got != want {
			t.Errorf("%v: after 31 days, /public allowed %v, want %v", policy, got, want)
		}
		if policy == StaleKeep && l.Robots.Allowed("b", "/private") {
			t.Errorf("StaleKeep: the copy's rules no longer apply")
		}
	}
	// Unreachable with no copy: disallow everything but /robots.txt.
	s := newSwitchServer(t)
	s.set(500, "")
	c := &Cache{Fetcher: &Fetcher{}, Clock: newFakeClock()}
	d, _, _ := c.Decide(context.Background(), s.URL+"/x", "bot")
	if d.Allowed || d.Rule == nil || d.Rule.Line != 0 {
		t.Errorf("unreachable, no copy: %+v, want disallowed by the line-0 rule", d)
	}
}

func TestCacheOneFetchPerOrigin(t *testing.T) {
	release := make(chan struct{})
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		<-release
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	c := NewCache(&Fetcher{}, 0)
	var wg sync.WaitGroup
	var disallowed atomic.Int32
	for i := range 100 {
		wg.Go(func() {
			d, _, err := c.Decide(context.Background(), fmt.Sprintf("%s/private/%d", srv.URL, i), "bot")
			if err != nil {
				t.Error(err)
			}
			if !d.Allowed {
				disallowed.Add(1)
			}
		})
	}
	time.Sleep(50 * time.Millisecond) // let the callers pile up on the fetch
	close(release)
	wg.Wait()
	if hits.Load() != 1 || disallowed.Load() != 100 {
		t.Errorf("100 concurrent callers: %d fetches, %d disallowed; want 1 and 100", hits.Load(), disallowed.Load())
	}
	// A caller that gives up does not spoil the fetch for the others.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewCache(&Fetcher{}, 0).Get(ctx, srv.URL+"/"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled caller: %v, want context.Canceled", err)
	}
}

func TestMemoryStoreEviction(t *testing.T) {
	s := NewMemoryStore(3)
	for _, k := range []string{"a", "b", "c"} {
		s.Put(k, &Entry{})
	}
	s.Get("a") // a is now the most recent; b the least
	s.Put("d", &Entry{})
	if _, ok := s.Get("b"); ok || s.Len() != 3 {
		t.Errorf("after a fourth entry: b kept %v, %d entries; want b evicted and 3", ok, s.Len())
	}
	for _, k := range []string{"a", "c", "d"} {
		if _, ok := s.Get(k); !ok {
			t.Errorf("%s evicted", k)
		}
	}
	// Through a cache: a bound of 2 origins.
	var servers []*switchServer
	for range 3 {
		servers = append(servers, newSwitchServer(t))
	}
	store := NewMemoryStore(2)
	c := &Cache{Fetcher: &Fetcher{}, Store: store, Clock: newFakeClock()}
	for _, srv := range append(servers, servers[0]) {
		c.Get(context.Background(), srv.URL+"/")
	}
	if store.Len() != 2 || servers[0].hits.Load() != 2 {
		t.Errorf("cache bound 2 over 3 origins: %d entries, first origin fetched %d times; want 2 and 2", store.Len(), servers[0].hits.Load())
	}
}
