package main

// This file counts what an audit found, for its summary: captures by
// status class, the share of captures whose robots.txt answer keeps each
// AI and search crawler out, wholly or in part, the user-agent tokens
// files name most, HTML served as robots.txt and files cut at the size
// limit; one line per crawler, as Common Crawl's robots.txt metrics
// give them.

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/rfc9309/robotstxt/crawlers"
)

// maxTokens bounds the distinct user-agent tokens a summary counts, and
// so its memory, whatever the number of captures: tokens first seen once
// maxTokens are counted are left out, and their count says how many
// namings were. Common tokens come early, so the top of the list holds.
const maxTokens = 100_000

// topTokens is how many of the most named tokens a summary lists.
const topTokens = 25

// statusClasses name the classes of statuses a summary counts: "none"
// for a file, which has no status.
var statusClasses = [...]string{"none", "1xx", "2xx", "3xx", "4xx", "5xx", "other"}

func statusClass(status int) int {
	switch {
	case status == 0:
		return 0
	case status >= 100 && status < 600:
		return status / 100
	}
	return len(statusClasses) - 1
}

// An auditSummary counts the rows of an audit. Each worker counts its own,
// and they are added up at the end.
type auditSummary struct {
	inputs, inputErrors int
	captures            int   // rows of captures read whole
	skipped             int   // records that could not be read
	bytesSkipped        int64 // bytes passed over to find a record after one
	status              [len(statusClasses)]int
	html, truncated     int
	utf16, bom          int
	decided             int // captures whose answer decides for crawlers
	ai, search          []crawlerCount
	tokens              map[string]int // files naming each token, lower-cased
	tokensLeftOut       int
}

// crawlerCount counts the captures that keep one crawler out.
type crawlerCount struct{ disallowed, partly int }

func newAuditSummary(c auditCrawlers) *auditSummary {
	return &auditSummary{ai: make([]crawlerCount, len(c.ai)), search: make([]crawlerCount, len(c.search)),
		tokens: make(map[string]int)}
}

// add counts one row.
func (s *auditSummary) add(r *auditRow) {
	if r.Error != "" {
		s.skipped++
		return
	}
	s.captures++
	s.status[statusClass(r.Status)]++
	s.html += b2i(r.HTML)
	s.truncated += b2i(r.Truncated)
	s.utf16 += b2i(r.UTF16)
	s.bom += b2i(r.BOM)
	if r.AI == nil {
		return
	}
	s.decided++
	countAccess(s.ai, r.AI)
	countAccess(s.search, r.Search)
	for _, a := range r.Agents {
		s.addToken(strings.ToLower(a), 1)
	}
}

func (s *auditSummary) addToken(t string, n int) {
	if _, ok := s.tokens[t]; !ok && len(s.tokens) >= maxTokens {
		s.tokensLeftOut += n
		return
	}
	s.tokens[t] += n
}

