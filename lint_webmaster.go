package robotstxt

// This file holds the checks for what webmasters most often get wrong in
// a robots.txt file that parses cleanly: directives no crawler obeys,
// named groups that drop the "*" group's rules, patterns that match more
// than they seem to, rules that hide a site's CSS and JavaScript from
// search engines, and paths that a public file should not list. None of
// them changes a verdict; each note quotes the rule or key it is about,
// says what a crawler does with it, and how to fix it.
//
// They run when the diagnostics are first asked for (see
// webmasterChecks), so that a crawler that never asks pays nothing; only
// the notes on Noindex lines and blank lines inside a group, which need
// what the parser reads, are the parser's.

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// isExtensionPattern reports whether a pattern is '*' and a file
// extension, "*.pdf": it matches every path that contains ".pdf", such as
// "/my.pdf-viewer/", while its author usually meant the paths that end
// in it. A pattern with a '$' already says where it ends.
func isExtensionPattern(p string) bool {
	ext := p[1:]
	if len(ext) < 2 || len(ext) > 10 || ext[0] != '.' {
		return false
	}
	for i := 1; i < len(ext); i++ {
		if c := ext[i] | 0x20; !('a' <= c && c <= 'z' || '0' <= ext[i] && ext[i] <= '9') {
			return false
		}
	}
	return true
}

// matchesAnywhere notes each rule whose pattern isExtensionPattern
// accepts, with an example of a path it matches and the pattern its
// author probably meant. It reads the file's rules as written.
func matchesAnywhere(r *Robots, w *noteWriter) {
	for i := range r.rules {
		rl := &r.rules[i]
		if rl.derived() {
			continue
		}
		value, ok := r.text.writtenAt(rl.line())
		if !ok {
			value = r.text.pattern(rl)
		}
		if value == "" || value[0] != '*' || !isExtensionPattern(value) {
			continue
		}
		ext := value[1:]
		w.add(int(rl.line()), noteMatchesAnywhere, value, ext, "/my"+ext+"-viewer/", "/*"+ext+"$")
	}
}

// globalRepeated notes a second group of the file that names "*": RFC
// 9309 section 2.2.1 and Google's parser merge every "*" group, but
// Python's urllib.robotparser keeps the first as its default entry and
// drops the others. The note goes on the group's first user-agent line,
// or, when the file keeps no such lines, its first rule's.
func globalRepeated(r *Robots, w *noteWriter) {
	first, seen := 0, -1
	for t := range r.toks {
		id := int(r.toks[t].group)
		if id == seen || r.tokenText(uint32(t)) != "*" {
			continue
		}
		line := groupLine(r, id)
		if seen < 0 {
			first, seen = line, id
			continue
		}
		if line > 0 {
			w.add(line, noteGlobalRepeated, first)
		}
		seen = id
	}
}

// groupLine returns the line of the file's group id's first user-agent
// line, or of its first rule when the file keeps no such lines, or 0.
func groupLine(r *Robots, id int) int {
	if r.groupLines != nil {
		return int(r.groupLines[id])
	}
	if rules := r.groupRules(id); len(rules) > 0 {
		return int(rules[0].line())
	}
	return 0
}

// webmasterChecks adds the notes of the checks that need the file's
// groups, to w. It runs when the diagnostics are asked for.
func webmasterChecks(r *Robots, w *noteWriter) {
	var global *Group
	if r.global > 0 {
		global = r.group(int(r.global) - 1)
	}
	globalNotInherited(r, w, global)
	googlebot := r.Group("Googlebot")
	if googlebot != nil {
		if line := googlebot.exts().crawlDelayLine; line > 0 {
			w.add(line, noteCrawlDelayGoogle)
		}
	}
	reported := make(map[int]bool)
	budget := compareBudgetFor(r)
	blocksResources(w, global, "every crawler without a group of its own", reported, &budget)
	if googlebot != global {
		blocksResources(w, googlebot, "Googlebot", reported, &budget)
	}
	siteClosed(w, global)
	sensitivePaths(r, w)
	globalRepeated(r, w)
}

