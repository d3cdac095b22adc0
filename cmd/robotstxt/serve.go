package main

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"
)

// web holds the page: HTML, CSS and JavaScript, embedded so that the
// binary alone serves it, offline, with nothing fetched from elsewhere.
//
//go:embed web
var web embed.FS

// Server timeouts. A tester may be left running where others reach it, so
// no connection may hold the server for long: headers come within
// serveHeaderTimeout, a whole request within serveReadTimeout, and an
// answer, a fetch by URL included (fetchByURLTimeout), within
// serveWriteTimeout.
const (
	serveHeaderTimeout = 5 * time.Second
	serveReadTimeout   = 30 * time.Second
	serveWriteTimeout  = 60 * time.Second
	serveIdleTimeout   = 2 * time.Minute
	serveMaxHeader     = 16 << 10
	serveShutdown      = 5 * time.Second
)

// contentSecurityPolicy lets the page run only its own script and style,
// talk only to its own server, and be framed by no one: user content that
// slipped into the page as markup still could not run.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func serve(args []string, stderr io.Writer) int {
	fs := newFlags("serve", stderr, "usage: robotstxt serve [-addr 127.0.0.1:8080] [-host NAME]... [-allow-private]\n"+
		"                       [-request-timeout 20s] [-max-requests 8]\n\n"+
		"Serves a robots.txt tester: one page and its JSON API (POST /api/check, /api/diff, /api/ai),\n"+
		"from the binary alone. Paste a file or fetch a site's, list targets and crawlers, and see\n"+
		"each verdict with its deciding line, the lint messages by line, the verdicts that change\n"+
		"between two versions, and the AI crawler audit. The test lives in the page's URL fragment;\n"+
		"a link to a test that fetched a site's file fetches it again only when its reader asks.\n\n"+
		"Only requests whose Host is localhost, a loopback address or a -host name are answered,\n"+
		"on every address listened on (no DNS rebinding). Fetching by URL refuses this machine's\n"+
		"own addresses and every address the IANA special-purpose registries mark not globally\n"+
		"reachable (loopback, private, link-local, documentation, ...) unless -allow-private.\n"+
		"An API request ends within -request-timeout, or is answered 503 saying it was cut; at most\n"+
		"-max-requests run at once, and one more is answered 503 with Retry-After at once.\n"+
		"A file over 500 KiB is read as crawlers read it, its first 500 KiB cut at a line, and the\n"+
		"answer says so (\"notes\", and a \"truncated\" error), with the line and what the cut drops; a request body over 4 MiB is refused with 413. A site whose\n"+
		"robots.txt is unreachable (a 5xx, no answer) has every verdict disallowed, with no rule and\n"+
		"the reason (\"robots.txt unreachable (503): everything disallowed\").\n"+
		"Stops on interrupt.\n\nFlags:\n")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free port, printed at start)")
	var hosts hostsFlag
	fs.Var(&hosts, "host", "also answer requests for the host `NAME` (a name or address of this machine; repeatable)")
	allowPrivate := fs.Bool("allow-private", false, "let fetch by URL reach this machine, private, link-local and other special-purpose addresses")
	timeout := fs.Duration("request-timeout", defaultRequestTimeout, "cut an API request's work after `DURATION`")
	maxRequests := fs.Int("max-requests", defaultMaxRequests, "answer at most `N` API requests at once")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	switch {
	case fs.NArg() != 0:
		fmt.Fprintln(stderr, "robotstxt serve: takes no arguments; see robotstxt serve -h")
		return exitError
	case *timeout <= 0 || *maxRequests <= 0:
		fmt.Fprintln(stderr, "robotstxt serve: -request-timeout and -max-requests must be above 0")
		return exitError
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt serve: %v\n", err)
		return exitError
	}
	h, err := newServeHandler(serveConfig{allowPrivate: *allowPrivate, hosts: hosts, requestTimeout: *timeout, maxRequests: *maxRequests})
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "robotstxt serve: %v\n", err)
		return exitError
	}
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: serveHeaderTimeout,
		ReadTimeout:       serveReadTimeout,
		WriteTimeout:      serveWriteTimeout,
		IdleTimeout:       serveIdleTimeout,
		MaxHeaderBytes:    serveMaxHeader,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), serveShutdown)
		defer cancel()
		srv.Shutdown(shut)
	}()
	// Tests and scripts read the address from this line: with port 0 it
	// is the only place the port is said.
	fmt.Fprintf(stderr, "robotstxt serve: listening on http://%s/\n", ln.Addr())
	fmt.Fprintf(stderr, "robotstxt serve: %s\n", reachability(ln.Addr(), hosts))
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "robotstxt serve: %v\n", err)
		return exitError
	}
	return exitAllowed
}

