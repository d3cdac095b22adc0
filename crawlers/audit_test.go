package crawlers

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rfc9309/robotstxt"
)

// TestAudit checks the verdicts and summaries of files shaped like those
// sites publish to keep AI crawlers out.
func TestAudit(t *testing.T) {
	tests := []struct {
		source  string
		robots  string
		targets []string
		want    map[string]Access // by crawler name
		group   map[string]string // the first token of the group each obeys
	}{
		{"the GPTBot block OpenAI documents", "User-agent: GPTBot\nDisallow: /\n", nil,
			map[string]Access{"GPTBot": Disallowed, "ClaudeBot": Allowed, "OAI-SearchBot": Allowed},
			map[string]string{"GPTBot": "GPTBot", "ClaudeBot": ""}},
		{"a site closed to all but Googlebot", "User-agent: Googlebot\nDisallow:\n\nUser-agent: *\nDisallow: /\n", nil,
			map[string]Access{"GPTBot": Disallowed, "Google-Extended": Disallowed, "PerplexityBot": Disallowed},
			map[string]string{"GPTBot": "*"}},
		{"some paths closed", "User-agent: *\nDisallow: /private/\n\nUser-agent: CCBot\nDisallow: /\nAllow: /blog/\n", nil,
			map[string]Access{"GPTBot": Partly, "CCBot": Partly},
			map[string]string{"CCBot": "CCBot"}},
		{"only the home page closed: every other path is open", "User-agent: GPTBot\nDisallow: /$\n\nUser-agent: CCBot\nDisallow: /*$\n\nUser-agent: ClaudeBot\nDisallow: */\n", nil,
			map[string]Access{"GPTBot": Partly, "CCBot": Disallowed, "ClaudeBot": Disallowed}, nil},
		{"targets given", "User-agent: ClaudeBot\nDisallow: /articles/\n", []string{"/articles/a", "/shop/"},
			map[string]Access{"ClaudeBot": Partly, "GPTBot": Allowed}, nil},
		{"every target closed", "User-agent: ClaudeBot\nDisallow: /articles/\n", []string{"/articles/a"},
			map[string]Access{"ClaudeBot": Disallowed}, nil},
		{"a name with a version, as written in files", "User-agent: iaskspider/2.0\nDisallow: /\n", nil,
			map[string]Access{"iaskspider": Disallowed}, nil},
		{"https://support.apple.com/en-us/119829: Applebot follows Googlebot's group", "User-agent: Googlebot\nDisallow: /\n", nil,
			map[string]Access{"Applebot": Disallowed, "Applebot-Extended": Allowed},
			map[string]string{"Applebot": "Googlebot", "Applebot-Extended": ""}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			rep := Audit(robotstxt.Parse([]byte(tt.robots)), tt.targets...)
			got := make(map[string]Access)
			groups := make(map[string]string)
			for _, v := range rep.Verdicts {
				if _, ok := tt.want[v.Name()]; ok {
					got[v.Name()] = v.Access
				}
				if _, ok := tt.group[v.Name()]; ok {
					groups[v.Name()] = ""
					if len(v.Group) > 0 {
						groups[v.Name()] = v.Group[0]
					}
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("access (-want +got):\n%s", diff)
			}
			if tt.group != nil {
				if diff := cmp.Diff(tt.group, groups); diff != "" {
					t.Errorf("groups (-want +got):\n%s", diff)
				}
			}
			total := 0
			for _, s := range rep.Summaries {
				total += s.Crawlers
				if s.Allowed+s.Disallowed+s.Partly != s.Crawlers {
					t.Errorf("%v: counts do not add up", s)
				}
			}
			ai := 0
			for _, c := range List() {
				if c.AI {
					ai++
				}
			}
			if total != ai || len(rep.Verdicts) != ai {
				t.Errorf("summaries count %d crawlers and %d verdicts, want the %d AI crawlers", total, len(rep.Verdicts), ai)
			}
		})
	}
}

// TestAuditCoversTheAIList checks that the audit reports on every entry
// of the AI crawler list that a user-agent line can name (see aiToken).
func TestAuditCoversTheAIList(t *testing.T) {
	rep := Audit(robotstxt.Parse(nil))
	names := make(map[string]bool)
	for _, v := range rep.Verdicts {
		names[v.Name()] = true
	}
	for name := range readAIList(t) {
		if aiToken(name) == "" {
			continue
		}
		c, ok := Identify(name)
		if !names[name] && !(ok && names[c.Name()]) {
			t.Errorf("Audit has no verdict for %s of the AI crawler list", name)
		}
	}
	if rep.Summaries[0].Purpose != AITraining {
		t.Errorf("Summaries[0] is %v, want AI training first", rep.Summaries[0].Purpose)
	}
}