// globalNotInherited notes each named group whose crawlers may fetch what
// the "*" group disallows. Webmasters often add "User-agent: Googlebot"
// with a rule or two and expect the "*" group's rules to apply as well;
// RFC 9309 section 2.2.1 has a crawler obey the groups that name it and
// no other. A group with no rules, or only empty ones, allows everything
// on purpose and is left alone; groups merged for every crawler that
// obeys them draw one note, on the first one's first user-agent line.
//
// Each group draws at most one note, which counts the "*" rules it misses
// and quotes the first few; the first maxGroupNotes such groups of the
// file draw one each, and one more note, on the next such group, counts
// the others. The check compares each "*" disallow with each named group,
// within a compareBudget shared evenly among the groups (the cheapest
// first, and what one leaves goes to the others); groups with the same
// rules are compared once. It first looks for one missed rule in each
// group, then compares the rest of the "*" rules with the groups it notes
// one by one. A group whose share ran out before the last "*" rule draws a
// note that says how many were compared, and one whose share does not pay
// for building it draws none.
func globalNotInherited(r *Robots, w *noteWriter, global *Group) {
	// The groups' lines are kept when a "*" group disallows something
	// (see builder.finish), which this check needs too.
	if global == nil || r.groupLines == nil {
		return
	}
	var rules []Rule // the "*" disallows, in line order
	if rulesInLineOrder(global) {
		// As global.Rules(), without a Rule for each allow or sorting.
		rules = make([]Rule, 0, len(global.rules))
		for i := range global.rules {
			if rl := &global.rules[i]; !rl.derived() && !rl.allow() {
				rules = append(rules, global.public(rl))
			}
		}
	} else {
		rules = global.Rules()
	}
	disallows := make([]Rule, 0, len(rules))
	listed := make(map[string]struct{}, len(rules)) // merged "*" groups may repeat a pattern: it is listed once
	for _, rl := range rules {
		if rl.Allow || rl.Pattern == "" || rl.Line == 0 {
			continue
		}
		if closesSite(rl) {
			// A "*" group that closes the site makes the named groups its
			// exceptions, on purpose.
			return
		}
		n := len(listed)
		if listed[rl.Pattern] = struct{}{}; len(listed) == n {
			continue // listed already: one map operation per rule, not two
		}
		disallows = append(disallows, rl)
	}
	if len(disallows) == 0 {
		return
	}
	samples := make([]string, len(disallows))
	for i, rl := range disallows {
		samples[i] = samplePath(rl.Pattern)
	}
	// The sets of groups that named crawlers obey, each once, in file
	// order, with the first group of the file that selects it, what
	// building its Group costs, and what comparing it found (an index in
	// found, -1 before it is compared).
	type named struct{ id, set, cost, found int }
	var sets []named
	seen := make([]bool, r.sets())
	seen[r.global-1] = true
	for lo := 0; lo < len(r.toks); {
		// r.toks is in the order of the groups: walking it finds each
		// group's tokens without a search per group.
		id, hi := int(r.toks[lo].group), lo+1
		for hi < len(r.toks) && int(r.toks[hi].group) == id {
			hi++
		}
		if set := r.tokenSet(lo); !seen[set] {
			seen[set] = true
			cost := 0
			if set < len(r.starts) {
				cost = groupCostTokens(r, id, hi-lo)
			} else {
				cost = setCost(r, set)
			}
			sets = append(sets, named{id, set, cost, -1})
		}
		lo = hi
	}
	// The cheapest first: what they leave of their shares goes to the
	// larger ones.
	order := make([]int32, len(sets))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(sets[a].cost, sets[b].cost) })
	budget := compareBudgetFor(r)
	var found []missedRules
	byRules := make(map[string]int, len(sets)) // found's index, by the groups' rules
	var key []byte
	for i, k := range order {
		s := &sets[k]
		share := budget.share(len(sets) - i)
		if !share.spend(s.cost) {
			budget.refund(share)
			continue
		}
		g := r.group(s.set)
		if !hasRules(g) {
			budget.refund(share)
			continue
		}
		key = appendRulesKey(key[:0], g)
		f, ok := byRules[string(key)]
		if !ok {
			f = len(found)
			found = append(found, missedRules{})
			found[f].compare(g, samples, &share, true)
			byRules[string(key)] = f
		}
		s.found = f
		budget.refund(share)
	}
	// The groups noted one by one: the first that miss a "*" rule, in
	// file order. Their comparison goes on past the first missed rule.
	var noted []int
	more, moreAt := 0, 0
	for k := range sets {
		s := &sets[k]
		if s.found < 0 || found[s.found].count == 0 {
			continue
		}
		if len(noted) < maxGroupNotes {
			noted = append(noted, k)
			continue
		}
		if more == 0 {
			moreAt = k
		}
		more++
	}
	// The cheapest first again, for the same reason.
	byCost := slices.Clone(noted)
	slices.SortStableFunc(byCost, func(a, b int) int { return cmp.Compare(sets[a].cost, sets[b].cost) })
	for i, k := range byCost {
		share := budget.share(len(byCost) - i)
		s := &sets[k]
		found[s.found].compare(r.group(s.set), samples, &share, false)
		budget.refund(share)
	}
	quoted := make([]string, len(disallows))
	for _, k := range noted {
		s := &sets[k]
		m := &found[s.found]
		list := m.list(disallows, quoted)
		agents := strings.Join(r.group(s.set).Agents(), ", ")
		if m.compared < len(disallows) {
			w.add(int(r.groupLines[s.id]), noteGlobalNotInheritedPart, agents, list, m.compared, len(disallows))
		} else {
			w.add(int(r.groupLines[s.id]), noteGlobalNotInherited, agents, list)
		}
	}
	if more > 0 {
		s := &sets[moreAt]
		w.add(int(r.groupLines[s.id]), noteGlobalNotInheritedMore, more, strings.Join(r.group(s.set).Agents(), ", "), maxGroupNotes)
	}
}

