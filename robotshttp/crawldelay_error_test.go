package robotshttp_test

import (
	"cmp"
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/rfc9309/robotstxt/robotshttp"
)

// TestCrawlDelayErrorSays checks what a CrawlDelayError tells the one who
// reads it: inside colly, whose client has a timeout of its own, any
// origin with a Crawl-delay longer than that timeout failed every request
// after the first with "its turn comes in 9s, after the request's
// deadline", which says neither what it waited for nor which deadline,
// nor what to change.
func TestCrawlDelayErrorSays(t *testing.T) {
	tests := []struct {
		name    string
		max     time.Duration // Transport.MaxCrawlDelay
		timeout time.Duration // the context's deadline, 0 for none
		want    []string
	}{
		{"a client timeout shorter than the Crawl-delay", 0, 4 * time.Second, []string{
			"is not sent: it waits for its turn at " + "ORIGIN" + ", one request per Crawl-delay of 10s (robots.txt)",
			"its turn comes in 10s",
			"past the request's deadline in 4s",
			"a client Timeout counts",
			"MaxCrawlDelay",
		}},
		{"MaxCrawlDelay below the Crawl-delay", 3 * time.Second, 0, []string{
			"one request per Crawl-delay of 10s (robots.txt)",
			"its turn comes in 10s",
			"longer than the Transport's MaxCrawlDelay of 3s",
		}},
		{"MaxCrawlDelay negative: no wait, said as it was set", -1, 0, []string{
			"one request per Crawl-delay of 10s (robots.txt)",
			"its turn comes in 10s",
			"MaxCrawlDelay of -1ns, negative, waits for no turn",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSite(t, 200, "User-agent: *\nCrawl-delay: 10\n")
			synctest.Test(t, func(t *testing.T) {
				client := bubbleClient(&robotshttp.Transport{Agents: []string{"FooBot"}, CrawlDelay: true, MaxCrawlDelay: tt.max})
				if err := get(client, context.Background(), s.URL+"/first", "FooBot/1.0"); err != nil {
					t.Fatal(err)
				}
				ctx := context.Background()
				if tt.timeout > 0 {
					var cancel context.CancelFunc
					ctx, cancel = context.WithTimeout(ctx, tt.timeout)
					defer cancel()
				}
				err := get(client, ctx, s.URL+"/second", "FooBot/1.0")
				if err == nil {
					t.Fatal("the second request was sent, want a CrawlDelayError")
				}
				var ce *robotshttp.CrawlDelayError
				if !errors.As(err, &ce) {
					t.Fatalf("error %v, want a CrawlDelayError", err)
				}
				if tt.timeout == 0 && ce.Limit != cmp.Or(tt.max, 24*time.Hour) {
					t.Errorf("CrawlDelayError.Limit = %v, want the MaxCrawlDelay set, %v (a day for 0)", ce.Limit, tt.max)
				}
				for _, w := range tt.want {
					w = strings.ReplaceAll(w, "ORIGIN", s.URL)
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q, want it to say %q", err, w)
					}
				}
			})
		})
	}
}
