package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

// A stepClock is a serveConfig.now that moves on by step at each call and
// counts its calls; at call cancelAt (when not 0) it also ends the
// request's context, as a client going away does.
type stepClock struct {
	mu       sync.Mutex
	t        time.Time
	step     time.Duration
	calls    int
	cancelAt int
	cancel   context.CancelFunc
}

func (c *stepClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	if c.calls == c.cancelAt {
		c.cancel()
	}
	t := c.t
	c.t = c.t.Add(c.step)
	return t
}

// manyTargets returns n targets, distinct.
func manyTargets(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("/private/%d", i)
	}
	return out
}

// TestServeDeadline checks that each endpoint stops deciding at its
// deadline and says so: with a clock that moves one second per reading
// and a 20 s limit, the work ends at the 20th decision, of hundreds asked.
func TestServeDeadline(t *testing.T) {
	targets := manyTargets(100)
	tests := []struct {
		name, source, path string
		body               any
		planned            int
	}{
		{"check", "a deadline per request, checked between decisions", "/api/check",
			map[string]any{"robots": serveExample, "agents": []string{"Googlebot", "GPTBot"}, "targets": targets}, 200},
		{"diff", "the same in diff", "/api/diff",
			map[string]any{"old": serveExample, "new": "", "agents": []string{"Googlebot"}, "targets": targets}, 100},
		{"ai", "the same in the AI audit", "/api/ai",
			map[string]any{"robots": serveExample, "targets": targets}, len(crawlers.Audit(nil).Verdicts) * 100},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := &stepClock{t: time.Now(), step: time.Second}
			h := newTestHandler(t, serveConfig{requestTimeout: 20 * time.Second, now: clock.now})
			rec := post(t, h, tt.path, "application/json", mustJSON(tt.body))
			want := fmt.Sprintf("the answer was cut at the tester's 20s limit, after 19 of %d decisions", tt.planned)
			if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), want) {
				t.Errorf("POST %s: status %d, %.300s; want 503 and %q (%s)", tt.path, rec.Code, rec.Body, want, tt.source)
			}
			// One reading for the deadline, one before each decision:
			// the 20th finds the deadline passed, and nothing is read
			// after it.
			if clock.calls != 21 {
				t.Errorf("POST %s: the clock was read %d times, want 21: work went on past the deadline", tt.path, clock.calls)
			}
		})
	}
}

// TestBudgetContextDeadline checks that a deadline the request's context
// sees before the clock does is reported as the cut it is, not as a
// client gone.
func TestBudgetContextDeadline(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	b := &budget{ctx: ctx, now: time.Now, deadline: time.Now().Add(time.Hour), timeout: 20 * time.Second, planned: 7}
	want := "the answer was cut at the tester's 20s limit, after 0 of 7 decisions"
	if err := b.spend(); err == nil || !strings.Contains(err.message, want) {
		t.Errorf("spend() past the context's deadline = %+v, want %q", err, want)
	}
}

// TestServeClientGone checks that the work stops when the client goes
// away: the request's context ends during the 5th decision, and no
// decision follows.
func TestServeClientGone(t *testing.T) {
	for _, path := range []string{"/api/check", "/api/diff", "/api/ai"} {
		t.Run(path, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			clock := &stepClock{t: time.Now(), cancelAt: 6, cancel: cancel}
			h := newTestHandler(t, serveConfig{now: clock.now})
			body := mustJSON(map[string]any{"robots": serveExample, "targets": manyTargets(100)})
			if path == "/api/diff" {
				body = mustJSON(map[string]any{"old": serveExample, "targets": manyTargets(100)})
			}
			req := httptest.NewRequestWithContext(ctx, http.MethodPost, path, strings.NewReader(body))
			req.Host = "localhost"
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if clock.calls != 6 {
				t.Errorf("POST %s: the clock was read %d times, want 6: work went on after the client went away", path, clock.calls)
			}
			if rec.Code == http.StatusOK {
				t.Errorf("POST %s: status 200 after the client went away, want an error", path)
			}
		})
	}
}

// TestServeCutWhileWriting checks that an answer whose deadline passes
// while it is written is cut short, visibly: the connection closes
// before the end of the JSON, rather than a shorter answer looking whole.
func TestServeCutWhileWriting(t *testing.T) {
	// The deadline's reading, 3 decisions, the first target's row: the
	// second row finds the deadline passed.
	clock := &stepClock{t: time.Now(), step: time.Second}
	h := newTestHandler(t, serveConfig{requestTimeout: 4500 * time.Millisecond, now: clock.now})
	srv := httptest.NewServer(h)
	defer srv.Close()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/api/check", strings.NewReader(mustJSON(map[string]any{"robots": serveExample, "targets": manyTargets(3)})))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "localhost"
	req.Header.Set("Content-Type", "application/json")
	// The cut may come before the first byte is sent (no answer at all)
	// or after (a body that ends early); either is an error to the client.
	resp, err := srv.Client().Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil || json.Valid(b) {
		t.Errorf("status %d, read error %v, body %q; want an answer cut short and a read error", resp.StatusCode, err, b)
	}
}

