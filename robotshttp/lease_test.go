package robotshttp_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// A leasingStore is a mapStore with leases, as a store shared by a
// fleet has them: one holder per origin until it releases the lease or
// the lease expires. Several Caches sharing it stand for several
// processes sharing a networked store.
type leasingStore struct {
	*mapStore
	failLease atomic.Bool
	mu        sync.Mutex
	leases    map[string]*time.Time // origin -> the holder's expiry, by identity
}

func newLeasingStore() *leasingStore {
	return &leasingStore{mapStore: newMapStore(), leases: make(map[string]*time.Time)}
}

func (s *leasingStore) Lease(_ context.Context, origin string, ttl time.Duration) (func(context.Context), bool, error) {
	if s.failLease.Load() {
		return nil, false, errStoreDown
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if exp, ok := s.leases[origin]; ok && time.Now().Before(*exp) {
		return nil, false, nil
	}
	exp := time.Now().Add(ttl)
	s.leases[origin] = &exp
	return func(context.Context) {
		s.mu.Lock()
		defer s.mu.Unlock()
		// Only the holder's own lease: after expiry it may be another's.
		if s.leases[origin] == &exp {
			delete(s.leases, origin)
		}
	}, true, nil
}

// TestLeaseHolderGone runs in a synctest bubble, so that the waits of the
// Cache for a lease held elsewhere pass at once and are measured exactly.
func TestLeaseHolderGone(t *testing.T) {
	s := newSite(t, 200, privateFile)
	tests := []struct {
		name  string
		held  time.Duration // the lease taken by a holder that never stores
		fetch time.Duration // when the Cache fetches, at the latest
		ctx   time.Duration // the caller's deadline; 0: none
		want  error
		src   string
	}{
		{"lease expires", 3 * time.Second, 3*time.Second + 200*time.Millisecond, 0, nil, "Leaser: a crashed holder's lease passes on"},
		{"lease outlasts the wait", time.Hour, 6 * time.Second, 0, nil, "Leaser: the wait lasts as long as a lease (Timeout 1s + 5s)"},
		{"caller gives up first", time.Hour, time.Second, time.Second, context.DeadlineExceeded, "Leaser: callers wait only within their context"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				store := newLeasingStore()
				origin := strings.TrimSuffix(s.URL, "/")
				if _, granted, _ := store.Lease(context.Background(), origin, tt.held); !granted {
					t.Fatal("the test's lease was refused")
				}
				c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{Client: noKeepAlive(), Timeout: time.Second}, Store: store}
				ctx := context.Background()
				if tt.ctx > 0 {
					var cancel context.CancelFunc
					ctx, cancel = context.WithTimeout(ctx, tt.ctx)
					defer cancel()
				}
				before, start := s.count("/robots.txt"), time.Now()
				d, _, err := c.Decide(ctx, "bot", s.URL+"/private")
				if elapsed := time.Since(start); !errors.Is(err, tt.want) || elapsed > tt.fetch {
					t.Errorf("Decide: %v after %v; want %v by %v (%s)", err, elapsed, tt.want, tt.fetch, tt.src)
				}
				if err == nil && (d.Allowed || s.count("/robots.txt") != before+1) {
					t.Errorf("Allowed(%q, %q) = %v after %d fetches, want false after 1", "bot", "/private", d.Allowed, s.count("/robots.txt")-before)
				}
				// The Cache's own fetch goes on for the callers to come.
				synctest.Wait()
				time.Sleep(time.Hour)
			})
		})
	}
}

func TestLeaseStoreDownSaidOnce(t *testing.T) {
	// max-age=0 with no minimum lifetime: each call fetches again, and asks
	// for a lease.
	s := newSite(t, 200, privateFile)
	s.set(200, http.Header{"Cache-Control": {"max-age=0"}}, privateFile)
	store := newLeasingStore()
	var logged []string
	c := &robotshttp.Cache{Fetcher: &robotshttp.Fetcher{}, Store: store, MinAge: -1, Logf: func(format string, args ...any) {
		logged = append(logged, fmt.Sprintf(format, args...))
	}}
	steps := []struct {
		down bool
		path string
	}{{false, "/"}, {true, "/private"}, {true, "/public"}, {true, "/private"}, {false, "/"}, {false, "/private"}}
	for i, st := range steps {
		store.failLease.Store(st.down)
		allowed, l := decide(t, c, s.URL+st.path)
		if want := st.path != "/private"; allowed != want {
			t.Errorf("step %d: Allowed(%q, %q) = %v, want %v (the store does not change RFC 9309's verdict)", i, "bot", st.path, allowed, want)
		}
		if errors.Is(l.StoreErr, errStoreDown) != st.down {
			t.Errorf("step %d: StoreErr = %v, want the store's error: %v", i, l.StoreErr, st.down)
		}
	}
	want := []string{
		"robotshttp: store failing, fetching without it until it answers: store down",
		"robotshttp: store answering again",
	}
	if diff := cmp.Diff(want, logged); diff != "" {
		t.Errorf("Logf (-want +got):\n%s", diff)
	}
	if n := s.count("/robots.txt"); n != len(steps) {
		t.Errorf("%d fetches, want %d: one per call, with the lease or without", n, len(steps))
	}
}
