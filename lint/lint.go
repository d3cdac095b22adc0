// Package lint checks a parsed robots.txt file as a whole for what
// webmasters most often get wrong in a file that parses cleanly: rules
// that can never decide, named groups that drop the "*" group's rules,
// patterns that match more than they seem to, rules that hide a site's
// CSS and JavaScript from search engines, a site closed to every crawler
// or to a search engine, groups that give their crawlers the whole site
// by mistake, and paths that a public file should not list.
//
// It reads the file only through the root package's public API
// ([robotstxt.Robots.FileGroups], [robotstxt.Robots.Group] and the
// answers of a [robotstxt.Group]), and changes nothing: none of its
// findings changes a verdict. Each finding quotes the rule or line it is
// about, says what a crawler does with it, and how to fix it.
package lint

import (
	"cmp"
	"slices"

	"github.com/rfc9309/robotstxt"
)

// Check returns the diagnostics of r: those the parse reported
// ([robotstxt.Robots.Diagnostics]) and those of the checks of the file as
// a whole, in line order (on one line, the parse's first).
//
// The checks that compare pairs (a rule of one group against the answers
// of another, for many rules and groups) run within a budget of work in
// proportion to the file's size, so that Check costs at most tens of
// times the parse of the file however it is shaped (BenchmarkCheckHostile:
// 1 to 25 times on the worst shapes found): a check that would compare
// every rule with every group of a file of thousands of both compares
// part of them and says so in its findings. The global-not-inherited
// check notes the first 100 named groups that ignore rules of the "*"
// group one by one, and counts the others in one more finding on the
// first of them. Every other check draws at most one finding per rule or
// group, so the findings grow with the file and no further.
func Check(r *robotstxt.Robots) []robotstxt.Diagnostic {
	out := r.Diagnostics()
	f := newFile(r)
	if f == nil {
		return out
	}
	var w findings
	matchesAnywhere(f, &w)
	neverDecides(f, &w)
	globalNotInherited(f, &w)
	crawlDelayGoogle(f, &w)
	f.blocksResources(&w)
	siteClosed(f, &w)
	sensitivePaths(f, &w)
	globalRepeated(f, &w)
	emptyGroups(f, &w)
	if len(w) == 0 {
		return out
	}
	out = append(out, w...)
	slices.SortStableFunc(out, func(a, b robotstxt.Diagnostic) int { return cmp.Compare(a.Line, b.Line) })
	return out
}

// findings collects the diagnostics of the checks, in the order they
// find them.
type findings []robotstxt.Diagnostic

func (w *findings) add(line int, sev robotstxt.Severity, code robotstxt.Code, msg string) {
	*w = append(*w, robotstxt.Diagnostic{Line: line, Severity: sev, Code: code, Message: msg})
}
