package robotshttp_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// get sends a GET for url with the User-Agent header ua through client.
func get(client *http.Client, ctx context.Context, url, ua string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("User-Agent", ua)
	resp, err := client.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

func TestTransport(t *testing.T) {
	s := newSite(t, 200, "User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\nCrawl-delay: 2\n")
	var warnings []string
	client := &http.Client{Transport: &robotshttp.Transport{
		Cache:  robotshttp.NewCache(&robotshttp.Fetcher{}, 0),
		Agents: []string{"FooBot"},
		Logf:   func(f string, a ...any) { warnings = append(warnings, fmt.Sprintf(f, a...)) },
	}}
	tests := []struct {
		name   string
		path   string
		line   int // of the rule that disallows it, 0 when it is sent
		source string
	}{
		{"disallowed", "/private/secret", 2, "RFC 9309 section 2.2.2"},
		{"allowed by a longer rule", "/private/ok", 0, "RFC 9309 section 2.2.2: the most specific match"},
		{"no rule", "/", 0, "RFC 9309 section 2.2.2"},
		{"robots.txt itself", "/robots.txt", 0, "RFC 9309 section 2.2.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := s.count(tt.path)
			err := get(client, context.Background(), s.URL+tt.path, "FooBot/1.0")
			var de *robotshttp.DisallowedError
			if tt.line == 0 {
				if err != nil || s.count(tt.path) != n+1 {
					t.Errorf("GET %s: %v, %d requests reached the server; want it sent (%s)", tt.path, err, s.count(tt.path)-n, tt.source)
				}
				return
			}
			if !errors.Is(err, robotshttp.ErrDisallowed) || !errors.As(err, &de) || de.Decision.Rule.Line != tt.line {
				t.Errorf("GET %s: %v; want ErrDisallowed by the rule of line %d (%s)", tt.path, err, tt.line, tt.source)
			}
			if got := s.count(tt.path); got != n {
				t.Errorf("GET %s: a disallowed request reached the server", tt.path)
			}
		})
	}
	if len(warnings) != 0 {
		t.Errorf("warnings with a proper User-Agent: %q", warnings)
	}
	get(client, context.Background(), s.URL+"/", "Mozilla/5.0")
	get(client, context.Background(), s.URL+"/", "curl")
	if len(warnings) != 1 || !strings.Contains(warnings[0], "FooBot") {
		t.Errorf("warnings = %q, want one naming the token", warnings)
	}
}

func TestDisallowedError(t *testing.T) {
	tests := []struct {
		name        string
		status      int    // of robots.txt after a first good fetch
		robots      string // its body then
		unreachable bool
		line        int
		message     string // after the URL
		source      string
	}{
		{"a rule of the file", 200, privateFile, false, 2, " is disallowed by robots.txt line 2 (Disallow: /private)", "RFC 9309 section 2.2.2"},
		{"unreachable, the good copy stands in", 503, "", false, 2, " is disallowed by robots.txt line 2 (Disallow: /private)", "RFC 9309 section 2.4"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// max-age=0, with no minimum: the second request fetches again.
			s := newSite(t, 200, privateFile)
			s.set(200, http.Header{"Cache-Control": {"max-age=0"}}, privateFile)
			tr := &robotshttp.Transport{Cache: &robotshttp.Cache{MinAge: -1}, Agents: []string{"bot"}}
			client := &http.Client{Transport: tr}
			get(client, context.Background(), s.URL+"/", "bot")
			s.set(tt.status, nil, tt.robots)
			checkDisallowed(t, get(client, context.Background(), s.URL+"/private", "bot"), s.URL+"/private", tt.unreachable, tt.line, tt.message, tt.source)
		})
	}
	t.Run("unreachable, no copy", func(t *testing.T) {
		s := newSite(t, 503, "")
		tr := &robotshttp.Transport{Cache: robotshttp.NewCache(&robotshttp.Fetcher{}, 0), Agents: []string{"bot"}}
		err := get(&http.Client{Transport: tr}, context.Background(), s.URL+"/public", "bot")
		checkDisallowed(t, err, s.URL+"/public", true, 2, " is disallowed: its robots.txt is unreachable", "RFC 9309 section 2.3.1.4")
		// The rule DisallowedError.Unreachable's doc names: line 2 of
		// "User-agent: *" / "Disallow: /".
		var de *robotshttp.DisallowedError
		errors.As(err, &de)
		if want := (robotstxt.Rule{Allow: false, Pattern: "/", Line: 2}); de.Decision.Rule != want {
			t.Errorf("DisallowedError.Decision.Rule = %+v, want %+v (Fetch.Robots: the unreachable verdict)", de.Decision.Rule, want)
		}
	})
}

