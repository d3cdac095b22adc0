package robotstxt

// This file holds the checks for what webmasters most often get wrong in
// a robots.txt file that parses cleanly: directives no crawler obeys,
// named groups that drop the "*" group's rules, patterns that match more
// than they seem to, rules that hide a site's CSS and JavaScript from
// search engines, and paths that a public file should not list. None of
// them changes a verdict; each note quotes the rule or key it is about,
// says what a crawler does with it, and how to fix it.
//
// The checks that look at one line run while the file is parsed; those
// that need groups run when the diagnostics are first asked for (see
// webmasterChecks), so that a crawler that never asks pays nothing.

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
)

// pageDirective returns the page-level directive, in lower case, that an
// unknown key names when it is one webmasters write in robots.txt by
// mistake: Noindex, Nofollow, Noarchive. They belong in a meta robots tag
// or an X-Robots-Tag header (package metarobots reads both).
func pageDirective(key string) (string, bool) {
	for _, d := range [...]string{"noindex", "nofollow", "noarchive"} {
		if strings.EqualFold(key, d) {
			return d, true
		}
	}
	return "", false
}

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

// matchesAnywhere notes a pattern that isExtensionPattern accepts, ref
// being its written form, with an example of a path it matches and the
// pattern its author probably meant.
func (p *parser) matchesAnywhere(num int, ref textRef, value string) {
	ext := value[1:]
	p.report(num, noteMatchesAnywhere, ref, ext, "/my"+ext+"-viewer/", "/*"+ext+"$")
}

// blankState says whether a blank line came inside the open group.
type blankState uint8

const (
	noBlank    blankState = iota
	blankSeen             // a blank line, and no rule since
	blankNoted            // the group drew its note: one says it all
)

// noteBlank records a line without content: a blank line after the open
// group's lines makes older parsers, which read records as separated by
// blank lines, end the group there. A comment alone on a line ends no
// record in any reading, so it does not count. The last line is not
// looked at: no rule follows it.
func (p *parser) noteBlank() {
	if len(p.b.starts) == 0 || p.blank != noBlank || p.tok.done {
		return
	}
	if trimSpace(p.tok.src[p.tok.start:p.tok.i]) == "" {
		p.blank = blankSeen
	}
}

// blankLineInGroup notes the first rule after a blank line that no
// user-agent line followed, once per group. RFC 9309 section 2.1 ends a group only at a
// user-agent line after rules, so the rule joins the group above; the
// robots.txt convention of 1994, which some crawlers still follow, ends a
// record at a blank line, and such a crawler reads the rule as outside
// any group.
func (p *parser) blankLineInGroup(num int) {
	p.blank = blankNoted
	p.report(num, noteBlankLineInGroup)
}

// recordInGroup remembers a Crawl-delay or Request-rate line that comes
// after the open group's user-agent lines and before its rules, for
// agentAfterRecord.
func (p *parser) recordInGroup(f *lineFact) {
	if (f.kind == keyCrawlDelay || f.kind == keyRequestRate) && len(p.b.starts) > 0 && !p.b.sawRule && p.split == 0 {
		p.split, p.splitKind = f.num, f.kind
	}
}

// agentAfterRecord notes the record recordInGroup remembered when a
// user-agent line of the same group (sameGroup) follows it. RFC 9309
// section 2.1 ends a group only at a user-agent line after rules, and so
// does Google's parser, which reads Crawl-delay as an unknown key; Python's
// urllib.robotparser ends a group at its Crawl-delay and Request-rate
// lines, so the user-agents before such a line get no rules from it.
func (p *parser) agentAfterRecord(sameGroup bool) {
	if p.split == 0 {
		return
	}
	if sameGroup {
		id := uint32(len(p.b.starts) - 1)
		var names []string
		for i := len(p.b.toks) - 1; i >= 0 && p.b.toks[i].group == id; i-- {
			start := uint32(0)
			if i > 0 {
				start = p.b.toks[i-1].end
			}
			names = append(names, string(p.b.tokText[start:p.b.toks[i].end]))
		}
		slices.Reverse(names)
		p.report(p.split, noteRecordSplitsGroup, keyNames[p.splitKind], strings.Join(names, ", "))
	}
	p.split = 0
}

