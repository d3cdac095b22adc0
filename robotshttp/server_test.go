package robotshttp_test

import (
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// The tests talk to real servers on loopback, through the helpers of this
// file: serve for a handler of the test's own, and site for a robots.txt
// file the test sets and changes.

// serve starts a server on loopback for the rest of the test.
func serve(t testing.TB, h http.HandlerFunc) *httptest.Server {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// at returns the robots.txt URL of a new server that answers a request
// for /robots.txt as h answers path (with its query, if any), and any
// other request as h does: each file of a handler that serves many by
// path becomes the robots.txt file of an origin of its own, which is the
// only file Fetcher.Fetch reads.
func at(t testing.TB, h http.HandlerFunc, path string) string {
	p, q, _ := strings.Cut(path, "?")
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			r.URL.Path, r.URL.RawQuery = p, q
		}
		h(w, r)
	})
	return srv.URL + "/robots.txt"
}

// A site serves /robots.txt with the status, headers and body last set,
// answers any other path with 200 "ok", and counts the requests for each
// path.
type site struct {
	*httptest.Server
	mu     sync.Mutex
	status int
	header http.Header
	robots string
	hits   map[string]int
}

func newSite(t testing.TB, status int, robots string) *site {
	s := &site{status: status, robots: robots, hits: make(map[string]int)}
	s.Server = serve(t, func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.hits[r.URL.Path]++
		if r.URL.Path != "/robots.txt" {
			fmt.Fprint(w, "ok")
			return
		}
		maps.Copy(w.Header(), s.header)
		w.WriteHeader(s.status)
		fmt.Fprint(w, s.robots)
	})
	return s
}

// set changes the answer for /robots.txt.
func (s *site) set(status int, header http.Header, robots string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status, s.header, s.robots = status, header, robots
}

// count returns how many requests for path the site has had.
func (s *site) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// noKeepAlive returns a client for a synctest bubble, whose connections
// close after each response. Time in a bubble advances only when every
// goroutine in it is durably blocked, and a goroutine reading an idle
// kept-alive connection is not: it would stop the fake clock, and keep
// synctest.Test waiting for it at the end. The servers stay outside the
// bubbles, for the same reason.
func noKeepAlive() *http.Client {
	return &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
}

// bubbleClient returns a client for a synctest bubble that sends through
// tr, setting tr's Base to a transport of noKeepAlive and, when tr has no
// Cache, giving it one. The Cache's fetches go through that Base too,
// unless its Fetcher has a Client of its own.
func bubbleClient(tr *robotshttp.Transport) *http.Client {
	tr.Base = noKeepAlive().Transport
	if tr.Cache == nil {
		tr.Cache = robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
	}
	return &http.Client{Transport: tr}
}

// hasCode reports whether r has a diagnostic with the code.
func hasCode(r *robotstxt.Robots, code robotstxt.Code) bool {
	return slices.ContainsFunc(r.Diagnostics(), func(d robotstxt.Diagnostic) bool { return d.Code == code })
}