func checkDisallowed(t *testing.T, err error, url string, unreachable bool, line int, message, source string) {
	t.Helper()
	var de *robotshttp.DisallowedError
	if !errors.As(err, &de) || !errors.Is(err, robotshttp.ErrDisallowed) {
		t.Fatalf("GET %s: %v, want a *DisallowedError (%s)", url, err, source)
	}
	if de.Unreachable != unreachable || de.Decision.Rule.Line != line {
		t.Errorf("DisallowedError: Unreachable %v, rule %+v; want %v and line %d (%s)", de.Unreachable, de.Decision.Rule, unreachable, line, source)
	}
	if want := "robotshttp: " + url + message; !strings.HasSuffix(err.Error(), want) {
		t.Errorf("Error() = %q, want it to end %q (%s)", err, want, source)
	}
}

// TestTransportMinAge runs in a synctest bubble, whose fake clock the
// Cache reads.
func TestTransportMinAge(t *testing.T) {
	tests := []struct {
		name    string
		minAge  time.Duration
		fetches []int // of robots.txt after 50 requests, 59 s on, 60 s on
		source  string
	}{
		{"default minimum", 0, []int{1, 1, 2}, "Cache.MinAge: a minute"},
		{"a minimum of 10 s", 10 * time.Second, []int{1, 2, 2}, "Cache.MinAge"},
		{"no minimum", -1, []int{50, 51, 52}, "RFC 9111 section 5.2.2.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, privateFile)
			s.set(200, http.Header{"Cache-Control": {"max-age=0"}}, privateFile)
			synctest.Test(t, func(t *testing.T) {
				client := bubbleClient(&robotshttp.Transport{
					Cache:  &robotshttp.Cache{MinAge: tt.minAge},
					Agents: []string{"bot"},
				})
				var fetches []int
				for range 50 {
					get(client, context.Background(), s.URL+"/page", "bot")
				}
				fetches = append(fetches, s.count("/robots.txt"))
				for _, after := range []time.Duration{59 * time.Second, time.Second} {
					time.Sleep(after)
					get(client, context.Background(), s.URL+"/page", "bot")
					fetches = append(fetches, s.count("/robots.txt"))
				}
				if !slices.Equal(fetches, tt.fetches) || s.count("/page") != 52 {
					t.Errorf("Cache-Control: max-age=0: %v fetches of robots.txt, %d pages sent; want %v and 52 (%s)", fetches, s.count("/page"), tt.fetches, tt.source)
				}
			})
		})
	}
}

// A countingTransport sends through a real http.Transport and counts the
// requests for each path, as a proxy or a TLS setup of the crawler's
// would see them.
type countingTransport struct {
	http.Transport
	mu   sync.Mutex
	sent map[string]int
}

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.sent[req.URL.Path]++
	c.mu.Unlock()
	return c.Transport.RoundTrip(req)
}