// maxGroupNotes is how many named groups global-not-inherited notes one
// by one; the others draw one note between them. Real files have at most
// a few dozen named groups; a file of thousands would otherwise draw
// thousands of notes that say the same thing.
const maxGroupNotes = 100

// missedRules is what globalNotInherited found of one group: how many
// "*" disallows it compared with it and how many of those it misses, the
// first few of those, and whether the comparison stopped for want of
// budget (cut) or is complete.
type missedRules struct {
	compared, count int
	first           [missedShown]int
	paid, cut       bool
}

// missedShown is how many missed rules a note quotes.
const missedShown = 3

// compare goes on comparing g with the "*" disallows whose sample paths
// are samples, in order, while budget lasts; with untilMissed, it stops
// at the first one g misses.
func (m *missedRules) compare(g *Group, samples []string, budget *compareBudget, untilMissed bool) {
	if m.cut || m.compared == len(samples) {
		return
	}
	cost := queryCostOf(g)
	if !m.paid {
		if !budget.spend(cost.once) {
			m.cut = true
			return
		}
		m.paid = true
	}
	for _, s := range samples[m.compared:] {
		if !cost.spend(budget, s) {
			m.cut = true
			return
		}
		i := m.compared
		m.compared++
		var allowed bool
		if isOwnPath(s) {
			allowed, _ = g.matchPath(s) // as g.Allowed(s), without reading s as a URL
		} else {
			allowed = g.Allowed(s)
		}
		if allowed {
			if m.count < missedShown {
				m.first[m.count] = i
			}
			m.count++
			if untilMissed {
				return
			}
		}
	}
}

// isOwnPath reports whether s is a path that targetPath returns as it is,
// in either mode: one that starts with a single '/' and has no fragment.
func isOwnPath(s string) bool {
	return len(s) > 0 && s[0] == '/' && (len(s) == 1 || s[1] != '/') && strings.IndexByte(s, '#') < 0
}

// list quotes the first missed rules and counts the rest. quoted holds
// the quotes of the rules, as far as they were needed: most groups of a
// file miss the same first few.
func (m *missedRules) list(disallows []Rule, quoted []string) string {
	var b []byte
	for i := range min(m.count, missedShown) {
		if i > 0 {
			b = append(b, ", "...)
		}
		j := m.first[i]
		if quoted[j] == "" {
			rl := disallows[j]
			q := append([]byte("line "), strconv.Itoa(rl.Line)...)
			q = append(q, ' ')
			quoted[j] = string(strconv.AppendQuote(q, "Disallow: "+rl.Pattern))
		}
		b = append(b, quoted[j]...)
	}
	if m.count > missedShown {
		b = append(b, " and "...)
		b = strconv.AppendInt(b, int64(m.count-missedShown), 10)
		b = append(b, " more"...)
	}
	return string(b)
}

// appendRulesKey appends to b a key that two groups share when they have
// the same rules, in the same order: they then answer every path alike.
func appendRulesKey(b []byte, g *Group) []byte {
	for i := range g.rules {
		rl := &g.rules[i]
		flags := byte(0)
		if rl.allow() {
			flags |= 1
		}
		if rl.derived() {
			flags |= 2
		}
		b = append(b, flags)
		b = binary.AppendUvarint(b, uint64(g.text.prio(rl)))
		p := g.text.pattern(rl)
		b = binary.AppendUvarint(b, uint64(len(p)))
		b = append(b, p...)
	}
	return b
}

