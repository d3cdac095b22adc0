package redisstore_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/rfc9309/robotstxt/redisstore"
)

// The tests run against a real Redis: the one at REDIS_ADDR, as .ci/run
// starts it, or else a redis-server each test starts for itself on
// loopback. Each test writes under a prefix of its own.

// redisStartWait bounds the wait for a started redis-server to answer.
const redisStartWait = 10 * time.Second

// A redisServer is a redis-server process the test started, which it can
// stop and start again on the same port.
type redisServer struct {
	t    testing.TB
	port int
	cmd  *exec.Cmd
}

// startRedis starts redis-server on a free loopback port for the rest of
// the test, without persistence, so that a restart comes back empty as
// a restarted cache server does.
func startRedis(t testing.TB) *redisServer {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Fatalf("redis-server not found (%v): install it (Debian: apt-get install -y redis-server) or set REDIS_ADDR to a Redis for the tests", err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	s := &redisServer{t: t, port: port}
	s.start()
	t.Cleanup(s.stop)
	return s
}

func (s *redisServer) addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

func (s *redisServer) start() {
	s.t.Helper()
	s.cmd = exec.Command("redis-server", "--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning")
	if err := s.cmd.Start(); err != nil {
		s.t.Fatalf("starting redis-server: %v", err)
	}
	c := redis.NewClient(&redis.Options{Addr: s.addr(), MaxRetries: -1})
	defer c.Close()
	waitFor(s.t, redisStartWait, "redis-server on "+s.addr()+" to answer", func() bool {
		return c.Ping(context.Background()).Err() == nil
	})
}

// stop kills the server, as a crash or an operator would.
func (s *redisServer) stop() {
	if s.cmd != nil {
		s.cmd.Process.Kill()
		s.cmd.Wait()
		s.cmd = nil
	}
}

// waitFor polls cond every 10 ms until it holds, failing the test if it
// does not within limit.
func waitFor(t testing.TB, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", limit, what)
		}
	}
}

// redisAddr returns the address of a Redis for the test: REDIS_ADDR, or a
// server started for it.
func redisAddr(t testing.TB) string {
	if addr := os.Getenv("REDIS_ADDR"); addr != "" {
		return addr
	}
	return startRedis(t).addr()
}

// testRedis returns what a test of a store needs: a context, a client of
// the tests' Redis and a key prefix of the test's own.
func testRedis(t testing.TB) (context.Context, *redis.Client, string) {
	return context.Background(), newClient(t, redisAddr(t)), testPrefix(t)
}

// newClient returns a client of addr, closed after the test.
func newClient(t testing.TB, addr string) *redis.Client {
	c := redis.NewClient(&redis.Options{Addr: addr})
	t.Cleanup(func() { c.Close() })
	return c
}

// newStore returns a store on client under a prefix of the test's own.
func newStore(t testing.TB, client redis.UniversalClient, prefix string) *redisstore.Store {
	s := redisstore.New(client)
	s.Prefix = prefix
	return s
}

// testPrefix returns a key prefix no other test or run uses.
func testPrefix(t testing.TB) string {
	return fmt.Sprintf("robotstxt-test:%s:%s:", t.Name(), rand.Text())
}