func TestTransportFetchesThroughBase(t *testing.T) {
	var mu sync.Mutex
	var agents []string // of the robots.txt requests
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			mu.Lock()
			agents = append(agents, r.Header.Get("User-Agent"))
			mu.Unlock()
			fmt.Fprint(w, privateFile)
		}
	})
	own := &http.Client{}
	tests := []struct {
		name    string
		fetcher *robotshttp.Fetcher
		agent   string // the robots.txt request's User-Agent
		base    int    // robots.txt requests sent through Base
		source  string
	}{
		{"a plain Fetcher", &robotshttp.Fetcher{}, "FooBot/1.0", 1, "issue 15: the request's setup"},
		{"a Fetcher's User-Agent", &robotshttp.Fetcher{UserAgent: "FooBot/2.0 (robots)"}, "FooBot/2.0 (robots)", 1, "Fetcher.UserAgent"},
		{"a Fetcher's Client", &robotshttp.Fetcher{Client: own}, "FooBot/1.0", 0, "Fetcher.Client"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			agents = nil
			mu.Unlock()
			base := &countingTransport{sent: make(map[string]int)}
			t.Cleanup(base.CloseIdleConnections)
			client := &http.Client{Transport: &robotshttp.Transport{Base: base, Cache: robotshttp.NewCache(tt.fetcher, 0), Agents: []string{"FooBot"}}}
			if err := get(client, context.Background(), srv.URL+"/page", "FooBot/1.0"); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if !slices.Equal(agents, []string{tt.agent}) || base.sent["/robots.txt"] != tt.base || base.sent["/page"] != 1 {
				t.Errorf("robots.txt fetched with User-Agent %q, %d times through Base; want %q and %d (%s)", agents, base.sent["/robots.txt"], tt.agent, tt.base, tt.source)
			}
		})
	}
}

func TestTransportZero(t *testing.T) {
	// The zero Transport is ready to use, as the zero Cache and Fetcher
	// are: it fetches the origin's file and enforces it.
	s := newSite(t, 200, privateFile)
	client := &http.Client{Transport: &robotshttp.Transport{Logf: t.Logf}}
	if err := get(client, context.Background(), s.URL+"/public", "bot"); err != nil || s.count("/public") != 1 {
		t.Errorf("GET /public through a zero Transport: %v, %d sent; want it sent", err, s.count("/public"))
	}
	if err := get(client, context.Background(), s.URL+"/private", "bot"); !errors.Is(err, robotshttp.ErrDisallowed) || s.count("/private") != 0 {
		t.Errorf("GET /private through a zero Transport: %v, %d sent; want ErrDisallowed and none (RFC 9309 section 2.2.2)", err, s.count("/private"))
	}
	if n := s.count("/robots.txt"); n != 1 {
		t.Errorf("%d fetches of robots.txt, want 1: the Transport keeps its Cache", n)
	}
}

// TestTransportRefused sends each refused request with an io.Pipe body
// whose writer blocks until the body is read or closed: http.RoundTripper
// asks RoundTrip to close the body even when it fails, and a writer left
// blocked would never learn that the request is over. Each row runs in a
// synctest bubble, where synctest.Wait tells a writer still blocked from
// one that was released.
func TestTransportRefused(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private\nCrawl-delay: 5\n")
	tests := []struct {
		name   string
		url    string
		waits  bool // a request was sent just before: this one waits 5 seconds, with a cancelled context
		source string
	}{
		{"disallowed", s.URL + "/private", false, "RFC 9309 section 2.2.2"},
		{"not http", "ftp://127.0.0.1/private", false, "RFC 9309 section 2.3: http and https only"},
		{"no host", "http:///private", false, "RFC 9309 section 2.3: an origin needs a host"},
		{"crawl-delay wait ends", s.URL + "/public", true, "Transport.CrawlDelay"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				tr := &robotshttp.Transport{Agents: []string{"bot"}, CrawlDelay: true}
				bubbleClient(tr)
				ctx := context.Background()
				if tt.waits {
					if err := get(&http.Client{Transport: tr}, ctx, s.URL+"/", "bot"); err != nil {
						t.Fatal(err)
					}
					c, cancel := context.WithCancel(ctx)
					cancel()
					ctx = c
				}
				pr, pw := io.Pipe()
				written := make(chan error, 1)
				go func() {
					_, err := pw.Write([]byte("form"))
					written <- err
				}()
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, tt.url, pr)
				req.Header.Set("User-Agent", "bot")
				if _, err := tr.RoundTrip(req); err == nil {
					t.Errorf("RoundTrip(%s) sent the request; want it refused (%s)", tt.url, tt.source)
				}
				synctest.Wait()
				select {
				case err := <-written:
					if !errors.Is(err, io.ErrClosedPipe) {
						t.Errorf("the body's writer got %v, want io.ErrClosedPipe (%s)", err, tt.source)
					}
				default:
					t.Errorf("RoundTrip(%s) left the request body open: its writer is still blocked (%s)", tt.url, tt.source)
					pr.Close()
					<-written
				}
			})
		})
	}
	if n := s.count("/private") + s.count("/public"); n != 0 {
		t.Errorf("%d refused requests reached the server, want none", n)
	}
}

