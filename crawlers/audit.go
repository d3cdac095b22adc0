package crawlers

import (
	"fmt"
	"strings"

	"github.com/rfc9309/robotstxt"
)

// Access is what a file lets one crawler fetch.
type Access uint8

const (
	Allowed    Access = iota // every path (or every target) asked about
	Disallowed               // none of them
	Partly                   // some
)

// String returns "allowed", "disallowed" or "partly".
func (a Access) String() string {
	switch a {
	case Disallowed:
		return "disallowed"
	case Partly:
		return "partly"
	}
	return "allowed"
}

// A Verdict is what a file lets one AI crawler fetch.
type Verdict struct {
	Crawler
	Access Access
	// Group holds the user-agent tokens of the group the crawler obeys
	// as [Group] chooses it ("*" for the global group), nil when it obeys
	// none and may fetch everything.
	Group []string
	// Rule is the rule that decided the first target ("/" when none
	// was given), the zero Rule when no rule matched.
	Rule robotstxt.Rule
	// Signals are the Content-Signal values that apply to the crawler:
	// its group's, or the file's.
	Signals map[string]bool
}

// A Summary counts the verdicts of one purpose.
type Summary struct {
	Purpose                               Purpose
	Crawlers, Allowed, Disallowed, Partly int
}

// String says what the file does to the purpose's crawlers: "blocks 12
// of 31 AI training crawlers", "allows all 8 AI search crawlers".
func (s Summary) String() string {
	name := s.Purpose.String() + " crawlers"
	switch {
	case s.Crawlers == 0:
		return "no " + name + " listed"
	case s.Crawlers == 1:
		return s.one()
	case s.Allowed == s.Crawlers:
		return fmt.Sprintf("allows all %d %s", s.Crawlers, name)
	case s.Disallowed == s.Crawlers:
		return fmt.Sprintf("blocks all %d %s", s.Crawlers, name)
	case s.Disallowed == 0:
		return fmt.Sprintf("allows %d of %d %s, %d partly", s.Allowed, s.Crawlers, name, s.Partly)
	case s.Partly == 0:
		return fmt.Sprintf("blocks %d of %d %s", s.Disallowed, s.Crawlers, name)
	}
	return fmt.Sprintf("blocks %d of %d %s, %d partly", s.Disallowed, s.Crawlers, name, s.Partly)
}

// one is String for the one crawler of a purpose: "blocks the one
// archive crawler", not "blocks all 1 archive crawlers".
func (s Summary) one() string {
	name := "the one " + s.Purpose.String() + " crawler"
	switch {
	case s.Allowed == 1:
		return "allows " + name
	case s.Disallowed == 1:
		return "blocks " + name
	}
	return "lets " + name + " in partly"
}

// A Report is the audit of one file.
type Report struct {
	Verdicts []Verdict // in the registry's order
	// Summaries has one Summary per purpose, the AI purposes first
	// (AITraining, AISearch, AIAssistant, AIAgent, AIData), then the
	// others in Purpose order: the AI crawler list names some crawlers
	// whose operators state another purpose (CCBot, an archive).
	Summaries []Summary
	// ContentSignals are the Content-Signal values the file states
	// outside any group, for every crawler.
	ContentSignals map[string]bool
}

// summaryOrder is the order of Report.Summaries.
var summaryOrder = [numPurposes]Purpose{AITraining, AISearch, AIAssistant, AIAgent, AIData,
	Other, Search, Ads, SEOTool, Archive, Monitoring, Preview}

// Audit reports what r lets each AI crawler of the registry (those with AI
// set) fetch, each obeying the group [Group] chooses for it. With no
// targets it asks about the whole site: a crawler is allowed when its
// group allows "/" and disallows nothing, disallowed when it disallows
// "/" and allows nothing, and partly allowed otherwise. With targets (URLs
// or paths) it is allowed when every target is, disallowed when none is.
// Audit only reads r, which may be shared.
func Audit(r *robotstxt.Robots, targets ...string) Report {
	rep, _ := AuditUntil(r, nil, targets...)
	return rep
}

// AuditUntil is [Audit] with an end: it calls stop before each decision
// (one per crawler and target, or per crawler for the whole site) and, at
// the first error stop returns, decides nothing more and returns that
// error and no report. A decision on a hostile file can take a
// millisecond, and a caller may ask about many targets: stop bounds the
// work, for instance by a context (ctx.Err) or a deadline. A nil stop
// never stops, as in Audit.
func AuditUntil(r *robotstxt.Robots, stop func() error, targets ...string) (Report, error) {
	return audit(r, stop, false, targets)
}

// AuditPlain is [Audit] with each crawler obeying the group the file's
// plain reading of its name selects, [robotstxt.Robots.Group] of its
// first token, rather than the group [Group] chooses by its operator's
// documented precedence: what a tool that knows no crawler would answer,
// to set beside Audit's answer.
func AuditPlain(r *robotstxt.Robots, targets ...string) Report {
	rep, _ := audit(r, nil, true, targets)
	return rep
}

