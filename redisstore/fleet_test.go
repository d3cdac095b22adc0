package redisstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rfc9309/robotstxt/redisstore"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// A fleet is the test binary run again as worker processes, each a
// crawler with a Cache on one Redis, as the machines of a crawler fleet
// are. The environment tells a worker what to do.
const (
	workerEnv     = "REDISSTORE_TEST_WORKER" // the worker's index; unset in the parent
	originsEnv    = "REDISSTORE_TEST_ORIGINS"
	urlsEnv       = "REDISSTORE_TEST_URLS"
	prefixEnv     = "REDISSTORE_TEST_PREFIX"
	workerThreads = 8
	// workerLimit bounds a worker's run, and the parent's wait for it.
	workerLimit = 2 * time.Minute
)

const privateFile = "User-agent: *\nDisallow: /private\n"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) != "" {
		os.Exit(worker())
	}
	os.Exit(m.Run())
}

// A workerReport is what a worker decided.
type workerReport struct {
	Decided int // URLs decided
	Wrong   int // decisions other than privateFile's
	Stale   int // decisions by a good copy standing in (RFC 9309 section 2.4)
	Errors  []string
	// StoreErrs are the store's errors, which a fleet with its Redis up
	// should not see.
	StoreErrs []string
}

// fleetURL returns the i-th of the URLs a fleet decides: every origin in
// turn, alternately under /private and /public.
func fleetURL(origins []string, i int) (target string, allowed bool) {
	public := (i/len(origins))%2 == 1
	dir := "private"
	if public {
		dir = "public"
	}
	return fmt.Sprintf("%s/%s/%d", origins[i%len(origins)], dir, i), public
}

// worker decides the URLs of its environment as one crawler process, and
// writes its report as JSON on standard output.
func worker() int {
	index, _ := strconv.Atoi(os.Getenv(workerEnv))
	origins := strings.Fields(os.Getenv(originsEnv))
	n, _ := strconv.Atoi(os.Getenv(urlsEnv))
	client := redis.NewClient(&redis.Options{Addr: os.Getenv("REDIS_ADDR")})
	defer client.Close()
	store := redisstore.New(client)
	store.Prefix = os.Getenv(prefixEnv)
	// Four processes under the race detector on a small machine can take
	// longer than DefaultTimeout to dial Redis at first, which would read
	// as Redis failing: these tests count fetches with Redis up.
	store.Timeout = 10 * time.Second
	// MinAge -1 follows the origins' max-age=0 (see origins.turn503).
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: store, MinAge: -1}
	ctx, cancel := context.WithTimeout(context.Background(), workerLimit)
	defer cancel()

	var mu sync.Mutex
	var rep workerReport
	work := make(chan int)
	var wg sync.WaitGroup
	for range workerThreads {
		wg.Go(func() {
			for i := range work {
				target, want := fleetURL(origins, i)
				d, l, err := c.Decide(ctx, "bot", target)
				mu.Lock()
				rep.Decided++
				switch {
				case err != nil:
					rep.Errors = append(rep.Errors, err.Error())
				case l.StoreErr != nil:
					rep.StoreErrs = append(rep.StoreErrs, l.StoreErr.Error())
				case d.Allowed != want:
					rep.Wrong++
				case l.Stale:
					rep.Stale++
				}
				mu.Unlock()
			}
		})
	}
	// Each worker starts at another quarter of the URLs, so that the
	// workers meet on some origins first and on others later.
	for k := range n {
		work <- (k + index*n/4) % n
	}
	close(work)
	wg.Wait()
	if err := json.NewEncoder(os.Stdout).Encode(rep); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// runFleet runs workers processes on the Redis at addr, each deciding