// TestTransportCrawlDelay runs in a synctest bubble: the waits take no
// real time, and the fake clock tells exactly when each request went.
func TestTransportCrawlDelay(t *testing.T) {
	slow := newSite(t, 200, "User-agent: *\nCrawl-delay: 5\n")
	fast := newSite(t, 200, "User-agent: *\nDisallow:\n")
	synctest.Test(t, func(t *testing.T) {
		client := bubbleClient(&robotshttp.Transport{
			Agents:     []string{"FooBot"},
			CrawlDelay: true,
		})
		start := time.Now()
		ctx := context.Background()
		send := func(url string) time.Duration {
			if err := get(client, ctx, url, "FooBot/1.0"); err != nil {
				t.Errorf("GET %s: %v", url, err)
			}
			return time.Since(start)
		}
		// Sequential requests: the slow origin's go 5 seconds apart, the
		// fast origin's between them are not held up.
		var slowAt, fastAt []time.Duration
		for range 4 {
			slowAt = append(slowAt, send(slow.URL+"/page"))
			fastAt = append(fastAt, send(fast.URL+"/page"))
		}
		want := []time.Duration{0, 5 * time.Second, 10 * time.Second, 15 * time.Second}
		if !slices.Equal(slowAt, want) || !slices.Equal(fastAt, want) {
			t.Errorf("sent at %v to the slow origin and %v to the fast one; want both at %v", slowAt, fastAt, want)
		}

		// Concurrent requests to one origin take distinct slots.
		var mu sync.Mutex
		var concurrentAt []time.Duration
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				at := send(slow.URL + "/concurrent")
				mu.Lock()
				concurrentAt = append(concurrentAt, at)
				mu.Unlock()
			})
		}
		wg.Wait()
		slices.Sort(concurrentAt)
		want = []time.Duration{20 * time.Second, 25 * time.Second, 30 * time.Second, 35 * time.Second}
		if !slices.Equal(concurrentAt, want) || slow.count("/concurrent") != 4 {
			t.Errorf("concurrent requests sent at %v, %d arrived; want %v and 4", concurrentAt, slow.count("/concurrent"), want)
		}

		// A request whose turn, 40 seconds in and 5 after the last, comes
		// after its deadline fails at once, saying why.
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		before := time.Now()
		err := get(client, ctx, slow.URL+"/late", "FooBot/1.0")
		var ce *robotshttp.CrawlDelayError
		if waited := time.Since(before); !errors.As(err, &ce) || !errors.Is(err, robotshttp.ErrCrawlDelay) || !errors.Is(err, context.DeadlineExceeded) || waited != 0 || slow.count("/late") != 0 {
			t.Errorf("a request whose turn comes after its deadline: %v after %v, %d sent; want a CrawlDelayError and DeadlineExceeded at once, and none", err, waited, slow.count("/late"))
		} else if ce.Delay != 5*time.Second || ce.Wait != 5*time.Second || !ce.Deadline {
			t.Errorf("CrawlDelayError %+v, want a delay and wait of 5s past the deadline", ce)
		}
	})
}

