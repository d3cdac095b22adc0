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
	fs := newFlags("serve", stderr, "usage: robotstxt serve [-addr 127.0.0.1:8080] [-allow-private]\n\n"+
		"Serves a robots.txt tester: one page and its JSON API (POST /api/check, /api/diff, /api/ai),\n"+
		"from the binary alone. Paste a file or fetch a site's, list targets and crawlers, and see\n"+
		"each verdict with its deciding line, the lint messages by line, the verdicts that change\n"+
		"between two versions, and the AI crawler audit. The test lives in the page's URL fragment.\n"+
		"Fetching by URL refuses loopback, private and link-local addresses unless -allow-private.\n"+
		"Stops on interrupt.\n\nFlags:\n")
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0 picks a free port, printed at start)")
	allowPrivate := fs.Bool("allow-private", false, "let fetch by URL reach loopback, private and link-local addresses")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "robotstxt serve: takes no arguments; see robotstxt serve -h")
		return exitError
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "robotstxt serve: %v\n", err)
		return exitError
	}
	h, err := newServeHandler(serveConfig{allowPrivate: *allowPrivate, loopbackOnly: isLoopbackListener(ln)})
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
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "robotstxt serve: %v\n", err)
		return exitError
	}
	return exitAllowed
}

// serveConfig is what the handler needs to know of the command line.
type serveConfig struct {
	// allowPrivate lets fetch by URL reach loopback, private and
	// link-local addresses.
	allowPrivate bool
	// loopbackOnly says the server listens on loopback alone, so that
	// only a Host header naming loopback is expected (see hostGuard).
	loopbackOnly bool
}

// newServeHandler returns the page and the API behind the security
// headers and, on loopback, the Host check.
func newServeHandler(c serveConfig) (http.Handler, error) {
	assets, err := fs.Sub(web, "web")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	api := newAPI(c)
	mux.HandleFunc("/api/check", endpoint(api.check))
	mux.HandleFunc("/api/diff", endpoint(api.diff))
	mux.HandleFunc("/api/ai", endpoint(api.ai))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no such API endpoint: "+r.URL.Path)
	})
	files := http.FileServerFS(assets)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) { files.ServeHTTP(w, r) })
	for _, name := range []string{"app.js", "style.css"} {
		mux.HandleFunc("GET /"+name, func(w http.ResponseWriter, r *http.Request) { files.ServeHTTP(w, r) })
	}
	var h http.Handler = mux
	if c.loopbackOnly {
		h = hostGuard(h)
	}
	return securityHeaders(h), nil
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

// hostGuard refuses requests whose Host header does not name loopback. A
// server on loopback is reached as localhost or by its address; any other
// name is a web page's own host name pointed at 127.0.0.1 (DNS
// rebinding), through which that page could read the API's answers and,
// with -allow-private, the user's private network.
func hostGuard(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hh, _, err := net.SplitHostPort(host); err == nil {
			host = hh
		}
		if ip := net.ParseIP(host); (ip == nil || !ip.IsLoopback()) && host != "localhost" {
			writeError(w, http.StatusForbidden, fmt.Sprintf("host %q is not loopback: open the tester as http://localhost or http://127.0.0.1", r.Host))
			return
		}
		h.ServeHTTP(w, r)
	})
}

func isLoopbackListener(ln net.Listener) bool {
	a, ok := ln.Addr().(*net.TCPAddr)
	return ok && a.IP.IsLoopback()
}
