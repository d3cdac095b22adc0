package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/crawlers"
)

// targetList is a repeatable -url flag.
type targetList []string

func (t *targetList) String() string { return strings.Join(*t, ",") }

func (t *targetList) Set(v string) error {
	*t = append(*t, v)
	return nil
}

type jsonAIVerdict struct {
	Name     string          `json:"name"`
	Operator string          `json:"operator"`
	Purpose  string          `json:"purpose"`
	Obeys    string          `json:"obeys_robots_txt"`
	Access   string          `json:"access"`
	Group    []string        `json:"group"`
	Rule     *jsonRule       `json:"rule"`
	Signals  map[string]bool `json:"content_signals,omitempty"`
}

type jsonAISummary struct {
	Purpose    string `json:"purpose"`
	Crawlers   int    `json:"crawlers"`
	Allowed    int    `json:"allowed"`
	Disallowed int    `json:"disallowed"`
	Partly     int    `json:"partly"`
	Text       string `json:"text"`
}

func ai(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	stdout, stderr = escapeOutput(stdout, stderr)
	fs := newFlags("ai", stderr, "usage: robotstxt ai [-mode rfc|google] [-plain] [-json] [-url TARGET]... FILE|URL...\n\n"+
		"Audits which AI crawlers each robots.txt file lets in: for each AI crawler of the registry\n"+
		"of package crawlers (from "+crawlers.AISource+", "+crawlers.AISourceDate+",\n"+
		"and operators' pages as of "+crawlers.Date+"), its operator, purpose, whether it is known\n"+
		"to obey robots.txt, and its access: allowed, disallowed, or partly (some paths), obeying\n"+
		"the group its operator documents it obeys, as check chooses it (-plain: the group the file's\n"+
		"plain reading of its name selects). Then a summary per purpose and the file's\n"+
		"Content-Signal values.\n\nFlags:\n")
	asJSON := fs.Bool("json", false, "print one JSON object per file")
	var targets targetList
	fs.Var(&targets, "url", "ask about this `TARGET` (URL or path) instead of the whole site; repeatable")
	plain := fs.Bool("plain", false, "give each crawler the group of the file's plain reading of its name (RFC 9309, or Google's library with -mode google), not the group it obeys by its documented precedence")
	opts := parseOptions(fs)
	if status, done := parseFileFlags(fs, args, stderr); done {
		return status
	}
	status := exitAllowed
	in := input{"ai", stdin, stderr}
	for i, src := range fs.Args() {
		name, r, err := in.robots(src, opts())
		if err != nil {
			fmt.Fprintf(stderr, "robotstxt ai: %v\n", err)
			status = exitError
			continue
		}
		var rep crawlers.Report
		if *plain {
			rep = crawlers.AuditPlain(r, targets...)
		} else {
			rep = crawlers.Audit(r, targets...)
		}
		if *asJSON {
			writeAIJSON(stdout, name, r, rep)
			continue
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		writeAIText(stdout, name, r, rep)
	}
	return status
}

// maxOperator is the widest operator name the text output shows.
const maxOperator = 24

// writeAIText prints the audit as a table, the summaries, and the
// Content-Signal values: the file's, outside any group, and each group's,
// the "*" group's among them, where Cloudflare's managed robots.txt puts
// them (a crawler of a group with its own values reads those).
func writeAIText(w io.Writer, src string, r *robotstxt.Robots, rep crawlers.Report) {
	fmt.Fprintf(w, "%s\n", src)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "CRAWLER\tOPERATOR\tPURPOSE\tOBEYS\tACCESS\tDECIDED BY")
	for _, v := range rep.Verdicts {
		op := v.Operator
		switch {
		case op == "":
			op = "-"
		case len(op) > maxOperator:
			// A column, not the list: the JSON has the whole name.
			op = op[:maxOperator-3] + "..."
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", v.Name(), op, v.Purpose, v.Obeys, v.Access, decidedBy(v))
	}
	tw.Flush()
	for _, s := range rep.Summaries {
		if s.Crawlers > 0 {
			fmt.Fprintf(w, "%s\n", s)
		}
	}
	if len(rep.ContentSignals) > 0 {
		fmt.Fprintf(w, "content-signal: %s\n", signalsText(rep.ContentSignals))
	}
	for _, g := range groupSignals(r) {
		fmt.Fprintf(w, "content-signal for user-agent: %s: %s\n", strings.Join(g.Agents, ", "), signalsText(g.Signals))
	}
}

// jsonGroupSignals is the Content-Signal values a group states, as ai
// -json and /api/ai write them.
type jsonGroupSignals struct {
	Agents  []string        `json:"agents"`
	Signals map[string]bool `json:"content_signals"`
}

// groupSignals returns the Content-Signal values of each group of r that
// states some, the "*" group's among them, where Cloudflare's managed
// robots.txt puts them.
func groupSignals(r *robotstxt.Robots) []jsonGroupSignals {
	var out []jsonGroupSignals
	for _, g := range r.Groups() {
		if s := g.ContentSignals(); len(s) > 0 {
			out = append(out, jsonGroupSignals{g.Agents(), s})
		}
	}
	return out
}

// decidedBy names the group a crawler obeys and the rule that decided.
func decidedBy(v crawlers.Verdict) string {
	if v.Group == nil {
		return "no group"
	}
	g := "user-agent: " + strings.Join(v.Group, ", ")
	if v.Rule == (robotstxt.Rule{}) {
		return g
	}
	return fmt.Sprintf("%s (line %d: %s)", g, v.Rule.Line, ruleText(v.Rule))
}

// signalsText writes Content-Signal values as a file would: "ai-train=no,
// search=yes".
func signalsText(m map[string]bool) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		v := "no"
		if m[k] {
			v = "yes"
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, ", ")
}

