package robotstxt

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestFileGroups checks the groups as written: their first user-agent
// lines, tokens and rules, each rule as written and as matched with its
// priority, and their Crawl-delay, before groups merge.
func TestFileGroups(t *testing.T) {
	src := "Disallow: /before\n" + // line 1: before any group, in none
		"User-agent: FooBot/1.0\n" + // 2
		"User-agent: *\n" + // 3
		"Crawl-delay: 2\n" + // 4
		"Disallow: /a%2f\n" + // 5
		"Allow: /café\n" + // 6
		"Allow: /x/index.html\n" + // 7: Google's index.html rule derives no FileRule
		"\n" +
		"User-agent: foobot\n" + // 9
		"Crawl-delay: 1\n" + // 10
		"Crawl-delay: 5\n" + // 11
		"Disallow:\n" + // 12
		"User-agent: Bare\n" // 13: a group without rules
	for _, tt := range []struct {
		mode Mode
		want []FileGroup
	}{
		{RFC, []FileGroup{
			{Line: 2, Agents: []string{"FooBot", "*"}, CrawlDelay: 2 * time.Second, CrawlDelayLine: 4, Rules: []FileRule{
				{Rule{false, "/a%2f", 5}, "/a%2F", 5},
				{Rule{true, "/café", 6}, "/caf%C3%A9", 10},
				{Rule{true, "/x/index.html", 7}, "/x/index.html", 13},
			}},
			{Line: 9, Agents: []string{"foobot"}, CrawlDelay: 5 * time.Second, CrawlDelayLine: 11, Rules: []FileRule{
				{Rule{false, "", 12}, "", 0},
			}},
			{Line: 13, Agents: []string{"Bare"}, Rules: []FileRule{}},
		}},
		{Google, []FileGroup{
			{Line: 2, Agents: []string{"FooBot", "*"}, CrawlDelay: 2 * time.Second, CrawlDelayLine: 4, Rules: []FileRule{
				{Rule{false, "/a%2f", 5}, "/a%2F", 5}, // Google escapes in upper case
				{Rule{true, "/café", 6}, "/caf%C3%A9", 10},
				{Rule{true, "/x/index.html", 7}, "/x/index.html", 13},
			}},
			{Line: 9, Agents: []string{"foobot"}, CrawlDelay: 5 * time.Second, CrawlDelayLine: 11, Rules: []FileRule{
				{Rule{false, "", 12}, "", 0},
			}},
			{Line: 13, Agents: []string{"Bare"}, Rules: []FileRule{}},
		}},
	} {
		r := Options{Mode: tt.mode}.Parse([]byte(src))
		if diff := cmp.Diff(tt.want, r.FileGroups()); diff != "" {
			t.Errorf("%s: FileGroups() (-want +got):\n%s", tt.mode, diff)
		}
	}
	// The caller's slices: changing them changes no later answer.
	r := Parse([]byte(src))
	g := r.FileGroups()
	g[0].Agents[0], g[0].Rules[0].Pattern = "x", "/x"
	if again := r.FileGroups(); again[0].Agents[0] != "FooBot" || again[0].Rules[0].Pattern != "/a%2f" {
		t.Errorf("FileGroups() after a caller changed its result: %+v", again[0])
	}
	for _, empty := range []*Robots{nil, new(Robots), Parse(nil)} {
		if got := empty.FileGroups(); got != nil {
			t.Errorf("FileGroups() of a file without groups = %v, want nil", got)
		}
	}
}
