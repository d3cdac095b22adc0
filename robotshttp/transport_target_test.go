package robotshttp_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// TestTransportDecidesWhatIsSent sends requests whose URL's Path, Opaque,
// Host and the request's Host say different things, to a server that
// serves a robots.txt file per virtual host: the Transport decides the
// host and path of the request as net/http sends it, which the server
// answers for (RFC 9112 section 3.2 and 3.3), and not those of other
// fields.
func TestTransportDecidesWhatIsSent(t *testing.T) {
	const vhost = "vhost.example"
	var mu sync.Mutex
	var seen []string // host and path of each request that reached the server
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Host+r.URL.Path)
		mu.Unlock()
		switch {
		case r.URL.Path != "/robots.txt":
			fmt.Fprint(w, "ok")
		case r.Host == vhost:
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		default:
			fmt.Fprint(w, "User-agent: *\nDisallow:\n")
		}
	})
	addr := srv.Listener.Addr().String()
	// Every host's connections go to the one server, which tells them
	// apart by the host the request names, as a server of virtual hosts
	// does.
	var d net.Dialer
	base := &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return d.DialContext(ctx, network, addr)
	}}
	tests := []struct {
		name   string
		url    *url.URL
		host   string // the request's Host, "" for the URL's
		sent   string // host and path the server saw, "" when refused
		source string
	}{
		{"a virtual host's rules", &url.URL{Scheme: "http", Host: addr, Path: "/private/z"}, vhost, "",
			"RFC 9112 section 3.2: the Host header names the origin"},
		{"a virtual host's allowed path", &url.URL{Scheme: "http", Host: addr, Path: "/public"}, vhost, vhost + "/public",
			"RFC 9112 section 3.2"},
		{"the URL's host's rules without a Host", &url.URL{Scheme: "http", Host: addr, Path: "/private/z"}, "", addr + "/private/z",
			"RFC 9309 section 2.3"},
		{"Opaque is the path sent, not Path's /robots.txt", &url.URL{Scheme: "http", Host: vhost, Path: "/robots.txt", Opaque: "/private/z"}, "", "",
			"RFC 9112 section 3.2: the request target"},
		{"an absolute Opaque names the host sent to", &url.URL{Scheme: "http", Host: addr, Path: "/robots.txt", Opaque: "//" + vhost + "/private/z"}, "", "",
			"RFC 9112 section 3.3: the absolute form's authority"},
		{"an Opaque /robots.txt passes", &url.URL{Scheme: "http", Host: vhost, Path: "/private/z", Opaque: "/robots.txt"}, "", vhost + "/robots.txt",
			"RFC 9309 section 2.2.2"},
		{"a virtual host's /robots.txt passes", &url.URL{Scheme: "http", Host: addr, Path: "/robots.txt"}, vhost, vhost + "/robots.txt",
			"RFC 9309 section 2.2.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mu.Lock()
			seen = nil
			mu.Unlock()
			tr := &robotshttp.Transport{Base: base, Cache: robotshttp.NewCache(nil, 0)}
			req := (&http.Request{Method: http.MethodGet, URL: tt.url, Host: tt.host, Header: http.Header{"User-Agent": {"bot"}}}).WithContext(context.Background())
			resp, err := tr.RoundTrip(req)
			if resp != nil {
				resp.Body.Close()
			}
			mu.Lock()
			defer mu.Unlock()
			var pages []string // the requests but robots.txt fetches
			for _, s := range seen {
				if s != vhost+"/robots.txt" && s != addr+"/robots.txt" || s == tt.sent {
					pages = append(pages, s)
				}
			}
			switch {
			case tt.sent == "" && !errors.Is(err, robotshttp.ErrDisallowed):
				t.Errorf("RoundTrip(%s, Host %q): %v, server saw %q; want ErrDisallowed (%s)", tt.url, tt.host, err, seen, tt.source)
			case tt.sent == "" && len(pages) != 0:
				t.Errorf("RoundTrip(%s, Host %q): refused, but the server saw %q (%s)", tt.url, tt.host, pages, tt.source)
			case tt.sent != "" && (err != nil || len(pages) != 1 || pages[0] != tt.sent):
				t.Errorf("RoundTrip(%s, Host %q): %v, server saw %q; want it sent as %q (%s)", tt.url, tt.host, err, seen, tt.sent, tt.source)
			}
		})
	}
}
