package main

// This file prints check's results: tab-separated for programs, aligned
// columns for a person at a terminal, or JSON.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// A checkOutput prints check's results in one of its three forms.
type checkOutput struct {
	w      *rowWriter
	cs     []crawler
	asJSON bool
	// table is set when standard output is a terminal: a person reads
	// it, so it has a header, aligned columns and the deciding group.
	// A pipe gets the tab-separated lines scripts already parse.
	table *table
	// interactive is set when a person types the targets: each answer
	// is shown as soon as it is known.
	interactive bool
	// progress is drawn between rows and erased before any is written.
	progress *progress
	n        int // the targets done
}

func newCheckOutput(stdout io.Writer, cs []crawler, asJSON bool, p *progress) *checkOutput {
	o := &checkOutput{w: &rowWriter{w: stdout, progress: p}, cs: cs, asJSON: asJSON, progress: p}
	if !asJSON && isTerminal(stdout) {
		o.table = &table{w: o.w}
		if len(cs) == 1 {
			o.table.row("VERDICT", "TARGET", "RULE", "LINE", "GROUP")
		} else {
			head := []string{"TARGET"}
			for _, c := range cs {
				head = append(head, c.name)
			}
			o.table.row(head...)
		}
	}
	return o
}

// flush writes what is held back: the table's block and the buffer.
func (o *checkOutput) flush() {
	if o.table != nil {
		o.table.flush()
	}
	o.w.Flush()
}

// write prints one target's result, at once when a person types them,
// and then, the row whole, the progress.
func (o *checkOutput) write(r *result) {
	o.print(r)
	if o.interactive {
		o.flush()
	}
	o.tick()
}

// tick counts a target done and shows the progress.
func (o *checkOutput) tick() {
	o.n++
	o.progress.tick(o.n)
}

// print prints one target's result: for one crawler
// "VERDICT\tTARGET[\tRULE\tLINE]", for several "TARGET" and a column per
// crawler, on a terminal the same in aligned columns, with asJSON one
// object. In fetch mode, a file that is unavailable or unreachable takes
// the place of the rule, since it decided.
func (o *checkOutput) print(r *result) {
	why := reason(r.fetch)
	target := redactURL(r.target)
	switch {
	case o.asJSON:
		o.writeJSON(r, target)
	case o.table != nil && len(r.answers) == 1:
		a := r.answers[0]
		rule, line := why, ""
		if why == "" && a.d.Rule != (robotstxt.Rule{}) {
			rule, line = ruleText(a.d.Rule), strconv.Itoa(a.d.Rule.Line)
		}
		o.table.row(verdict(a.d.Allowed), target, rule, line, a.groupText(why))
	case o.table != nil:
		cells := []string{target}
		for _, a := range r.answers {
			cells = append(cells, answerText(a, why, true))
		}
		o.table.row(cells...)
	case len(r.answers) == 1:
		d := r.answers[0].d
		switch {
		case why != "":
			fmt.Fprintf(o.w, "%s\t%s\t%s\n", verdict(d.Allowed), target, why)
		case d.Rule == (robotstxt.Rule{}):
			fmt.Fprintf(o.w, "%s\t%s\n", verdict(d.Allowed), target)
		default:
			fmt.Fprintf(o.w, "%s\t%s\t%s\t%d\n", verdict(d.Allowed), target, ruleText(d.Rule), d.Rule.Line)
		}
	default:
		o.w.WriteString(target)
		for _, a := range r.answers {
			o.w.WriteString("\t" + answerText(a, why, false))
		}
		o.w.WriteString("\n")
	}
}

// reason says why no file's rule decided in fetch mode: "robots.txt
// unreachable: 503", "robots.txt unavailable: 404", or the error that
// left the file unreachable. It is "" when a file was fetched, or in
// file mode (f nil).
func reason(f *robotshttp.Fetch) string {
	if f == nil || f.Access == robotshttp.Available {
		return ""
	}
	var detail []string
	if f.StatusCode != 0 {
		detail = append(detail, strconv.Itoa(f.StatusCode))
	}
	if f.Err != nil {
		// The request's URL is the origin's robots.txt, which the target
		// already names; what went wrong is the interesting part.
		err := f.Err
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		detail = append(detail, strings.TrimPrefix(err.Error(), "robotshttp: "))
	}
	return "robots.txt " + f.Access.String() + ": " + strings.Join(detail, ", ")
}

