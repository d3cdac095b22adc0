package robotshttp_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// TestTransportInvalidAgentError checks what a request refused for a
// crawler name that reads as no crawler says: the name, not the file,
// refused it, so its error must not blame robots.txt, which allows the
// path.
func TestTransportInvalidAgentError(t *testing.T) {
	s := newSite(t, 200, "User-agent: *\nDisallow: /private\n")
	tests := []struct {
		name   string
		agents []string
		ua     string
	}{
		{"no Agents, a header that is a path", nil, "/admin"},
		{"no Agents, a header in which no name is found", nil, "(compatible)"},
		{"Agents of a URL, as when a URL and a name are swapped", []string{"https://example.com/x"}, "ExampleBot/1.0"},
	}
	for _, tt := range tests {
		client := &http.Client{Transport: &robotshttp.Transport{Cache: robotshttp.NewCache(&robotshttp.Fetcher{}, 0), Agents: tt.agents}}
		err := get(client, context.Background(), s.URL+"/public", tt.ua)
		var denied *robotshttp.DisallowedError
		if !errors.As(err, &denied) || !errors.Is(denied.Decision.Err, robotstxt.ErrInvalidAgent) {
			t.Errorf("%s: GET /public = %v, want a *DisallowedError whose Decision.Err is ErrInvalidAgent", tt.name, err)
			continue
		}
		if msg := denied.Error(); strings.Contains(msg, "by robots.txt") || !strings.Contains(msg, "names no crawler") {
			t.Errorf("%s: DisallowedError says %q, want the crawler name named as the cause, not robots.txt", tt.name, msg)
		}
	}
}