// globalRepeated notes a second group of the file that names "*": RFC
// 9309 section 2.2.1 and Google's parser merge every "*" group, but
// Python's urllib.robotparser keeps the first as its default entry and
// drops the others. The note goes on the group's first user-agent line,
// or, when the file keeps no such lines, its first rule's.
func (r *Robots) globalRepeated(w *noteWriter) {
	first, seen := 0, -1
	for t := range r.toks {
		id := int(r.toks[t].group)
		if id == seen || r.tokenText(uint32(t)) != "*" {
			continue
		}
		line := r.groupLine(id)
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
func (r *Robots) groupLine(id int) int {
	if r.groupLines != nil {
		return int(r.groupLines[id])
	}
	if rules := r.groupRules(id); len(rules) > 0 {
		return int(rules[0].line())
	}
	return 0
}

// webmasterChecks adds the notes of the checks that need the file's
// groups. It runs once, when the diagnostics are first asked for.
func (r *Robots) webmasterChecks() {
	w := noteWriter{notes: &r.notes, max: defaultLimits.text}
	var global *Group
	if r.global > 0 {
		global = r.groupOf(int(r.global) - 1)
	}
	r.globalNotInherited(&w, global)
	googlebot := r.Group("Googlebot")
	if googlebot != nil {
		if line := googlebot.exts().crawlDelayLine; line > 0 {
			w.add(line, noteCrawlDelayGoogle)
		}
	}
	reported := make(map[int]bool)
	budget := compareBudgetFor(r)
	blocksResources(&w, global, "every crawler without a group of its own", reported, &budget)
	if googlebot != global {
		blocksResources(&w, googlebot, "Googlebot", reported, &budget)
	}
	siteClosed(&w, global)
	r.sensitivePaths(&w)
	r.globalRepeated(&w)
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
// and quotes the first few. The check compares each "*" disallow with each
// named group, within a compareBudget shared evenly among the groups (the
// cheapest first, and what one leaves goes to the others); groups with the same rules are
// compared once. A group whose share ran out before the last "*" rule
// draws a note that says how many were compared, and one whose share does
// not pay for building it draws none.
func (r *Robots) globalNotInherited(w *noteWriter, global *Group) {
	// The groups' lines are kept when a "*" group disallows something
	// (see builder.finish), which this check needs too.
	if global == nil || r.groupLines == nil {
		return
	}
	var disallows []Rule
	rules := global.Rules()
	listed := make(map[string]bool, len(rules)) // merged "*" groups may repeat a pattern: it is listed once
	for _, rl := range rules {
		if rl.Allow || rl.Pattern == "" || rl.Line == 0 || listed[rl.Pattern] {
			continue
		}
		if closesSite(rl) {
			// A "*" group that closes the site makes the named groups its
			// exceptions, on purpose.
			return
		}
		listed[rl.Pattern] = true
		disallows = append(disallows, rl)
	}
	if len(disallows) == 0 {
		return
	}
	samples := make([]string, len(disallows))
	for i, rl := range disallows {
		samples[i] = samplePath(rl.Pattern)
	}
	// The sets of groups that named crawlers obey, each once, with the
	// first group of the file that selects it and what building its Group
	// costs.
	type named struct{ id, set, cost int }
	var sets []named
	seen := make([]bool, len(r.cache))
	seen[r.global-1] = true
	for id := range r.starts {
		lo, hi := r.groupTokens(id)
		if lo == hi {
			continue
		}
		if set := r.tokenSet(lo); !seen[set] {
			seen[set] = true
			sets = append(sets, named{id, set, r.setCost(set)})
		}
	}
	// The cheapest first: what they leave of their shares goes to the
	// larger ones.
	slices.SortStableFunc(sets, func(a, b named) int { return cmp.Compare(a.cost, b.cost) })
	budget := compareBudgetFor(r)
	found := make(map[string]missedRules, len(sets)) // by the groups' rules
	quoted := make([]string, len(disallows))
	var key []byte
	for i, s := range sets {
		share := budget.share(len(sets) - i)
		if !share.spend(s.cost) {
			budget.refund(share)
			continue
		}
		g := r.groupOf(s.set)
		if !hasRules(g) {
			budget.refund(share)
			continue
		}
		key = appendRulesKey(key[:0], g)
		m, ok := found[string(key)]
		if !ok {
			m = missedBy(g, samples, &share)
			found[string(key)] = m
		}
		budget.refund(share)
		if m.count == 0 {
			continue
		}
		list := m.list(disallows, quoted)
		agents := strings.Join(g.agents, ", ")
		if m.compared < len(disallows) {
			w.add(int(r.groupLines[s.id]), noteGlobalNotInheritedPart, agents, list, m.compared, len(disallows))
		} else {
			w.add(int(r.groupLines[s.id]), noteGlobalNotInherited, agents, list)
		}
	}
}

// missedRules is what globalNotInherited found of one group: how many
// "*" disallows it compared with it and how many of those it misses, and
// the first few of those.
type missedRules struct {
	compared, count int
	first           [missedShown]int
}

// missedShown is how many missed rules a note quotes.
const missedShown = 3

// missedBy compares g with the "*" disallows whose sample paths are
// samples, in order, while budget lasts.
func missedBy(g *Group, samples []string, budget *compareBudget) missedRules {
	var m missedRules
	cost := queryCostOf(g)
	if !budget.spend(cost.once) {
		return m
	}
	for i, s := range samples {
		if !cost.spend(budget, s) {
			break
		}
		m.compared++
		if g.Allowed(s) {
			if m.count < missedShown {
				m.first[m.count] = i
			}
			m.count++
		}
	}
	return m
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
	for _, rl := range g.Rules() {
		if rl.Allow || rl.Line == 0 || reported[rl.Line] {
			continue
		}
		for _, path := range resourceSamples(rl.Pattern) {
			if !paid {
				if cost = queryCostOf(g); !budget.spend(cost.once) {
					return
				}
				paid = true
			}
			if !cost.spend(budget, path) {
				return
			}
			if !g.Allowed(path) {
				reported[rl.Line] = true
				w.add(rl.Line, noteBlocksResources, "Disallow: "+rl.Pattern, who)
				break
			}
		}
	}
}

// resourceSamples returns paths of render resources that a pattern is
// about, or none when it names no such extension or directory.
func resourceSamples(pattern string) []string {
	path := samplePath(pattern)
	// A pattern without a wildcard, but at its end where it changes
	// nothing, names one file ("/js/tracker.js"): blocked on purpose, and
	// "Allow: /*.js$" would undo the rule. Only a broad rule is noted.
	named := !strings.Contains(strings.TrimRight(strings.TrimSuffix(pattern, "$"), "*"), "*")
	if !named && strings.IndexByte(path, '.') >= 0 { // every extension starts with one
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
	if top := strings.ToLower(strings.Trim(dir, "/")); dir != "" && dir[0] == '/' && !strings.Contains(top, "/") {
		for _, d := range renderDirs {
			if top == d {
				dir = "/" + top + "/"
				return []string{dir + "app.css", dir + "app.js", dir + "logo.png"}
			}
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
func (r *Robots) sensitivePaths(w *noteWriter) {
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
	p := strings.ToLower(strings.TrimSuffix(pattern, "$"))
	if i := strings.IndexByte(p, '?'); i >= 0 {
		p = p[:i]
	}
	for seg := range strings.SplitSeq(p, "/") {
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
