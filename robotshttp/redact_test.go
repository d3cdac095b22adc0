package robotshttp_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// TestCredentialsNotEchoed checks that the userinfo of a URL, which may be
// a password or a token, appears in nothing the package returns or prints,
// while the requests still carry it.
func TestCredentialsNotEchoed(t *testing.T) {
	const user, password = "alice", "s3cret"
	var auth []string
	target := newSite(t, 200, "User-agent: *\nDisallow: /private\n")
	authed := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); ok {
			auth = append(auth, u+":"+p)
		}
		http.Redirect(w, r, "http://"+user+":"+password+"@"+target.Listener.Addr().String()+"/robots.txt", http.StatusFound)
	})
	bad := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Location"] = []string{"http://" + user + ":" + password + "@[::1"}
		w.WriteHeader(http.StatusFound)
	})
	closed := serve(t, http.NotFoundHandler().ServeHTTP)
	closed.Close()
	withCreds := func(base string) string {
		return strings.Replace(base, "://", "://"+user+":"+password+"@", 1)
	}
	fetch := func(url string) *robotshttp.Fetch {
		return (&robotshttp.Fetcher{}).Fetch(context.Background(), url)
	}
	errText := func(err error) string {
		if err == nil {
			return ""
		}
		return err.Error()
	}
	tests := []struct {
		name   string
		shown  func() []string // what is returned or printed
		source string
	}{
		{"Fetch.URL and FinalURL after a redirect with credentials", func() []string {
			f := fetch(withCreds(authed.URL) + "/robots.txt")
			return []string{f.URL, f.FinalURL, errText(f.Err)}
		}, "RFC 3986 section 7.5"},
		{"an unreachable URL's error", func() []string {
			f := fetch(withCreds(closed.URL) + "/robots.txt")
			return []string{f.URL, f.FinalURL, errText(f.Err)}
		}, "RFC 3986 section 7.5"},
		{"a Location that does not parse", func() []string {
			f := fetch(bad.URL + "/robots.txt")
			return []string{f.URL, f.FinalURL, errText(f.Err)}
		}, "RFC 3986 section 7.5"},
		{"a URL that does not parse", func() []string {
			f := fetch("http://" + user + ":" + password + "@exa mple.com/robots.txt")
			return []string{f.URL, errText(f.Err)}
		}, "RFC 3986 section 7.5"},
		{"Origin of a URL that is not http", func() []string {
			_, err := robotshttp.Origin("ftp://" + user + ":" + password + "@example.com/")
			return []string{errText(err)}
		}, "RFC 3986 section 7.5"},
		{"Origin of a URL whose port is out of range", func() []string {
			_, err := robotshttp.Origin("http://" + user + ":" + password + "@example.com:65536/")
			return []string{errText(err)}
		}, "RFC 3986 section 7.5"},
		{"a Transport's DisallowedError", func() []string {
			client := &http.Client{Transport: &robotshttp.Transport{}}
			err := get(client, context.Background(), withCreds(target.URL)+"/private", "bot")
			var d *robotshttp.DisallowedError
			if !errors.As(err, &d) {
				return []string{"no DisallowedError: " + errText(err)}
			}
			return []string{d.URL, d.Error()}
		}, "RFC 3986 section 7.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, s := range tt.shown() {
				if strings.Contains(s, user) || strings.Contains(s, password) {
					t.Errorf("%q shows the URL's userinfo (%s)", s, tt.source)
				}
			}
		})
	}
	if len(auth) == 0 || auth[0] != user+":"+password {
		t.Errorf("requests with credentials carried %q, want %q", auth, user+":"+password)
	}
}

// TestUserinfoIsNoPartOfThePath checks that a ';' or '?' in a URL's
// password does not move where its path starts.
func TestUserinfoIsNoPartOfThePath(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private\n")
	client := &http.Client{Transport: &robotshttp.Transport{}}
	for _, userinfo := range []string{"alice:a;b", "alice:a%3Fb"} {
		url := strings.Replace(s.URL, "://", "://"+userinfo+"@", 1) + "/private"
		if err := get(client, context.Background(), url, "bot"); !errors.Is(err, robotshttp.ErrDisallowed) {
			t.Errorf("GET %s: %v, want ErrDisallowed (RFC 3986 section 3.2.1)", url, err)
		}
	}
	cache := robotshttp.NewCache(&robotshttp.Fetcher{}, 0)
	url := strings.Replace(s.URL, "://", "://alice:a;b@", 1) + "/private"
	if d, _, err := cache.Decide(context.Background(), "bot", url); err != nil || d.Allowed {
		t.Errorf("Cache.Decide(%q) = %v, %v; want disallowed (RFC 3986 section 3.2.1)", url, d.Allowed, err)
	}
	if n := s.count("/private"); n != 0 {
		t.Errorf("/private requested %d times, want 0", n)
	}
}