// audit is AuditUntil, with plain choosing the group as AuditPlain does.
func audit(r *robotstxt.Robots, stop func() error, plain bool, targets []string) (Report, error) {
	if stop == nil {
		stop = func() error { return nil }
	}
	rep := Report{ContentSignals: r.ContentSignals()}
	reg := theRegistry()
	// Most crawlers obey the same few groups (the "*" group above all),
	// and a group's access to the whole site is the same for each: it is
	// decided once per group, while stop is still called once per
	// crawler. Deciding the whole site reads every rule of the group, so
	// otherwise a file of thousands of rules costs as much again for
	// each of the 170 crawlers (BenchmarkAudit: over 100 times the time).
	// Targets are decided for each crawler, stop called for each.
	type decided struct {
		access Access
		rule   robotstxt.Rule
	}
	seen := make(map[*robotstxt.Group]decided)
	for _, c := range reg.crawlers {
		if !c.AI {
			continue
		}
		var g *robotstxt.Group
		if plain {
			g = r.Group(c.Name())
		} else {
			g = choose(r, c.Name(), false).group
		}
		v := Verdict{Crawler: c.clone(), Group: g.Agents(), Signals: g.ContentSignals()}
		d, ok := seen[g]
		if !ok || len(targets) > 0 {
			var err error
			if d.access, d.rule, err = access(g, targets, stop); err != nil {
				return Report{}, err
			}
			seen[g] = d
		} else if err := stop(); err != nil {
			return Report{}, err
		}
		v.Access, v.Rule = d.access, d.rule
		rep.Verdicts = append(rep.Verdicts, v)
	}
	rep.Summaries = summarize(rep.Verdicts)
	return rep, nil
}

// SiteAccess reports what r lets the crawler agent, a name or a whole
// User-Agent header, fetch of the whole site, obeying the group [Group]
// chooses for it: the access [Audit] reports for an AI crawler, for any
// crawler, a search engine's as well. It only reads r, which may be
// shared.
func SiteAccess(r *robotstxt.Robots, agent string) Access {
	return GroupAccess(choose(r, agent, false).group)
}

// summarize counts verdicts by purpose, as [Report.Summaries] does: one
// Summary per purpose, in its order.
func summarize(verdicts []Verdict) []Summary {
	sums := make([]Summary, numPurposes)
	var at [numPurposes]int
	for i, p := range summaryOrder {
		sums[i].Purpose = p
		at[p] = i
	}
	for _, v := range verdicts {
		s := &sums[at[v.Purpose]]
		s.Crawlers++
		switch v.Access {
		case Allowed:
			s.Allowed++
		case Disallowed:
			s.Disallowed++
		default:
			s.Partly++
		}
	}
	return sums
}

// GroupAccess is [SiteAccess] for a group already chosen (by a plain
// reading of a name, or for several names): what g lets its crawler fetch
// of the whole site, Allowed when g allows "/" and disallows nothing,
// Disallowed when its rule for "/" covers every path and it allows
// nothing, Partly otherwise. A nil g, no group, is Allowed.
func GroupAccess(g *robotstxt.Group) Access {
	a, _, _ := access(g, nil, func() error { return nil })
	return a
}

// access returns what g lets its crawler fetch of targets, or of the site
// when there are none, and the rule that decided the first target; or
// the error of stop, called before each decision.
func access(g *robotstxt.Group, targets []string, stop func() error) (Access, robotstxt.Rule, error) {
	if len(targets) == 0 {
		if err := stop(); err != nil {
			return 0, robotstxt.Rule{}, err
		}
		d := g.Decide("/")
		// A rule of the other kind opens or closes some paths.
		for _, rl := range g.Rules() {
			if rl.Pattern != "" && rl.Allow != d.Allowed {
				return Partly, d.Rule, nil
			}
		}
		if d.Allowed {
			return Allowed, d.Rule, nil
		}
		// "/" is disallowed and nothing is allowed, yet a rule such as
		// "Disallow: /$" leaves every other path open.
		if !coversEveryPath(d.Rule.Pattern) {
			return Partly, d.Rule, nil
		}
		return Disallowed, d.Rule, nil
	}
	var first robotstxt.Rule
	allowed := 0
	for i, t := range targets {
		if err := stop(); err != nil {
			return 0, robotstxt.Rule{}, err
		}
		d := g.Decide(t)
		if i == 0 {
			first = d.Rule
		}
		if d.Allowed {
			allowed++
		}
	}
	switch allowed {
	case len(targets):
		return Allowed, first, nil
	case 0:
		return Disallowed, first, nil
	}
	return Partly, first, nil
}

// coversEveryPath reports whether pattern matches every path: with its
// '*'s taken out, nothing or "/" is left (every path starts with "/"),
// and a final '$' follows a '*', which may end anywhere.
func coversEveryPath(pattern string) bool {
	if p, ok := strings.CutSuffix(pattern, "$"); ok {
		if !strings.HasSuffix(p, "*") {
			return false
		}
		pattern = p
	}
	rest := strings.ReplaceAll(pattern, "*", "")
	return rest == "" || rest == "/"
}