// hostsFlag is the repeatable -host flag.
type hostsFlag []string

func (h *hostsFlag) String() string { return strings.Join(*h, ",") }

func (h *hostsFlag) Set(s string) error {
	name, err := hostName(s)
	if err != nil || name == "" || strings.ContainsAny(name, "/ ") {
		return fmt.Errorf("-host takes a host name or address, not %q", s)
	}
	*h = append(*h, name)
	return nil
}

// hostName is the host of a Host header or -host value, without its port
// or the brackets of an IPv6 address, in lower case and without a final
// dot, so that "[::1]", "[::1]:8080" and "LOCALHOST." compare as they
// reach the server.
func hostName(hostport string) (string, error) {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	} else if strings.HasPrefix(host, "[") {
		if !strings.HasSuffix(host, "]") {
			return "", fmt.Errorf("bad host %q", hostport)
		}
		host = host[1 : len(host)-1]
	}
	return strings.TrimSuffix(strings.ToLower(host), "."), nil
}

// reachability says on start-up who can reach the server and under which
// names.
func reachability(a net.Addr, hosts []string) string {
	names := append([]string{"localhost", "127.0.0.1", "[::1]"}, hosts...)
	ta, ok := a.(*net.TCPAddr)
	where := "this machine alone"
	switch {
	case !ok || ta.IP.IsUnspecified():
		where = "every interface: other machines can reach it"
	case !ta.IP.IsLoopback():
		where = ta.IP.String() + ": other machines can reach it"
	}
	s := fmt.Sprintf("reachable on %s; answering requests for %s", where, strings.Join(names, ", "))
	if ok && !ta.IP.IsLoopback() && len(hosts) == 0 {
		s += " (name this machine with -host to be answered from elsewhere)"
	}
	return s
}

// Defaults of the API's limits (see serveConfig).
const (
	defaultRequestTimeout = 20 * time.Second
	defaultMaxRequests    = 8
)

// serveConfig is what the handler needs to know of the command line.
type serveConfig struct {
	// allowPrivate lets fetch by URL reach this machine and addresses
	// that are not globally reachable.
	allowPrivate bool
	// hosts are the Host names answered besides localhost and loopback
	// addresses (see hostGuard).
	hosts []string
	// requestTimeout bounds the work of one API request (0:
	// defaultRequestTimeout).
	requestTimeout time.Duration
	// maxRequests bounds the API requests under way (0:
	// defaultMaxRequests).
	maxRequests int
	// now is the clock of requestTimeout (nil: time.Now).
	now func() time.Time
}

// newServeHandler returns the page and the API behind the security
// headers and the Host check.
func newServeHandler(c serveConfig) (http.Handler, error) {
	assets, err := fs.Sub(web, "web")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	api := newAPI(c)
	mux.HandleFunc("/api/check", endpoint(api, api.check))
	mux.HandleFunc("/api/diff", endpoint(api, api.diff))
	mux.HandleFunc("/api/ai", endpoint(api, api.ai))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such API endpoint: "+r.URL.Path)
	})
	files := http.FileServerFS(assets)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { files.ServeHTTP(w, r) })
	for _, name := range []string{"app.js", "style.css"} {
		mux.HandleFunc("GET /"+name, func(w http.ResponseWriter, r *http.Request) { files.ServeHTTP(w, r) })
	}
	return securityHeaders(hostGuard(mux, c.hosts)), nil
}

// securityHeaders sets the Content-Security-Policy and its companions on
// every answer.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", contentSecurityPolicy)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// hostGuard refuses requests whose Host header names neither loopback
// (localhost or a loopback address) nor one of hosts. A web page's own host
// name pointed at this server's address (DNS rebinding) would otherwise let
// that page read the API's answers and, with -allow-private, the user's
// private network; the check holds on every listener, loopback or not.
func hostGuard(h http.Handler, hosts []string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, err := hostName(r.Host)
		ip := net.ParseIP(host)
		if err != nil || (ip == nil || !ip.IsLoopback()) && host != "localhost" && !slices.Contains(hosts, host) {
			writeError(w, http.StatusForbidden, fmt.Sprintf("host %q is not one this tester answers for: open it as http://localhost, or start it with -host NAME", r.Host))
			return
		}
		h.ServeHTTP(w, r)
	})
}