// TestMalformedUserinfoNotEchoed gives every entry point URLs whose
// userinfo holds a password that does not parse as one, or in a URL that
// does not parse: nothing the package returns or prints shows any part
// of it (RFC 3986 section 7.5).
func TestMalformedUserinfoNotEchoed(t *testing.T) {
	secrets := []string{"alice", "Pw1", "Pw2"}
	shapes := []string{
		"http://alice:Pw1/Pw2@host.example/x",
		"http://alice:Pw1?Pw2@host.example/x",
		"http://alice:Pw1#Pw2@host.example/x",
		`http:\\alice:Pw1Pw2@host.example/x`,
		`http:\\alice:Pw1/Pw2@host.example/x`,
		"http://alice:Pw1%zzPw2@host.example/x",
		"http://alice:Pw1 Pw2@host.example/x",
		"http://[alice:Pw1Pw2@host.example/x",
		"//alice:Pw1Pw2@host.example/x",
		"alice:Pw1Pw2@host.example/x",
		"HTTPS://alice:Pw1/Pw2@host.example/x",
	}
	errText := func(err error) string {
		if err == nil {
			return ""
		}
		return err.Error()
	}
	ctx := context.Background()
	type route struct {
		name  string
		shown func(shape string) []string
	}
	routes := []route{
		{"Origin", func(shape string) []string {
			_, err := robotshttp.Origin(shape)
			return []string{errText(err)}
		}},
		{"RobotsURL", func(shape string) []string {
			_, err := robotshttp.RobotsURL(shape)
			return []string{errText(err)}
		}},
		{"Fetcher.Fetch", func(shape string) []string {
			f := (&robotshttp.Fetcher{}).Fetch(ctx, shape)
			return []string{f.URL, f.FinalURL, errText(f.Err)}
		}},
		{"a redirect's Location", func(shape string) []string {
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header()["Location"] = []string{shape}
				w.WriteHeader(http.StatusFound)
			})
			f := (&robotshttp.Fetcher{}).Fetch(ctx, srv.URL)
			return []string{f.URL, f.FinalURL, errText(f.Err)}
		}},
		{"Cache.Get", func(shape string) []string {
			_, err := robotshttp.NewCache(nil, 0).Get(ctx, shape)
			return []string{errText(err)}
		}},
		{"Cache.Decide", func(shape string) []string {
			_, _, err := robotshttp.NewCache(nil, 0).Decide(ctx, "bot", shape)
			return []string{errText(err)}
		}},
		{"Transport, the URL's Opaque", func(shape string) []string {
			scheme, opaque, _ := strings.Cut(shape, ":")
			req := &http.Request{Method: http.MethodGet, URL: &url.URL{Scheme: scheme, Opaque: opaque}, Header: http.Header{}}
			_, err := (&robotshttp.Transport{}).RoundTrip(req.WithContext(ctx))
			return []string{errText(err)}
		}},
		{"Transport, the URL's Host", func(shape string) []string {
			scheme, rest, _ := strings.Cut(shape, "://")
			host, path, _ := strings.Cut(rest, "/")
			req := &http.Request{Method: http.MethodGet, URL: &url.URL{Scheme: scheme, Host: host, Path: "/" + path}, Header: http.Header{}}
			_, err := (&robotshttp.Transport{}).RoundTrip(req.WithContext(ctx))
			return []string{errText(err)}
		}},
	}
	for _, r := range routes {
		for _, shape := range shapes {
			t.Run(r.name+" "+shape, func(t *testing.T) {
				for _, s := range r.shown(shape) {
					for _, secret := range secrets {
						if strings.Contains(s, secret) {
							t.Errorf("%s(%q) shows %q: %q (RFC 3986 section 7.5)", r.name, shape, secret, s)
						}
					}
				}
			})
		}
	}
}