// TestTransportCrawlDelayGiveUp: requests that give up while they wait
// leave no turn behind. Each row runs in a synctest bubble.
func TestTransportCrawlDelayGiveUp(t *testing.T) {
	tests := []struct {
		name  string
		delay string // Crawl-delay, in seconds
		// the request after 20 abandoned ones is sent at this time, when
		// the previous request's delay is over
		sentAt time.Duration
		source string
	}{
		{"a second", "1", time.Second, "issue 15: 20 abandoned requests held back one with a 3 s budget"},
		{"a day", "86400", 24 * time.Hour, "issue 15: each abandoned request pushed the origin back a day"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, "User-agent: *\nCrawl-delay: "+tt.delay+"\n")
			synctest.Test(t, func(t *testing.T) {
				client := bubbleClient(&robotshttp.Transport{
					Agents:     []string{"FooBot"},
					CrawlDelay: true,
				})
				start := time.Now()
				if err := get(client, context.Background(), s.URL+"/first", "FooBot/1.0"); err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				for range 20 {
					wg.Go(func() {
						ctx, cancel := context.WithCancel(context.Background())
						time.AfterFunc(50*time.Millisecond, cancel)
						if err := get(client, ctx, s.URL+"/abandoned", "FooBot/1.0"); !errors.Is(err, context.Canceled) {
							t.Errorf("an abandoned request: %v, want context.Canceled", err)
						}
					})
				}
				wg.Wait()
				ctx, cancel := context.WithTimeout(context.Background(), tt.sentAt+3*time.Second)
				defer cancel()
				err := get(client, ctx, s.URL+"/later", "FooBot/1.0")
				if sent := time.Since(start); err != nil || sent != tt.sentAt || s.count("/abandoned") != 0 {
					t.Errorf("the request after 20 abandoned ones: %v, sent at %v; %d abandoned ones sent; want it sent at %v and none (%s)", err, sent, s.count("/abandoned"), tt.sentAt, tt.source)
				}
			})
		})
	}
}

func TestTransportMaxCrawlDelay(t *testing.T) {
	tests := []struct {
		name   string
		max    time.Duration
		sent   bool // the second request, 5 seconds after the first
		source string
	}{
		{"a cap below the delay", 2 * time.Second, false, "Transport.MaxCrawlDelay"},
		{"a cap at the delay", 5 * time.Second, true, "Transport.MaxCrawlDelay"},
		{"the default cap, a day", 0, true, "the default cap, a day: the longest Crawl-delay read"},
		{"a negative cap: no wait", -1, false, "Transport.MaxCrawlDelay: a negative value waits for no turn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, "User-agent: *\nCrawl-delay: 5\n")
			synctest.Test(t, func(t *testing.T) {
				client := bubbleClient(&robotshttp.Transport{
					Agents:        []string{"FooBot"},
					CrawlDelay:    true,
					MaxCrawlDelay: tt.max,
				})
				if err := get(client, context.Background(), s.URL+"/first", "FooBot/1.0"); err != nil {
					t.Fatal(err)
				}
				before := time.Now()
				err := get(client, context.Background(), s.URL+"/second", "FooBot/1.0")
				waited := time.Since(before)
				if tt.sent {
					if err != nil || waited != 5*time.Second || s.count("/second") != 1 {
						t.Errorf("second request: %v after %v; want it sent after 5s (%s)", err, waited, tt.source)
					}
					return
				}
				var ce *robotshttp.CrawlDelayError
				if !errors.As(err, &ce) || !errors.Is(err, robotshttp.ErrCrawlDelay) || errors.Is(err, context.DeadlineExceeded) || waited != 0 || s.count("/second") != 0 {
					t.Fatalf("second request: %v after %v; want a CrawlDelayError at once, not sent (%s)", err, waited, tt.source)
				}
				if ce.Delay != 5*time.Second || ce.Deadline || !strings.Contains(err.Error(), "Crawl-delay of 5s") {
					t.Errorf("CrawlDelayError %+v, %q; want the delay of 5s and the crawler's maximum (%s)", ce, err, tt.source)
				}
			})
		})
	}
}