func countAccess(counts []crawlerCount, access []crawlers.Access) {
	for i, a := range access {
		switch a {
		case crawlers.Disallowed:
			counts[i].disallowed++
		case crawlers.Partly:
			counts[i].partly++
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// merge adds o's counts to s.
func (s *auditSummary) merge(o *auditSummary) {
	s.inputs += o.inputs
	s.inputErrors += o.inputErrors
	s.captures += o.captures
	s.skipped += o.skipped
	s.bytesSkipped += o.bytesSkipped
	for i := range s.status {
		s.status[i] += o.status[i]
	}
	s.html += o.html
	s.truncated += o.truncated
	s.utf16 += o.utf16
	s.bom += o.bom
	s.decided += o.decided
	for i := range s.ai {
		s.ai[i].disallowed += o.ai[i].disallowed
		s.ai[i].partly += o.ai[i].partly
	}
	for i := range s.search {
		s.search[i].disallowed += o.search[i].disallowed
		s.search[i].partly += o.search[i].partly
	}
	// Sorted, so that which tokens are left out past maxTokens does not
	// depend on the maps' order.
	for _, t := range slices.Sorted(maps.Keys(o.tokens)) {
		s.addToken(t, o.tokens[t])
	}
	s.tokensLeftOut += o.tokensLeftOut
}

// jsonSummary is the summary as -summary FILE writes it.
type jsonSummary struct {
	Inputs        int                `json:"inputs"`
	InputErrors   int                `json:"input_errors"`
	Captures      int                `json:"captures"`
	Skipped       int                `json:"records_skipped"`
	BytesSkipped  int64              `json:"bytes_skipped"`
	Status        map[string]int     `json:"status"`
	HTML          int                `json:"html"`
	Truncated     int                `json:"truncated"`
	UTF16         int                `json:"utf16"`
	BOM           int                `json:"bom"`
	Decided       int                `json:"decided"`
	Crawlers      []jsonCrawlerShare `json:"crawlers"`
	Tokens        []jsonTokenCount   `json:"tokens"`
	TokensLeftOut int                `json:"tokens_left_out"`
}

type jsonCrawlerShare struct {
	Crawler         string  `json:"crawler"`
	Kind            string  `json:"kind"` // "ai" or "search"
	Disallowed      int     `json:"disallowed"`
	DisallowedShare float64 `json:"disallowed_share"`
	Partly          int     `json:"partly"`
	PartlyShare     float64 `json:"partly_share"`
}

type jsonTokenCount struct {
	Token string  `json:"token"`
	Files int     `json:"files"`
	Share float64 `json:"share"`
}

// share is n of the captures that decide, rounded to 4 places.
func (s *auditSummary) share(n int) float64 {
	if s.decided == 0 {
		return 0
	}
	return float64(n*10000/s.decided) / 10000
}

func (s *auditSummary) json(c auditCrawlers) jsonSummary {
	out := jsonSummary{Inputs: s.inputs, InputErrors: s.inputErrors, Captures: s.captures, Skipped: s.skipped,
		BytesSkipped: s.bytesSkipped, Status: map[string]int{}, HTML: s.html, Truncated: s.truncated,
		UTF16: s.utf16, BOM: s.bom, Decided: s.decided, Crawlers: []jsonCrawlerShare{}, Tokens: []jsonTokenCount{},
		TokensLeftOut: s.tokensLeftOut}
	for i, n := range s.status {
		if n > 0 {
			out.Status[statusClasses[i]] = n
		}
	}
	add := func(kind string, names []string, counts []crawlerCount) {
		for i, n := range names {
			out.Crawlers = append(out.Crawlers, jsonCrawlerShare{n, kind,
				counts[i].disallowed, s.share(counts[i].disallowed), counts[i].partly, s.share(counts[i].partly)})
		}
	}
	add("ai", c.ai, s.ai)
	add("search", c.search, s.search)
	for _, t := range s.topTokens() {
		out.Tokens = append(out.Tokens, jsonTokenCount{t, s.tokens[t], s.share(s.tokens[t])})
	}
	return out
}

// topTokens returns the most named tokens, most first, ties by name.
func (s *auditSummary) topTokens() []string {
	all := slices.Collect(maps.Keys(s.tokens))
	slices.SortFunc(all, func(a, b string) int {
		return cmp.Or(cmp.Compare(s.tokens[b], s.tokens[a]), strings.Compare(a, b))
	})
	return all[:min(len(all), topTokens)]
}

func (s *auditSummary) writeJSON(w io.Writer, c auditCrawlers) error {
	b, err := json.MarshalIndent(s.json(c), "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// writeText writes the summary as a person reads it: counts, then a line
// per crawler that some capture keeps out, most kept out first, with the
// captures that disallow it everything and some paths, and their shares
// of the captures that decide; then the most named tokens.
func (s *auditSummary) writeText(w io.Writer, c auditCrawlers) {
	var classes []string
	for i, n := range s.status {
		if n > 0 {
			classes = append(classes, fmt.Sprintf("%s %d", statusClasses[i], n))
		}
	}
	fmt.Fprintf(w, "robotstxt audit: %d inputs, %d captures (%s), %d records skipped, %d inputs unread\n",
		s.inputs, s.captures, strings.Join(classes, ", "), s.skipped, s.inputErrors)
	pct := func(n int) string { return fmt.Sprintf("%d (%.1f%%)", n, 100*s.share(n)) }
	fmt.Fprintf(w, "of %d captures that decide: HTML served as robots.txt %s, cut at the size limit %s, UTF-16 %s, byte-order mark %s\n",
		s.decided, pct(s.html), pct(s.truncated), pct(s.utf16), pct(s.bom))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CRAWLER\tKIND\tDISALLOWED\tPARTLY")
	rows := 0
	// Most kept out first; the registry's order among equals.
	list := func(kind string, names []string, counts []crawlerCount) {
		order := make([]int, len(names))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			return cmp.Or(cmp.Compare(counts[b].disallowed, counts[a].disallowed), cmp.Compare(counts[b].partly, counts[a].partly))
		})
		for _, i := range order {
			if counts[i].disallowed+counts[i].partly > 0 {
				rows++
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", names[i], kind, pct(counts[i].disallowed), pct(counts[i].partly))
			}
		}
	}
	list("ai", c.ai, s.ai)
	list("search", c.search, s.search)
	if rows > 0 {
		tw.Flush()
	} else {
		fmt.Fprintln(w, "no capture keeps any AI or search crawler out")
	}
	if top := s.topTokens(); len(top) > 0 {
		parts := make([]string, len(top))
		for i, t := range top {
			parts[i] = t + " " + pct(s.tokens[t])
		}
		fmt.Fprintf(w, "most named user-agent tokens: %s\n", strings.Join(parts, ", "))
	}
}