// urls URLs over origins, and returns their reports.
func runFleet(t *testing.T, workers int, addr, prefix string, origins []string, urls int) []workerReport {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), workerLimit)
	defer cancel()
	reports := make([]workerReport, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), workerEnv+"="+strconv.Itoa(w), "REDIS_ADDR="+addr, prefixEnv+"="+prefix,
				originsEnv+"="+strings.Join(origins, " "), urlsEnv+"="+strconv.Itoa(urls))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Errorf("worker %d: %v\n%s", w, err, stderr.Bytes())
				return
			}
			if err := json.Unmarshal(out, &reports[w]); err != nil {
				t.Errorf("worker %d: %v in its report %q", w, err, out)
			}
		})
	}
	wg.Wait()
	return reports
}

// Origins are many origins on loopback, each a listener of one server,
// that serve privateFile and count its fetches.
type origins struct {
	urls []string
	// turn503 makes an origin answer 503 after its first fetch of
	// robots.txt, whose answer says max-age=0.
	turn503 bool

	mu      sync.Mutex
	fetches map[string]int // by host:port
}

func newOrigins(t testing.TB, n int, turn503 bool) *origins {
	o := &origins{turn503: turn503, fetches: make(map[string]int)}
	srv := &http.Server{Handler: http.HandlerFunc(o.serve)}
	t.Cleanup(func() { srv.Close() })
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		o.urls = append(o.urls, "http://"+l.Addr().String())
		go srv.Serve(l)
	}
	return o
}

func (o *origins) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/robots.txt" {
		fmt.Fprint(w, "ok")
		return
	}
	o.mu.Lock()
	o.fetches[r.Host]++
	n := o.fetches[r.Host]
	o.mu.Unlock()
	switch {
	case o.turn503 && n > 1:
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	case o.turn503:
		w.Header().Set("Cache-Control", "max-age=0")
	}
	fmt.Fprint(w, privateFile)
}

// counts returns the fetches of each origin, in the order of urls.
func (o *origins) counts() []int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := make([]int, len(o.urls))
	for i, u := range o.urls {
		n[i] = o.fetches[strings.TrimPrefix(u, "http://")]
	}
	return n
}

func sum(n []int) int {
	s := 0
	for _, v := range n {
		s += v
	}
	return s
}

func TestFleet(t *testing.T) {
	addr := redisAddr(t)
	tests := []struct {
		name    string
		origins int
		turn503 bool // and fetched once before the fleet starts
		stale   int  // decisions by a good copy standing in, of each worker's 2000
		fetches int  // of each origin
		src     string
	}{
		{"each origin fetched once", 200, false, 0, 1, "RFC 9309 section 2.4: one copy, used up to 24 hours"},
		{"503 after a good fetch, the good copy stands in", 10, true, 2000, 2, "RFC 9309 section 2.4: the good fetch, then one 503 for the fleet"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := testPrefix(t)
			o := newOrigins(t, tt.origins, tt.turn503)
			if tt.turn503 {
				// The first fetch stores a good copy that is stale at
				// once (max-age=0, and no minimum lifetime); every later
				// fetch is a 503.
				c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: newStore(t, newClient(t, addr), prefix), MinAge: -1}
				for _, u := range o.urls {
					if _, _, err := c.Decide(context.Background(), "bot", u+"/"); err != nil {
						t.Fatal(err)
					}
				}
			}
			start := time.Now()
			reports := runFleet(t, 4, addr, prefix, o.urls, 2000)
			t.Logf("4 processes, 2000 URLs each over %d origins: %d fetches in %v", tt.origins, sum(o.counts()), time.Since(start).Round(time.Millisecond))
			for w, rep := range reports {
				if rep.Decided != 2000 || rep.Wrong != 0 || rep.Stale != tt.stale || len(rep.Errors)+len(rep.StoreErrs) != 0 {
					t.Errorf("worker %d: %+v; want 2000 decided by the file's rules, %d by a good copy standing in (%s)", w, rep, tt.stale, tt.src)
				}
			}
			for i, n := range o.counts() {
				if n != tt.fetches {
					t.Errorf("origin %d fetched %d times, want %d (%s)", i, n, tt.fetches, tt.src)
				}
			}
		})
	}
}