func verdict(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

func ruleText(r robotstxt.Rule) string {
	if r.Allow {
		return "Allow: " + r.Pattern
	}
	return "Disallow: " + r.Pattern
}

// groupText names the group a crawler obeys by its user-agent tokens, as
// the ai command does, and why it obeys that group when its name alone
// does not select it ("user-agent: googlebot (Googlebot-Image: no group
// names it, follows Googlebot's)"); no group at all is said, since then
// nothing is disallowed.
func (a answer) groupText(why string) string {
	g := a.group(why)
	if g != "" && a.because != "" && !a.own {
		g += " (" + a.because + ")"
	}
	return g
}

// group names the group a crawler obeys; "" when a fetch's outcome
// decided (why) or there is no crawler.
func (a answer) group(why string) string {
	switch {
	case why != "" || a.choice == nil:
		return ""
	case a.agents == nil:
		return "no group"
	}
	return "user-agent: " + strings.Join(a.agents, ", ")
}

// answerText is a verdict with what decided it: "disallowed (line 4:
// Disallow: /x)", "disallowed (robots.txt unreachable: 503)", and with
// withGroup the group too: "allowed (line 9: Allow: /p; user-agent:
// foobot)", and why the crawler obeys it where the file's plain reading
// of its name would give another ("allowed (user-agent: googlebot;
// Googlebot-Image: no group names it, follows Googlebot's)").
func answerText(a answer, why string, withGroup bool) string {
	var because []string
	switch {
	case why != "":
		because = append(because, why)
	case a.d.Rule != (robotstxt.Rule{}):
		because = append(because, fmt.Sprintf("line %d: %s", a.d.Rule.Line, ruleText(a.d.Rule)))
	}
	if g := a.group(why); withGroup && g != "" {
		because = append(because, g)
		if a.changed {
			because = append(because, a.because)
		}
	}
	if len(because) == 0 {
		return verdict(a.d.Allowed)
	}
	return verdict(a.d.Allowed) + " (" + strings.Join(because, "; ") + ")"
}

// decisionText is a verdict with its rule: "disallowed (line 4: Disallow: /x)".
func decisionText(d robotstxt.Decision) string {
	return answerText(answer{d: d}, "", false)
}

type jsonRule struct {
	Allow   bool   `json:"allow"`
	Pattern string `json:"pattern"`
	Line    int    `json:"line"`
}

type jsonDecision struct {
	Target  string    `json:"target,omitempty"`
	Agent   string    `json:"agent,omitempty"`
	Allowed bool      `json:"allowed"`
	Rule    *jsonRule `json:"rule"`
	// Group holds the user-agent tokens of the group the crawler obeys;
	// null when it obeys none.
	Group []string `json:"group"`
	// Reason says why the crawler obeys that group, as package crawlers
	// words it; absent with -plain, and for "*" or a list of names.
	Reason string `json:"reason,omitempty"`
	// Robots is, in check's fetch mode with one crawler, how the
	// target's robots.txt fetch ended.
	Robots *jsonRobots `json:"robots,omitempty"`
}

// jsonRobots is how the fetch of a target's robots.txt ended: its access
// (available, unavailable, unreachable), its HTTP status and the error
// that left it unreachable or unavailable.
type jsonRobots struct {
	Access string `json:"access"`
	Status int    `json:"status,omitempty"`
	Error  string `json:"error,omitempty"`
}

func robotsJSON(f *robotshttp.Fetch) *jsonRobots {
	if f == nil {
		return nil
	}
	j := &jsonRobots{Access: f.Access.String(), Status: f.StatusCode}
	if f.Err != nil {
		j.Error = f.Err.Error()
	}
	return j
}

// decisionJSON is a decision of group g, without a crawler's name.
func decisionJSON(d robotstxt.Decision, g *robotstxt.Group) jsonDecision {
	return jsonDecision{Allowed: d.Allowed, Rule: jsonRuleOf(d.Rule), Group: g.Agents()}
}

func toJSON(agent string, a answer) jsonDecision {
	return jsonDecision{Agent: agent, Allowed: a.d.Allowed, Rule: jsonRuleOf(a.d.Rule), Group: a.agents, Reason: a.because}
}

// writeJSON prints r as JSON. As in the other formats, a file that was
// unavailable or unreachable decided in place of a rule: its "robots"
// object says why, and "rule" is null.
func (o *checkOutput) writeJSON(r *result, target string) {
	var v any
	if reason(r.fetch) != "" {
		for i := range r.answers {
			r.answers[i].d.Rule = robotstxt.Rule{}
		}
	}
	if len(o.cs) == 1 {
		j := toJSON(o.cs[0].name, r.answers[0])
		j.Target, j.Robots = target, robotsJSON(r.fetch)
		v = j
	} else {
		all := struct {
			Target   string         `json:"target"`
			Robots   *jsonRobots    `json:"robots,omitempty"`
			Crawlers []jsonDecision `json:"crawlers"`
		}{Target: target, Robots: robotsJSON(r.fetch)}
		for i, a := range r.answers {
			all.Crawlers = append(all.Crawlers, toJSON(o.cs[i].name, a))
		}
		v = all
	}
	b, _ := json.Marshal(v) // strings, bools and ints always marshal
	o.w.Write(append(b, '\n'))
}
