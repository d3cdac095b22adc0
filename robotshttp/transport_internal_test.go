package robotshttp

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"testing/synctest"
	"time"
)

func TestTransportNextBound(t *testing.T) {
	// Requests to 10,000 origins, one every 2 seconds, under a Crawl-delay
	// of 1 second: the turns of all but the latest have come, and only
	// those still running are kept, within the bound of Transport.prune.
	synctest.Test(t, func(t *testing.T) {
		var tr Transport
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, "http://example.com/", nil)
		const origins = 10000
		for i := range origins {
			origin := fmt.Sprintf("http://o%d.example", i)
			if err := tr.wait(req, origin+"/", origin, time.Second); err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * time.Second)
		}
		if n := len(tr.next); n > minPruneAt {
			t.Errorf("after %d origins whose delay ran out, %d are kept; want at most %d", origins, n, minPruneAt)
		}
	})
}