// closesSite reports whether a rule disallows every path.
func closesSite(r Rule) bool {
	return !r.Allow && strings.Trim(r.Pattern, "*") == "/"
}

// hasRules reports whether g has a rule with a pattern.
func hasRules(g *Group) bool {
	for i := range g.rules {
		if g.rules[i].n > 0 && !g.rules[i].derived() {
			return true
		}
	}
	return false
}

// samplePath returns a path that a pattern matches: its '*'s read as one
// letter, without its '$', and starting with '/', as every path does
// ("*.pdf" matches "/a.pdf"; "a.pdf" is no path, and matched nothing).
func samplePath(pattern string) string {
	p := strings.ReplaceAll(strings.TrimSuffix(pattern, "$"), "*", "a")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p
}

// renderExts are the file extensions of what a browser needs to render a
// page: style sheets, scripts and images.
var renderExts = [...]string{".css", ".js", ".mjs", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"}

// renderDirs are directory names that, on most sites, hold only such
// files. WordPress's /wp-includes/ is the classic one: guides long told
// webmasters to disallow it.
var renderDirs = [...]string{"css", "js", "javascript", "scripts", "images", "img", "assets", "static", "wp-includes", "fonts"}

// blocksResources notes each disallow rule of g that keeps a crawler from
// files a page needs to render: a pattern naming a style sheet, script or
// image extension or a directory of them, when g disallows a file there
// (an allow rule may open them again). Google renders pages as a browser
// does, and reads a page it cannot render as broken. who names g's
// crawlers; reported holds the lines already noted. The queries it asks
// of g are paid from budget: once it runs out, the later rules are not
// looked at.
func blocksResources(w *noteWriter, g *Group, who string, reported map[int]bool, budget *compareBudget) {
	if g == nil {
		return
	}
	var cost queryCost
	paid := false
	// check looks at one rule, and reports false once the budget ran out.
	check := func(rl Rule) bool {
		if rl.Allow || rl.Line == 0 || reported[rl.Line] {
			return true
		}
		for _, path := range resourceSamples(rl.Pattern) {
			if !paid {
				if cost = queryCostOf(g); !budget.spend(cost.once) {
					return false
				}
				paid = true
			}
			if !cost.spend(budget, path) {
				return false
			}
			if !g.Allowed(path) {
				reported[rl.Line] = true
				w.add(rl.Line, noteBlocksResources, "Disallow: "+rl.Pattern, who)
				break
			}
		}
		return true
	}
	if !rulesInLineOrder(g) {
		for _, rl := range g.Rules() {
			if !check(rl) {
				return
			}
		}
		return
	}
	// The rules in the order of g.Rules, without building it: a Rule for
	// each rule of a large group cost as much as the rest of the check.
	for i := range g.rules {
		rl := &g.rules[i]
		if rl.derived() || rl.allow() {
			continue
		}
		if !check(g.public(rl)) {
			return
		}
	}
}

// rulesInLineOrder reports whether g's rules, but those a dialect derives,
// are in line order, as Group.Rules returns them. Those of a group, and
// of groups merged in file order, are.
func rulesInLineOrder(g *Group) bool {
	prev := int32(0)
	for i := range g.rules {
		rl := &g.rules[i]
		if rl.derived() {
			continue
		}
		if rl.line() < prev {
			return false
		}
		prev = rl.line()
	}
	return true
}

// resourceSamples returns paths of render resources that a pattern is
// about, or none when it names no such extension or directory.
func resourceSamples(pattern string) []string {
	// Every extension starts with a '.', which samplePath keeps: a
	// pattern without one is not made into a path (which costs a string
	// when it has a '*'). A pattern without a wildcard, but at its end
	// where it changes nothing, names one file ("/js/tracker.js"):
	// blocked on purpose, and "Allow: /*.js$" would undo the rule. Only a
	// broad rule is noted.
	named := !strings.Contains(strings.TrimRight(strings.TrimSuffix(pattern, "$"), "*"), "*")
	if !named && strings.IndexByte(pattern, '.') >= 0 {
		path := samplePath(pattern)
		lower := strings.ToLower(path)
		for _, ext := range renderExts {
			if i := strings.LastIndex(lower, ext); i >= 0 && endsName(lower[i+len(ext):]) {
				return []string{path}
			}
		}
	}
	// A top-level directory, and only the whole of it: deeper, a name
	// such as "images" is as often part of a page's path, and
	// "/assets/pdfs" is not about the assets pages need.
	dir := strings.TrimRight(strings.TrimSuffix(pattern, "$"), "*")
	if dir == "" || dir[0] != '/' {
		return nil
	}
	top := strings.Trim(dir, "/")
	if strings.Contains(top, "/") {
		return nil
	}
	top = strings.ToLower(top) // after the cheap tests: most patterns fail them
	for _, d := range renderDirs {
		if top == d {
			dir = "/" + top + "/"
			return []string{dir + "app.css", dir + "app.js", dir + "logo.png"}
		}
	}
	return nil
}

// endsName reports whether rest, what follows an extension in a path,
// ends the file name: nothing, a query, or the next segment.
func endsName(rest string) bool {
	return rest == "" || rest[0] == '?' || rest[0] == '/'
}

// siteClosed notes a "*" group that disallows every path: legal, and
// meant for a staging site, but a common accident in production.
func siteClosed(w *noteWriter, g *Group) {
	if g == nil {
		return
	}
	d := g.Decide("/")
	if d.Allowed || d.Rule.Line == 0 || g.Allowed("/index.html") || g.Allowed("/a/b?c") {
		return
	}
	w.add(d.Rule.Line, noteSiteClosed, ruleLine(d.Rule))
}

func ruleLine(r Rule) string {
	if r.Allow {
		return "Allow: " + r.Pattern
	}
	return "Disallow: " + r.Pattern
}

// sensitiveNames are the names of files and directories that should not
// be public: backups, database dumps, secrets. sensitiveExts are the
// extensions of such files. The lists are short on purpose: a name matches
// only a whole file or directory name ("/backup/", "/secrets.txt", not
// "/trade-secrets-explained"), and /wp-admin/, /admin/, /user/password or
// /login are defaults of common software, listed in millions of files,
// where a note would be noise.
var (
	sensitiveNames = [...]string{"backup", "backups", "dump", "dumps", "secret", "secrets", "passwords", "passwd"}
	sensitiveExts  = [...]string{".sql", ".sql.gz", ".bak", ".env", ".htpasswd", ".dump"}
)

// sensitivePaths notes each rule whose path looks private. It reads the
// file's rules as written, without building a Group for each group.
func sensitivePaths(r *Robots, w *noteWriter) {
	for i := range r.rules {
		rl := &r.rules[i]
		if rl.derived() || rl.line() == 0 {
			continue
		}
		p, ok := r.text.writtenAt(rl.line())
		if !ok {
			p = r.text.pattern(rl)
		}
		if name, ok := sensitiveName(p); ok {
			w.add(int(rl.line()), noteSensitivePath, p, name)
		}
	}
}

// sensitiveName returns the file or directory name of a pattern that
// looks private, if any.
func sensitiveName(pattern string) (string, bool) {
	p := strings.TrimSuffix(pattern, "$")
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	for more := true; more; {
		var seg string
		seg, p, more = strings.Cut(p, "/")
		if !maySensitive(seg) {
			continue
		}
		seg = strings.ToLower(seg)
		for _, ext := range sensitiveExts {
			if strings.HasSuffix(seg, ext) {
				return seg, true
			}
		}
		base, _, _ := strings.Cut(seg, ".")
		for _, name := range sensitiveNames {
			if base == name {
				return seg, true
			}
		}
	}
	return "", false
}

// maySensitive is a cheap test that sensitiveName passes the segments of
// a path through before comparing them with every name and extension:
// each rule of a file is looked at, so a check that cost tens of
// comparisons per rule cost several times the parse. It keeps a segment
// that ends with an octet that an extension ends with, or whose name
// before any '.' starts as a name does and is as long as one, in either
// case, and any segment that is not ASCII.
func maySensitive(seg string) bool {
	for i := range len(seg) {
		if seg[i] >= 0x80 {
			return true // its lower case may differ in length
		}
	}
	if len(seg) < 4 { // ".bak", ".env", ".sql" and "dump" are the shortest
		return false
	}
	switch seg[len(seg)-1] | 0x20 {
	case 'l', 'z', 'k', 'v', 'd', 'p':
		return true
	}
	base := seg
	if i := strings.IndexByte(seg, '.'); i >= 0 {
		base = seg[:i]
	}
	switch len(base) {
	case 4, 5, 6, 7, 9:
		switch base[0] | 0x20 {
		case 'b', 'd', 's', 'p':
			return true
		}
	}
	return false
}
