package lint

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt/crawlers"
)

// TestSearchCrawlers checks searchCrawlers against the registry: every
// search crawler of it, with its tokens in its order.
func TestSearchCrawlers(t *testing.T) {
	var want [][]string
	for _, c := range crawlers.List() {
		if c.Purpose == crawlers.Search {
			want = append(want, c.Tokens)
		}
	}
	if diff := cmp.Diff(want, searchCrawlers); diff != "" {
		t.Errorf("searchCrawlers (-registry +lint):\n%s", diff)
	}
}