// TestServeBusy checks the cap on API requests under way: with two held
// (each fetching from a site that answers when the test says), a third
// is answered 503 with Retry-After at once, and once they end, a request
// is answered again.
func TestServeBusy(t *testing.T) {
	arrived, release := make(chan struct{}), make(chan struct{})
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		<-release
		io.WriteString(w, serveExample)
	}))
	defer site.Close()
	h := newTestHandler(t, serveConfig{allowPrivate: true, maxRequests: 2})
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i := range codes {
		wg.Go(func() {
			codes[i] = post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"url": site.URL})).Code
		})
	}
	for range codes {
		select {
		case <-arrived:
		case <-time.After(time.Minute):
			t.Fatal("the held requests never reached the site")
		}
	}
	rec := post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"robots": serveExample, "targets": []string{"/"}}))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") != "1" || !strings.Contains(rec.Body.String(), "2 API requests are under way") {
		t.Errorf("third request: status %d, Retry-After %q, %s; want 503, 1 and the cap", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	close(release)
	wg.Wait()
	if codes[0] != http.StatusOK || codes[1] != http.StatusOK {
		t.Errorf("held requests: statuses %v, want 200", codes)
	}
	rec = post(t, h, "/api/check", "application/json", mustJSON(map[string]any{"robots": serveExample, "targets": []string{"/"}}))
	if rec.Code != http.StatusOK {
		t.Errorf("after the held requests ended: status %d, %s; want 200", rec.Code, rec.Body)
	}
}

// countingWriter is an http.ResponseWriter that keeps only the size of
// what it is given.
type countingWriter struct {
	h http.Header
	n int
}

func (w *countingWriter) Header() http.Header         { return w.h }
func (w *countingWriter) WriteHeader(int)             {}
func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// TestServeAnswerMemory checks that an answer is written a piece at a
// time: 2,000 decisions that each spell out a 20 KB rule make a 40 MB
// answer, which the server must not build whole.
func TestServeAnswerMemory(t *testing.T) {
	robots := "User-agent: *\nDisallow: /" + strings.Repeat("*", 20_000) + "\n"
	agents := make([]string, maxCrawlers)
	for i := range agents {
		agents[i] = fmt.Sprintf("bot%d", i)
	}
	body := mustJSON(map[string]any{"robots": robots, "agents": agents, "targets": manyTargets(100)})
	h := newTestHandler(t, serveConfig{})
	var before, after runtime.MemStats
	w := &countingWriter{h: http.Header{}}
	req := httptest.NewRequest(http.MethodPost, "/api/check", strings.NewReader(body))
	req.Host = "localhost"
	req.Header.Set("Content-Type", "application/json")
	runtime.ReadMemStats(&before)
	h.ServeHTTP(w, req)
	runtime.ReadMemStats(&after)
	if w.n < 40_000_000 {
		t.Fatalf("answer of %d bytes, want over 40 MB", w.n)
	}
	// Building the answer whole allocates about 4 times its size (a
	// buffer grown by doubling, and copies). Written a piece at a time
	// through encoding/json's pooled buffers it allocates a few MB; with
	// the race detector, which makes sync.Pool drop buffers, about 1.5
	// times its size.
	limit, what := uint64(w.n/10), "a tenth of"
	if raceEnabled {
		limit, what = uint64(w.n/2*5), "2.5 times"
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > limit {
		t.Errorf("answering %d bytes allocated %d bytes, want under %s its size: the answer was built whole", w.n, alloc, what)
	}
}

// TestAuditAI checks auditAI against crawlers.Audit, which it must
// answer as, within a budget that does not end: with a Googlebot group,
// which Applebot obeys when no group names it (Apple's documentation),
// where the file's plain reading gives it the "*" group.
func TestAuditAI(t *testing.T) {
	r := robotstxt.Parse([]byte(serveExample + "\nUser-agent: ClaudeBot\nAllow: /blog/\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /blog/\n"))
	b := &budget{ctx: context.Background(), now: time.Now, deadline: time.Now().Add(time.Hour)}
	for _, targets := range [][]string{nil, {"/"}, {"/blog/x"}, {"/blog/x", "/private/y", "/"}, {"/private/press/a"}} {
		got, err := auditAI(b, r, targets)
		if err != nil {
			t.Fatalf("auditAI(%q): %s", targets, err.message)
		}
		if diff := cmp.Diff(crawlers.Audit(r, targets...), got); diff != "" {
			t.Errorf("auditAI(%q) (-Audit +auditAI):\n%s", targets, diff)
		}
	}
}
