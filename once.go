package robotstxt

// This file answers one query on a file that is read once, without
// keeping it: the parse, the groups and the decision are Parse's and
// Robots.Decide's, and only their tables are left out.

import "strings"

// DecideOnce decides one query on a robots.txt body, as
// o.Parse(data).Decide(agent, target) decides it, without keeping the parsed
// file: for a tool that checks one URL against a file it reads once, as
// Google's library's OneAgentAllowedByRobots does. It reads the file with
// Parse's tokenizer, forms and merges its groups with Parse's builder (RFC
// 9309 section 2.1 and section 2.2.1), finds the crawler's groups by the
// names [Robots.Group] reads, and decides with the matcher of [Group.Decide]
// (section 2.2.2); it leaves out what one query does not read: the
// diagnostics, the file's tables and its Groups. Its answer is Decide's, Err
// included, in either mode (FuzzParse and TestDecideOnce compare them; the
// conformance tests hold it to the reference answers).
//
// It costs a parse and a scan. On a small file it allocates only the
// deciding rule's pattern; besides, the merged rules of a crawler whose name
// several groups give, the copies a parse makes in any case (a UTF-16 body
// converted, a pattern escaped), and a body read for more than twice
// [DefaultMaxBytes] (1,000 KiB) its own lists. A group whose scan would cost
// more than the index's build (a long path against many rules with '*') is
// indexed first, as a kept Group's is: on hostile files of 500 KiB and a
// path of 8 KiB that makes 2 to 60 ms (BenchmarkDecideOnceHostile). A
// crawler that asks a file more than once parses it once and keeps the
// *Robots, or the *Group it asks (BenchmarkDecideOnce times both).
func (o Options) DecideOnce(data []byte, agent, target string) Decision {
	src := view(data)
	keep, _ := o.cut(src)
	buf, own := borrowBuffers(keep)
	var p parser
	o.initParser(&p, buf, defaultLimits)
	p.quiet = true
	p.run(src[:keep])
	d := p.b.decide(&buf.once, agent, target)
	// The rule's pattern is read from the lists that go back to the pool.
	d.Rule.Pattern = strings.Clone(d.Rule.Pattern)
	if !own {
		returnBuffers(buf)
	}
	return d
}

// DecideOnce decides one query on a robots.txt body in RFC mode with the
// default limit, without keeping the parsed file (see
// [Options.DecideOnce]).
func DecideOnce(data []byte, agent, target string) Decision {
	return Options{}.DecideOnce(data, agent, target)
}