func TestSummaryString(t *testing.T) {
	tests := []struct {
		s    Summary
		want string
	}{
		{Summary{AITraining, 31, 19, 12, 0}, "blocks 12 of 31 AI training crawlers"},
		{Summary{AISearch, 8, 8, 0, 0}, "allows all 8 AI search crawlers"},
		{Summary{AIAgent, 5, 0, 5, 0}, "blocks all 5 AI agent crawlers"},
		{Summary{AIAssistant, 6, 2, 3, 1}, "blocks 3 of 6 AI assistant crawlers, 1 partly"},
		{Summary{Search, 21, 20, 0, 1}, "allows 20 of 21 search crawlers, 1 partly"},
		{Summary{Archive, 0, 0, 0, 0}, "no archive crawlers listed"},
		{Summary{Archive, 1, 0, 1, 0}, "blocks the one archive crawler"},
		{Summary{Search, 1, 1, 0, 0}, "allows the one search crawler"},
		{Summary{Other, 1, 0, 0, 1}, "lets the one other crawler in partly"},
	}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.s, got, tt.want)
		}
	}
}

// TestSummarize checks that summarize counts verdicts by purpose, in
// Report.Summaries' order.
func TestSummarize(t *testing.T) {
	verdicts := []Verdict{
		{Crawler: Crawler{Tokens: []string{"a"}, Purpose: AISearch}, Access: Disallowed},
		{Crawler: Crawler{Tokens: []string{"b"}, Purpose: AISearch}, Access: Partly},
		{Crawler: Crawler{Tokens: []string{"c"}, Purpose: Archive}, Access: Allowed},
		{Crawler: Crawler{Tokens: []string{"d"}, Purpose: AITraining}, Access: Allowed},
	}
	got := summarize(verdicts)
	want := make(map[Purpose]Summary)
	for _, s := range got {
		if s.Crawlers > 0 {
			want[s.Purpose] = s
		}
	}
	if diff := cmp.Diff(map[Purpose]Summary{
		AITraining: {AITraining, 1, 1, 0, 0},
		AISearch:   {AISearch, 2, 0, 1, 1},
		Archive:    {Archive, 1, 1, 0, 0},
	}, want); diff != "" {
		t.Errorf("summarize (-want +got):\n%s", diff)
	}
	var order []Purpose
	for _, s := range got {
		order = append(order, s.Purpose)
	}
	if diff := cmp.Diff(summaryOrder[:], order); diff != "" {
		t.Errorf("summarize's order (-want +got):\n%s", diff)
	}
}

// TestAuditUntil checks that AuditUntil asks stop before every decision,
// one per crawler and target (one per crawler for the whole site), and
// that it decides nothing more once stop has answered an error.
func TestAuditUntil(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: ClaudeBot\nDisallow: /articles/\n\nUser-agent: *\nDisallow: /private/\n"))
	crawlers := len(Audit(r).Verdicts)
	errStop := errors.New("stop")
	tests := []struct {
		source  string
		targets []string
		stopAt  int // the call of stop that answers errStop; 0: none
		calls   int
	}{
		{"the whole site, to the end", nil, 0, crawlers},
		{"targets, to the end", []string{"/articles/a", "/private/b", "/"}, 0, 3 * crawlers},
		{"the whole site, stopped at the first decision", nil, 1, 1},
		{"the whole site, stopped midway", nil, 7, 7},
		{"targets, stopped at a crawler's second target", []string{"/articles/a", "/private/b", "/"}, 3*5 + 2, 3*5 + 2},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			calls := 0
			stop := func() error {
				calls++
				if calls == tt.stopAt {
					return errStop
				}
				return nil
			}
			rep, err := AuditUntil(r, stop, tt.targets...)
			if calls != tt.calls {
				t.Errorf("AuditUntil(%q) called stop %d times, want %d", tt.targets, calls, tt.calls)
			}
			if tt.stopAt == 0 {
				if err != nil {
					t.Fatalf("AuditUntil(%q) = %v, want no error", tt.targets, err)
				}
				if diff := cmp.Diff(Audit(r, tt.targets...), rep); diff != "" {
					t.Errorf("AuditUntil(%q) (-Audit +AuditUntil):\n%s", tt.targets, diff)
				}
				return
			}
			if !errors.Is(err, errStop) || rep.Verdicts != nil || rep.Summaries != nil {
				t.Errorf("AuditUntil(%q) = %d verdicts, %v; want no report and stop's error", tt.targets, len(rep.Verdicts), err)
			}
		})
	}
}

// TestAuditUntilContext checks that a context's Err stops an audit once
// the context ends.
func TestAuditUntilContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := AuditUntil(robotstxt.Parse(nil), ctx.Err, "/"); !errors.Is(err, context.Canceled) {
		t.Errorf("AuditUntil(ended context) = %v, want context.Canceled", err)
	}
}

// TestAuditUntilNil checks a nil stop, which never stops, as Audit does,
// and a nil file, which allows everything.
func TestAuditUntilNil(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: GPTBot\nDisallow: /\n"))
	for _, targets := range [][]string{nil, {"/a", "/b"}} {
		rep, err := AuditUntil(r, nil, targets...)
		if err != nil {
			t.Fatalf("AuditUntil(r, nil, %q) = %v, want no error", targets, err)
		}
		if diff := cmp.Diff(Audit(r, targets...), rep); diff != "" {
			t.Errorf("AuditUntil(r, nil, %q) (-Audit +AuditUntil):\n%s", targets, diff)
		}
	}
	rep, err := AuditUntil(nil, nil, "/a")
	if err != nil || len(rep.Verdicts) == 0 {
		t.Fatalf("AuditUntil(nil, nil) = %d verdicts, %v; want a report", len(rep.Verdicts), err)
	}
	for _, v := range rep.Verdicts {
		if v.Access != Allowed {
			t.Errorf("AuditUntil(nil, nil): %s %v, want Allowed (a nil Robots allows everything)", v.Crawler.Name(), v.Access)
		}
	}
}

