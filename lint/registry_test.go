package lint

import (
	"strings"
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

// TestPartnerCrawlers checks partnerCrawlers against the registry: the
// tokens of its search and ad crawlers.
func TestPartnerCrawlers(t *testing.T) {
	want := make(map[string]bool)
	for _, c := range crawlers.List() {
		if c.Purpose == crawlers.Search || c.Purpose == crawlers.Ads {
			for _, tok := range c.Tokens {
				want[strings.ToLower(tok)] = true
			}
		}
	}
	if diff := cmp.Diff(want, partnerCrawlers); diff != "" {
		t.Errorf("partnerCrawlers (-registry +lint):\n%s", diff)
	}
}