// TestTransportNames checks how a Transport names its crawler: Agents
// given as a versioned name or a whole User-Agent header are read as the
// leading name (RFC 9309 section 2.2.1, as files write names), and
// without Agents each request's User-Agent header names it.
func TestTransportNames(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nAllow: /\n\nUser-agent: MJ12bot\nDisallow: /private\n\nUser-agent: MyCrawler\nDisallow: /\n")
	tests := []struct {
		name    string
		agents  []string
		ua      string
		path    string
		refused bool
		logged  string // in the one line Logf gets, "" for none
	}{
		{"Agents: a versioned name", []string{"MJ12bot/1.4"}, "MJ12bot/1.4", "/private/x", true, ""},
		{"Agents: a whole User-Agent", []string{"MyCrawler/1.0 (+https://example.com/bot)"}, "MyCrawler/1.0 (+https://example.com/bot)", "/x", true, ""},
		{"Agents: a longer name is another crawler", []string{"MyCrawlerPro"}, "MyCrawlerPro/2", "/x", false, ""},
		{"no Agents: the header names the crawler", nil, "MyCrawler/1.0 (+https://example.com/bot)", "/x", true, `names the crawler "MyCrawler"`},
		{"no Agents: another crawler's header", nil, "OtherBot/3.1", "/x", false, `names the crawler "OtherBot"`},
		{"no Agents, a header without a name: warned", nil, "Foo (compatible; +https://example.com/bot)", "/x", false, "names no crawler"},
		{"no Agents, a header that reads as no crawler: refused, warned", nil, "(compatible)", "/x", true, "every request is refused"},
		{"Agents the header does not carry: warned", []string{"MJ12bot"}, "Mozilla/5.0", "/private/x", true, "does not contain"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var warnings []string
			client := &http.Client{Transport: &robotshttp.Transport{
				Cache:  robotshttp.NewCache(&robotshttp.Fetcher{}, 0),
				Agents: tt.agents,
				Logf:   func(f string, a ...any) { warnings = append(warnings, fmt.Sprintf(f, a...)) },
			}}
			for range 2 { // a warning comes once
				err := get(client, context.Background(), s.URL+tt.path, tt.ua)
				if refused := errors.Is(err, robotshttp.ErrDisallowed); refused != tt.refused {
					t.Fatalf("GET %s as %q: %v, refused %v, want %v", tt.path, tt.ua, err, refused, tt.refused)
				}
			}
			switch {
			case tt.logged == "" && len(warnings) != 0:
				t.Errorf("Logf got %q, want nothing", warnings)
			case tt.logged != "" && (len(warnings) != 1 || !strings.Contains(warnings[0], tt.logged)):
				t.Errorf("Logf got %q, want one line with %q", warnings, tt.logged)
			}
		})
	}
}

// TestTransportMalformedRequest gives RoundTrip requests that
// http.NewRequest never makes: it fails them, as http.Transport does,
// rather than panic, and closes their bodies.
func TestTransportMalformedRequest(t *testing.T) {
	s := newSite(t, 200, privateFile)
	tr := &robotshttp.Transport{Base: s.Client().Transport}
	body := &trackedBody{Reader: strings.NewReader("x")}
	tests := []struct {
		name string
		req  *http.Request
	}{
		{"nil URL", &http.Request{Method: "GET", Header: http.Header{}, Body: body}},
		{"nil Request", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := tr.RoundTrip(tt.req)
			if resp != nil || err == nil || !strings.HasPrefix(err.Error(), "robotshttp: ") {
				t.Errorf("RoundTrip = %v, %v; want nil and a robotshttp: error", resp, err)
			}
		})
	}
	if !body.closed {
		t.Errorf("RoundTrip left the body of a request without a URL open; want it closed, as http.RoundTripper asks")
	}
}

