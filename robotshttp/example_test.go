package robotshttp_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/rfc9309/robotstxt/robotshttp"
)

func ExampleRobotsURL() {
	u, _ := robotshttp.RobotsURL("https://Bücher.example:443/katalog?seite=2")
	fmt.Println(u)
	// Output: https://xn--bcher-kva.example/robots.txt
}

func ExampleFetcher_Fetch() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	f := &robotshttp.Fetcher{UserAgent: "ExampleBot/1.0"}
	res := f.Fetch(context.Background(), srv.URL+"/robots.txt")
	// RFC 9309 section 2.3.1.4: an unreachable file disallows everything.
	fmt.Println(res.StatusCode, res.Access, res.Robots(f.Options).Allowed("ExampleBot", "/"))
	// Output: 503 unreachable false
}

func ExampleCache_Decide() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
	}))
	defer srv.Close()
	cache := robotshttp.NewCache(&robotshttp.Fetcher{UserAgent: "ExampleBot/1.0"}, 1000)
	for _, path := range []string{"/", "/private/a", "/private/b"} { // one fetch for all three
		d, _, err := cache.Decide(context.Background(), "ExampleBot", srv.URL+path)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(path, d.Allowed)
	}
	// Output:
	// / true
	// /private/a false
	// /private/b false
}

func ExampleTransport() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, "User-agent: ExampleBot\nDisallow: /private\n")
			return
		}
		fmt.Fprint(w, "hello")
	}))
	defer srv.Close()
	client := &http.Client{Transport: &robotshttp.Transport{
		Cache:  robotshttp.NewCache(&robotshttp.Fetcher{UserAgent: "ExampleBot/1.0"}, 1000),
		Agents: []string{"ExampleBot"},
	}}
	_, err := client.Get(srv.URL + "/private/report")
	var denied *robotshttp.DisallowedError
	if errors.As(err, &denied) { // errors.Is(err, robotshttp.ErrDisallowed) too
		fmt.Println("not sent: line", denied.Decision.Rule.Line, "unreachable", denied.Unreachable)
	}
	resp, err := client.Get(srv.URL + "/public")
	if err == nil {
		resp.Body.Close()
		fmt.Println(resp.Status)
	}
	// Output:
	// not sent: line 2 unreachable false
	// 200 OK
}