// TestAuditPlain holds that AuditPlain gives each crawler the group the
// plain reading of its name selects, where Audit follows its operator's
// documented precedence.
func TestAuditPlain(t *testing.T) {
	r := robotstxt.Parse([]byte("User-agent: Googlebot\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /private/\n"))
	access := func(rep Report) map[string]string {
		m := make(map[string]string)
		for _, v := range rep.Verdicts {
			if n := v.Name(); n == "Applebot" || n == "GPTBot" {
				m[n] = v.Access.String()
			}
		}
		return m
	}
	// https://support.apple.com/en-us/119829: Applebot obeys Googlebot's
	// group when no group names it; the plain reading finds no group.
	if diff := cmp.Diff(map[string]string{"Applebot": "disallowed", "GPTBot": "partly"}, access(Audit(r))); diff != "" {
		t.Errorf("Audit (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(map[string]string{"Applebot": "allowed", "GPTBot": "partly"}, access(AuditPlain(r))); diff != "" {
		t.Errorf("AuditPlain (-want +got):\n%s", diff)
	}
}

// TestGroupAccess holds GroupAccess, the whole-site reading of a group
// already chosen.
func TestGroupAccess(t *testing.T) {
	tests := []struct {
		robots string
		want   Access
	}{
		{"User-agent: a\nDisallow:\n", Allowed},
		{"User-agent: a\nDisallow: /\n", Disallowed},
		{"User-agent: a\nDisallow: /*\n", Disallowed},
		{"User-agent: a\nDisallow: /private/\n", Partly},
		{"User-agent: a\nDisallow: /\nAllow: /blog/\n", Partly},
		// Only "/" itself: every other path stays open.
		{"User-agent: a\nDisallow: /$\n", Partly},
		{"User-agent: b\nDisallow: /\n", Allowed}, // no group for a
	}
	for _, tt := range tests {
		if got := GroupAccess(robotstxt.Parse([]byte(tt.robots)).Group("a")); got != tt.want {
			t.Errorf("GroupAccess(%q) = %v, want %v", tt.robots, got, tt.want)
		}
	}
}

// TestSiteAccess checks that SiteAccess gives Audit's access for every AI
// crawler, and the access of crawlers Audit leaves out as their operators
// document it.
func TestSiteAccess(t *testing.T) {
	tests := []struct {
		source string
		robots string
		want   map[string]Access // by crawler name
	}{
		{"https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers: Googlebot-Image obeys Googlebot's group",
			"User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nAllow: /\n",
			map[string]Access{"Googlebot": Disallowed, "Googlebot-Image": Disallowed, "bingbot": Allowed}},
		{"Googlebot-Image's own group, when a file has one",
			"User-agent: Googlebot\nDisallow: /\n\nUser-agent: Googlebot-Image\nDisallow: /private/\n",
			map[string]Access{"Googlebot": Disallowed, "Googlebot-Image": Partly}},
		{"https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers: AdsBot-Google ignores *",
			"User-agent: *\nDisallow: /\n",
			map[string]Access{"AdsBot-Google": Allowed, "Googlebot": Disallowed, "YandexBot": Disallowed}},
		{"RFC 9309 section 2.2.2: an empty Disallow allows everything",
			"User-agent: bingbot\nDisallow:\n",
			map[string]Access{"bingbot": Allowed}},
		{"a name the registry does not know reads its own group",
			"User-agent: ExampleBot\nDisallow: /\n",
			map[string]Access{"ExampleBot": Disallowed, "Mozilla/5.0 (compatible; ExampleBot/1.0)": Disallowed, "OtherBot": Allowed}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			r := robotstxt.Parse([]byte(tt.robots))
			got := make(map[string]Access)
			for name := range tt.want {
				got[name] = SiteAccess(r, name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("SiteAccess (-want +got):\n%s", diff)
			}
			for _, v := range Audit(r).Verdicts {
				if a := SiteAccess(r, v.Name()); a != v.Access {
					t.Errorf("SiteAccess(%q) = %v, Audit's access %v", v.Name(), a, v.Access)
				}
			}
		})
	}
}

// BenchmarkAudit audits a file of many rules in its "*" group, which
// most AI crawlers obey: its access is decided once for all of them.
func BenchmarkAudit(b *testing.B) {
	var f strings.Builder
	f.WriteString("User-agent: *\n")
	for i := range 5000 {
		fmt.Fprintf(&f, "Disallow: /private/%d/\n", i)
	}
	f.WriteString("\nUser-agent: GPTBot\nDisallow: /\n")
	r := robotstxt.Parse([]byte(f.String()))
	b.ReportAllocs()
	for b.Loop() {
		Audit(r)
	}
}