// TestTransportCrawlers checks a Transport without Agents, which takes
// the crawler from each request's User-Agent header, and with them: a
// crawler the
// crawlers registry knows obeys the group its operator documents, and
// any other the group of the name its header gives, not the "Mozilla" of
// a browser-shaped header. The Transport says once what it identified.
func TestTransportCrawlers(t *testing.T) {
	const file = "User-agent: *\nDisallow: /\n\n" +
		"User-agent: ExampleBot\nDisallow: /private\n\n" +
		"User-agent: Googlebot\nDisallow: /google\n"
	s := newSite(t, 200, file)
	tests := []struct {
		name    string
		agents  []string
		ua      string
		path    string
		refused bool
		logged  string // in the one line Logf gets, "" for none
		source  string
	}{
		{"an unknown crawler in a browser's header", nil, "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)", "/public", false, "ExampleBot", "crawlers.Name: the word after \"compatible;\""},
		{"its group decides", nil, "Mozilla/5.0 (compatible; ExampleBot/1.0; +https://example.com/bot)", "/private", true, "ExampleBot", "RFC 9309 section 2.2.1"},
		{"a known crawler follows its next token", nil, "Googlebot-Image/1.0", "/public", false, "Googlebot-Image", "Google's common crawlers: Googlebot-Image obeys Googlebot's group"},
		{"and is refused by it", nil, "Googlebot-Image/1.0", "/google/x", true, "Googlebot-Image", "Google's common crawlers"},
		{"Agents of one name: as the header would be", []string{"Googlebot-Image"}, "Googlebot-Image/1.0", "/public", false, "", "Google's common crawlers: Googlebot-Image obeys Googlebot's group"},
		{"Agents of several names: their groups merged", []string{"Googlebot-Image", "Googlebot-News"}, "Googlebot-Image/1.0", "/public", true, "", "RFC 9309 section 2.2.1: no group names either, the * group"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logs []string
			client := &http.Client{Transport: &robotshttp.Transport{
				Cache:  robotshttp.NewCache(&robotshttp.Fetcher{}, 0),
				Agents: tt.agents,
				Logf:   func(f string, a ...any) { logs = append(logs, fmt.Sprintf(f, a...)) },
			}}
			for range 2 { // said once, not per request
				err := get(client, context.Background(), s.URL+tt.path, tt.ua)
				if refused := errors.Is(err, robotshttp.ErrDisallowed); refused != tt.refused {
					t.Fatalf("GET %s as %q: %v, refused %v, want %v (%s)", tt.path, tt.ua, err, refused, tt.refused, tt.source)
				}
			}
			switch {
			case tt.logged == "" && len(logs) != 0:
				t.Errorf("Logf got %q, want nothing", logs)
			case tt.logged != "" && (len(logs) != 1 || !strings.Contains(logs[0], tt.logged)):
				t.Errorf("Logf got %q, want one line naming %q", logs, tt.logged)
			}
		})
	}
}

// TestTransportLogfNil checks that a nil Transport.Logf is silent, as a
// nil Cache.Logf is: a note the Transport would give, with a header that
// names no crawler, reaches neither the standard logger nor anything
// else. The test reads the standard logger's output, and puts it back.
func TestTransportLogfNil(t *testing.T) {
	var out strings.Builder
	w, flags := log.Writer(), log.Flags()
	log.SetOutput(&out)
	t.Cleanup(func() { log.SetOutput(w); log.SetFlags(flags) })
	s := newSite(t, 200, privateFile)
	for _, agents := range [][]string{nil, {"ExampleBot"}} {
		client := &http.Client{Transport: &robotshttp.Transport{Agents: agents}}
		if err := get(client, context.Background(), s.URL+"/", "Go-http-client/1.1"); err != nil {
			t.Fatal(err)
		}
	}
	if out.Len() != 0 {
		t.Errorf("Transport{Logf: nil} wrote %q to the standard logger, want nothing", out.String())
	}
}
