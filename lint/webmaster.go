package lint

// This file holds the checks for what webmasters most often get wrong in
// a robots.txt file that parses cleanly, but for global-not-inherited
// (inherit.go): patterns that match more than they seem to, a Crawl-delay
// that Googlebot ignores, rules that hide a site's CSS and JavaScript from
// search engines, a site closed to every crawler, paths that a public
// file should not list, and a second "*" group. The notes on Noindex
// lines, on records between user-agent lines and on blank lines inside a
// group, which need what the parser reads, are the parser's.

import (
	"strconv"
	"strings"
	"time"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/internal/octetmask"
)

// isExtensionPattern reports whether a pattern is '*' and a file
// extension, "*.pdf": it matches every path that contains ".pdf", such as
// "/my.pdf-viewer/", while its author usually meant the paths that end
// in it. A pattern with a '$' already says where it ends.
func isExtensionPattern(p string) bool {
	if len(p) < 1 || p[0] != '*' {
		return false
	}
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
func matchesAnywhere(f *file, w *findings) {
	for _, g := range f.groups {
		for _, rl := range g.Rules {
			if !isExtensionPattern(rl.Pattern) {
				continue
			}
			ext := rl.Pattern[1:]
			w.add(rl.Line, robotstxt.Warning, robotstxt.CodeMatchesAnywhere, "the pattern "+strconv.Quote(rl.Pattern)+
				" matches every path that contains "+strconv.Quote(ext)+" anywhere, such as "+strconv.Quote("/my"+ext+"-viewer/")+
				"; to match only paths that end so, write "+strconv.Quote("/*"+ext+"$"))
		}
	}
}

// crawlDelayGoogle notes a Crawl-delay in the group Googlebot obeys:
// Google documents that Googlebot does not read it. Of merged groups, the
// one whose value applies (the longest, the first of equal ones) draws
// the note.
func crawlDelayGoogle(f *file, w *findings) {
	set := f.setOfAgent("Googlebot")
	if set < 0 {
		set = f.global
	}
	if set < 0 {
		return
	}
	line := 0
	var delay time.Duration
	for _, id := range f.sets[set] {
		if g := &f.groups[id]; g.CrawlDelayLine > 0 && (line == 0 || g.CrawlDelay > delay) {
			line, delay = g.CrawlDelayLine, g.CrawlDelay
		}
	}
	if line > 0 {
		w.add(line, robotstxt.Info, robotstxt.CodeCrawlDelayGoogle, "Googlebot obeys this group but ignores Crawl-delay (Bingbot, YandexBot and others read it); Googlebot slows down by itself when the server answers 429, 500 or 503")
	}
}

// globalRepeated notes a second group of the file that names "*": RFC
// 9309 section 2.2.1 and Google's parser merge every "*" group, but
// Python's urllib.robotparser keeps the first as its default entry and
// drops the others. The note goes on the group's first user-agent line.
func globalRepeated(f *file, w *findings) {
	first := 0
	for _, g := range f.groups {
		for _, a := range g.Agents {
			if a != "*" {
				continue
			}
			if first == 0 {
				first = g.Line
			} else {
				w.add(g.Line, robotstxt.Warning, robotstxt.CodeGlobalRepeated, `a second "User-agent: *" group (the first starts on line `+strconv.Itoa(first)+
					`): RFC 9309 and Google's parser merge them, but Python's urllib.robotparser (and crawlers built on it) reads only the first, so they ignore this group's rules; move them into the first "*" group`)
			}
			break
		}
	}
}

// searchCrawlers are the registry's search engine crawlers (package
// crawlers, purpose search), each by its product tokens, most specific
// first: a crawler obeys the group of its first token that the file
// names, and the "*" group when it names none (Googlebot-Image obeys
// "Googlebot" when no group names "Googlebot-Image"). TestSearchCrawlers
// holds the list to the registry; package lint does not import it, so
// that the library's WebAssembly build stays without it.
var searchCrawlers = [][]string{
	{"Googlebot"},
	{"Googlebot-Image", "Googlebot"},
	{"Googlebot-Video", "Googlebot"},
	{"Googlebot-News", "Googlebot"},
	{"Storebot-Google"},
	{"bingbot"},
	{"YandexBot", "Yandex"},
	{"YandexImages", "Yandex"},
	{"Baiduspider"},
	{"Applebot", "Googlebot"},
	{"DuckDuckBot"},
	{"Yeti"},
	{"SeznamBot"},
}

// siteClosed notes a group that disallows every path, as a warning:
// the "*" group, which every crawler without a group of its own obeys
// (legal, and meant for a staging site, but a common accident in
// production), and each named group that a search engine's crawler
// obeys, which takes the site out of that engine's results. Groups that
// close the site to other crawlers (AI crawlers, SEO tools, downloaders)
// usually do so on purpose and draw no note.
func siteClosed(f *file, w *findings) {
	noted := make(map[int]bool) // the lines noted
	if f.global >= 0 {
		if line, rl, ok := closedBy(f.group(f.global)); ok {
			noted[line] = true
			w.add(line, robotstxt.Warning, robotstxt.CodeSiteClosed, strconv.Quote(rl)+
				" closes the whole site to every crawler without a group of its own; if that is not meant (a staging site's file copied to production is the usual cause), remove the line")
		}
	}
	// The search crawlers that obey each named set, in the order of the
	// list.
	var sets []int
	names := make(map[int][]string)
	for _, tokens := range searchCrawlers {
		set := -1
		for _, tok := range tokens {
			if set = f.setOfAgent(tok); set >= 0 {
				break
			}
		}
		if set < 0 || set == f.global {
			continue
		}
		if names[set] == nil {
			sets = append(sets, set)
		}
		names[set] = append(names[set], tokens[0])
	}
	for _, set := range sets {
		line, rl, ok := closedBy(f.group(set))
		if !ok || noted[line] {
			continue
		}
		noted[line] = true
		obey := ", which obey this group, so the site's pages leave their search engines' results"
		if len(names[set]) == 1 {
			obey = ", which obeys this group, so the site's pages leave its search engine's results"
		}
		w.add(line, robotstxt.Warning, robotstxt.CodeSiteClosed, strconv.Quote(rl)+" closes the whole site to "+listWords(names[set])+obey+
			"; if that is not meant, remove the line")
	}
}

// closedBy reports whether g disallows every path, and the line and text
// of the rule that does.
func closedBy(g *robotstxt.Group) (line int, rule string, ok bool) {
	d := g.Decide("/")
	if d.Allowed || d.Rule.Line == 0 || g.Allowed("/index.html") || g.Allowed("/a/b?c") {
		return 0, "", false
	}
	return d.Rule.Line, ruleLine(d.Rule), true
}

// ruleLine returns a rule as a line of a file says it.
func ruleLine(r robotstxt.Rule) string {
	if r.Allow {
		return "Allow: " + r.Pattern
	}
	return "Disallow: " + r.Pattern
}

// renderExts are the file extensions of what a browser needs to render a
// page: style sheets, scripts and images.
var renderExts = [...]string{".css", ".js", ".mjs", ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"}

// renderDirs are directory names that, on most sites, hold only such
// files. WordPress's /wp-includes/ is the classic one: guides long told
// webmasters to disallow it.
var renderDirs = [...]string{"css", "js", "javascript", "scripts", "images", "img", "assets", "static", "wp-includes", "fonts"}

// blocksResources notes each disallow rule of the groups that every
// crawler without a group of its own and Googlebot obey that keeps them
// from files a page needs to render (see blocksResourcesOf). Both share
// one budget; a rule is noted once.
func (f *file) blocksResources(w *findings) {
	reported := make(map[int]bool)
	b, fixes := budgetFor(f), budgetFor(f)
	fixes.left += fixFloor
	f.blocksResourcesOf(w, f.global, "every crawler without a group of its own", reported, &b, &fixes)
	googlebot := f.setOfAgent("Googlebot")
	if googlebot < 0 {
		googlebot = f.global
	}
	if googlebot != f.global {
		f.blocksResourcesOf(w, googlebot, "Googlebot", reported, &b, &fixes)
	}
}

// blocksResourcesOf notes each disallow rule of set's Group that keeps a
// crawler from files a page needs to render: a pattern naming a style
// sheet, script or image extension or a directory of them, when the group
// disallows a file there (an allow rule may open them again). Google
// renders pages as a browser does, and reads a page it cannot render as
// broken. who names the group's crawlers; reported holds the lines
// already noted. The queries it asks of the group are paid from b: once
// it runs out, the later rules are not looked at.
//
// Each note names the files that stay blocked and a fix, which the
// library has checked, paid from fixes (see checkFixes): with the fixes
// of all the group's notes, the group allows every file they name.
func (f *file) blocksResourcesOf(w *findings, set int, who string, reported map[int]bool, b, fixes *budget) {
	if set < 0 {
		return
	}
	g := f.group(set)
	var cost queryCost
	paid := false
	var found []blocked
	out := false // the budget ran out
	// The set's rules in line order, as g.Rules() returns them, without
	// copying them.
	f.setRules(set, func(fr *robotstxt.FileRule) {
		rl := fr.Rule
		if out || rl.Allow || rl.Line == 0 || reported[rl.Line] {
			return
		}
		samples, inDir := resourceSamples(rl.Pattern)
		var paths []string
		for _, path := range samples {
			if !paid {
				if cost = f.queryCostOf(set); !b.spend(cost.once) {
					out = true
					break
				}
				paid = true
			}
			if !cost.spend(b, path) {
				out = true
				break
			}
			if !g.Allowed(path) {
				paths = append(paths, path)
			}
		}
		if len(paths) > 0 {
			reported[rl.Line] = true
			found = append(found, blocked{rule: rl, paths: paths, inDir: inDir})
		}
	})
	if len(found) == 0 {
		return
	}
	f.checkFixes(set, found, fixes)
	for _, fd := range found {
		msg := "the rule " + strconv.Quote("Disallow: "+fd.rule.Pattern) + " keeps " + who +
			" from CSS, JavaScript or image files, which search engines need to render pages (a page they cannot render may rank lower): " +
			"files such as " + listWords(fd.paths) + " stay blocked; "
		switch {
		case fd.fix == fixRemove:
			msg += "to open them, remove the line (checked: the group then allows them)"
		case fd.fix == fixAllow:
			quoted := make([]string, len(fd.allows))
			for i, a := range fd.allows {
				quoted[i] = strconv.Quote("Allow: " + a)
			}
			msg += "to open them, add " + listWords(quoted) + " to the group (checked: the group then allows them)"
		case fd.fix == fixUnchecked:
			msg += "no fix is suggested: the file is too large for lint to check one within its budget"
		default:
			msg += "an Allow line for them would not open them alone: other rules of the group match them too"
		}
		w.add(fd.rule.Line, robotstxt.Warning, robotstxt.CodeBlocksResources, msg)
	}
}

// A blocked is a disallow rule that keeps a group's crawlers from render
// resources: the sample paths it blocks, whether they are files of a
// directory it names (inDir) or of an extension, and the fix suggested.
type blocked struct {
	rule   robotstxt.Rule
	paths  []string
	inDir  bool
	fix    fixKind
	allows []string // the patterns of the allow lines fixAllow adds
}

// A fixKind is a way to open the files a rule blocks.
type fixKind uint8

const (
	fixNone      fixKind = iota
	fixRemove            // remove the rule
	fixAllow             // add allow lines
	fixUnchecked         // none checked: the budget ran out
)

// Checking fixes is a check of its own, with the budget of one that
// compares pairs and fixFloor more: a small file's budget would not pay
// for writing its group out with allow lines longer than its rules and
// asking it about each file.
const fixFloor = 1 << 14

// maxFixRules is the most rules that may match the blocked files for
// which checkFixes writes a group out and parses it: real groups have at
// most a few hundred, and a file of thousands that all may match is shaped
// to make each check cost as much as its parse.
const maxFixRules = 1000

// maxFixRounds bounds the rounds of checkFixes: each drops the fixes that
// did not work, which may stop another from working.
const maxFixRounds = 4

// checkFixes picks a fix for each of found, the rules of set's groups
// that block render resources, and checks them as the library reads
// them: the group with every fix made is written out as a file, parsed in
// f's mode, and asked about the blocked paths. A directory's files are
// opened by allow lines longer than its rule ("Allow: /assets/*.css$"
// beats "Disallow: /assets/": RFC 9309 section 2.2.2); a rule about an
// extension ("Disallow: /*.js$") is removed, or where another rule blocks
// the files too, outranked by an allow of its own pattern. A fix that
// does not open its files is replaced by the next or dropped, and the
// rest checked again, for at most maxFixRounds parses.
//
// The group written out holds only the rules that may match one of the
// paths: those whose text before the first '*' or '$' starts one (RFC
// 9309 section 2.2.2: a pattern matches from the path's start). The work
// is paid from b: picking those rules, and for each round, writing and
// parsing the group and the queries asked of it. When b runs out, the
// rounds do, or more than maxFixRules rules may match, no fix of found is
// suggested, so that none is printed unchecked.
func (f *file) checkFixes(set int, found []blocked, b *budget) {
	for i := range found {
		fd := &found[i]
		if fd.inDir {
			fd.fix, fd.allows = fixAllow, dirAllows(fd.paths)
		} else {
			fd.fix = fixRemove
		}
	}
	unchecked := func() {
		for i := range found {
			found[i].fix, found[i].allows = fixUnchecked, nil
		}
	}
	rules, ok := f.mayMatch(set, found, b)
	if !ok || len(rules) > maxFixRules {
		unchecked()
		return
	}
	for range maxFixRounds {
		// A group just parsed answers its first queries by a pass over
		// its rules: a query costs what one of a small group does (see
		// queryCost).
		var cost queryCost
		work := 0
		add := func(pattern string) {
			work += 1 + len(pattern)
			if strings.IndexByte(pattern, '*') >= 0 {
				cost.stars = append(cost.stars, starRule{octetmask.Pattern(pattern), len(pattern)})
			} else {
				cost.plain++
			}
		}
		for _, rl := range rules {
			add(rl.Match)
		}
		for _, fd := range found {
			for _, a := range fd.allows {
				add(a)
			}
		}
		if !b.spend(work) {
			unchecked()
			return
		}
		g := fixedGroup(f.r.Mode(), rules, found)
		failed := false
		for i := range found {
			fd := &found[i]
			if fd.fix == fixNone {
				continue
			}
			ok, paid := allAllowed(g, fd.paths, &cost, b)
			if !paid {
				unchecked()
				return
			}
			if ok {
				continue
			}
			failed = true
			if fd.fix == fixRemove {
				fd.fix, fd.allows = fixAllow, []string{fd.rule.Pattern}
			} else {
				fd.fix, fd.allows = fixNone, nil
			}
		}
		if !failed {
			return
		}
	}
	unchecked()
}

// mayMatch returns the rules of set's groups that may match a path of
// found: those whose text as matched, before its first '*' or '$', starts
// one of them. Each comparison of a rule with a path is paid from b; it
// reports false when b runs out.
func (f *file) mayMatch(set int, found []blocked, b *budget) ([]robotstxt.FileRule, bool) {
	var paths []string
	seen := make(map[string]bool)
	for _, fd := range found {
		for _, p := range fd.paths {
			if !seen[p] {
				seen[p] = true
				paths = append(paths, p)
			}
		}
	}
	var rules []robotstxt.FileRule
	ok := true
	f.setRules(set, func(rl *robotstxt.FileRule) {
		if !ok {
			return
		}
		if !b.spend(len(paths)) {
			ok = false
			return
		}
		prefix := rl.Match
		if i := strings.IndexAny(prefix, "*$"); i >= 0 {
			prefix = prefix[:i]
		}
		for _, p := range paths {
			if strings.HasPrefix(p, prefix) {
				rules = append(rules, *rl)
				return
			}
		}
	})
	return rules, ok
}

// fixedGroup returns the group of rules with the fixes of found made,
// parsed in mode.
func fixedGroup(mode robotstxt.Mode, rules []robotstxt.FileRule, found []blocked) *robotstxt.Group {
	removed := make(map[int]bool)
	var b strings.Builder
	b.WriteString("User-agent: fixed\n")
	for _, fd := range found {
		switch fd.fix {
		case fixRemove:
			removed[fd.rule.Line] = true
		case fixAllow:
			for _, a := range fd.allows {
				b.WriteString("Allow: ")
				b.WriteString(a)
				b.WriteByte('\n')
			}
		}
	}
	for _, rl := range rules {
		if removed[rl.Line] {
			continue
		}
		if rl.Allow {
			b.WriteString("Allow: ")
		} else {
			b.WriteString("Disallow: ")
		}
		b.WriteString(rl.Pattern)
		b.WriteByte('\n')
	}
	r := robotstxt.Options{Mode: mode, MaxBytes: -1}.Parse([]byte(b.String()))
	return r.Group("fixed")
}

// allAllowed reports whether g allows every path of paths, paying b for
// each query at cost, and whether b had it.
func allAllowed(g *robotstxt.Group, paths []string, cost *queryCost, b *budget) (ok, paid bool) {
	for _, p := range paths {
		if !cost.spend(b, p) {
			return false, false
		}
		if !g.Allowed(p) {
			return false, true
		}
	}
	return true, true
}

// dirAllows returns the allow patterns that open paths, files of one
// directory: one for each extension, "/assets/*.css$".
func dirAllows(paths []string) []string {
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		dir := p[:strings.LastIndexByte(p, '/')+1]
		ext := p[strings.LastIndexByte(p, '.'):]
		out = append(out, dir+"*"+ext+"$")
	}
	return out
}

// listWords joins words as a sentence lists them: "a", "a and b", "a, b
// and c".
func listWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// resourceSamples returns paths of render resources that a pattern is
// about, or none when it names no such extension or directory, and
// whether they are the files of a directory the pattern names.
func resourceSamples(pattern string) (paths []string, inDir bool) {
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
				return []string{path}, false
			}
		}
	}
	// A top-level directory, and only the whole of it: deeper, a name
	// such as "images" is as often part of a page's path, and
	// "/assets/pdfs" is not about the assets pages need.
	dir := strings.TrimRight(strings.TrimSuffix(pattern, "$"), "*")
	if dir == "" || dir[0] != '/' {
		return nil, false
	}
	top := strings.Trim(dir, "/")
	if strings.Contains(top, "/") {
		return nil, false
	}
	top = strings.ToLower(top) // after the cheap tests: most patterns fail them
	for _, d := range renderDirs {
		if top == d {
			dir = "/" + top + "/"
			switch top {
			case "css":
				return []string{dir + "app.css"}, true
			case "js", "javascript", "scripts":
				return []string{dir + "app.js"}, true
			case "images", "img":
				return []string{dir + "logo.png"}, true
			}
			return []string{dir + "app.css", dir + "app.js", dir + "logo.png"}, true
		}
	}
	return nil, false
}

// endsName reports whether rest, what follows an extension in a path,
// ends the file name: nothing, a query, or the next segment.
func endsName(rest string) bool {
	return rest == "" || rest[0] == '?' || rest[0] == '/'
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
func sensitivePaths(f *file, w *findings) {
	for _, g := range f.groups {
		for _, rl := range g.Rules {
			if rl.Line == 0 {
				continue
			}
			if name, ok := sensitiveName(rl.Pattern); ok {
				w.add(rl.Line, robotstxt.Info, robotstxt.CodeSensitivePath, "the path "+strconv.Quote(rl.Pattern)+" looks private ("+strconv.Quote(name)+
					"); robots.txt is public, so listing a path tells everyone where it is and does not protect it: put it behind authentication and leave it out of this file")
			}
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