func writeAIJSON(w io.Writer, src string, r *robotstxt.Robots, rep crawlers.Report) {
	out := struct {
		File           string             `json:"file"`
		Crawlers       []jsonAIVerdict    `json:"crawlers"`
		Summary        []jsonAISummary    `json:"summary"`
		ContentSignals map[string]bool    `json:"content_signals,omitempty"`
		GroupSignals   []jsonGroupSignals `json:"group_content_signals,omitempty"`
	}{File: src, ContentSignals: rep.ContentSignals, GroupSignals: groupSignals(r)}
	for _, v := range rep.Verdicts {
		out.Crawlers = append(out.Crawlers, aiVerdictJSON(v))
	}
	out.Summary = aiSummaryJSON(rep.Summaries)
	b, _ := json.Marshal(out) // strings, bools, ints and maps of them always marshal
	fmt.Fprintf(w, "%s\n", b)
}

// aiVerdictJSON is a verdict as ai -json and /api/ai write it.
func aiVerdictJSON(v crawlers.Verdict) jsonAIVerdict {
	return jsonAIVerdict{Name: v.Name(), Operator: v.Operator, Purpose: v.Purpose.String(), Obeys: v.Obeys.String(),
		Access: v.Access.String(), Group: v.Group, Rule: jsonRuleOf(v.Rule), Signals: v.Signals}
}

// aiSummaryJSON is the summaries of the purposes that have crawlers, as
// ai -json and /api/ai write them: the registry lists some purposes no AI
// crawler has (search, ads), whose empty counts say nothing.
func aiSummaryJSON(sums []crawlers.Summary) []jsonAISummary {
	out := []jsonAISummary{}
	for _, s := range sums {
		if s.Crawlers > 0 {
			out = append(out, jsonAISummary{s.Purpose.String(), s.Crawlers, s.Allowed, s.Disallowed, s.Partly, s.String()})
		}
	}
	return out
}

// jsonRuleOf is nil, written as null, when no rule decided.
func jsonRuleOf(r robotstxt.Rule) *jsonRule {
	if r == (robotstxt.Rule{}) {
		return nil
	}
	return &jsonRule{Allow: r.Allow, Pattern: r.Pattern, Line: r.Line}
}
