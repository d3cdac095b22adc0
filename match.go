package robotstxt

// This file implements the matching rules of RFC 9309 section 2.2.2 and
// section 2.2.3: path patterns with '*' and '$', the most specific match,
// and allow winning a tie.

import (
	"cmp"
	"slices"
	"strings"
)

// rule is a compiled allow or disallow line.
type rule struct {
	pattern string // canonical form: '*' is a wildcard, a final '$' anchors
	written string // the value as it stood in the file
	prio    int32  // octets of the pattern: the most specific match wins
	line    int32
	allow   bool
	derived bool // added by Google's index.html rule, not written in the file
}

// sortRules orders rules so that the first one that matches a path decides
// it: longest pattern first, allow before disallow when the lengths tie
// (RFC 9309 section 2.2.2), and the earliest line among equals, which is
// the line Google's library reports. No two rules compare equal (a rule
// derived from another has another length), so an unstable sort is
// deterministic.
func sortRules(rs []rule) {
	slices.SortFunc(rs, func(a, b rule) int {
		if c := cmp.Compare(b.prio, a.prio); c != 0 {
			return c
		}
		if a.allow != b.allow {
			if a.allow {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.line, b.line)
	})
}

// matches reports whether a canonical pattern matches path, both read as
// octets from the first octet of the path. '*' matches any run of octets
// and a '$' that ends the pattern matches the end of the path; every other
// octet matches itself.
//
// The pattern is split at each '*' into literal segments. The first must be
// a prefix of the path; each later one is matched at its leftmost
// occurrence after the previous one, which is never wrong for patterns whose
// only wildcard is '*' (a later match only leaves less room for the rest),
// so there is no backtracking. With an anchor, the last segment must be a
// suffix of what remains. The cost is at most O(len(pattern) x len(path))
// and usually far less, since strings.Index does the scanning.
// matches allocates nothing.
func matches(pattern, path string) bool {
	anchored := len(pattern) > 0 && pattern[len(pattern)-1] == '$'
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		if anchored {
			return pattern == path
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pattern[:star]) {
		return false
	}
	path = path[star:]
	pattern = pattern[star+1:]
	for {
		star = strings.IndexByte(pattern, '*')
		if star < 0 {
			break
		}
		seg := pattern[:star]
		pattern = pattern[star+1:]
		if seg == "" {
			continue
		}
		i := strings.Index(path, seg)
		if i < 0 {
			return false
		}
		path = path[i+len(seg):]
	}
	if anchored {
		return strings.HasSuffix(path, pattern)
	}
	return strings.Contains(path, pattern)
}

// decide returns the rule that decides path among rules sorted by
// sortRules, or nil when none does.
//
// An empty pattern matches nothing in RFC mode. Google's library instead
// lets it match every path with priority 0: it never disallows anything, but
// its line is the one Google reports when nothing longer matched, so Google
// mode returns it (and the caller reads a priority-0 rule as allowed).
func decide(rules []rule, mode Mode, path string) *rule {
	for i := range rules {
		r := &rules[i]
		if r.prio == 0 {
			if mode == Google && r.pattern == "" {
				return r
			}
			continue
		}
		if matches(r.pattern, path) {
			return r
		}
	}
	return nil
}

// targetPath returns the path, params and query of target, without the
// fragment, as Google's library extracts them: an absolute URL loses its
// scheme and authority, a string without a scheme is read as an authority
// followed by a path, a path without a leading '/' gets one, and an empty
// result is "/". It allocates only in that last-but-one case.
func targetPath(target string) string {
	start := 0
	if len(target) >= 2 && target[0] == '/' && target[1] == '/' {
		start = 2 // a network-path reference: "//host/path"
	}
	early := indexAnyFrom(target, "/?;", start)
	protoEnd := strings.Index(target[start:], "://")
	if protoEnd >= 0 {
		protoEnd += start
	}
	if protoEnd < 0 || (early >= 0 && early < protoEnd) {
		protoEnd = start
	} else {
		protoEnd += 3
	}
	pathStart := indexAnyFrom(target, "/?;", protoEnd)
	if pathStart < 0 {
		return "/"
	}
	end := len(target)
	if h := strings.IndexByte(target[start:], '#'); h >= 0 {
		h += start
		if h < pathStart {
			return "/"
		}
		end = h
	}
	p := target[pathStart:end]
	if p[0] != '/' {
		return "/" + p
	}
	return p
}

func indexAnyFrom(s, chars string, from int) int {
	if from > len(s) {
		return -1
	}
	i := strings.IndexAny(s[from:], chars)
	if i < 0 {
		return -1
	}
	return i + from
}

// isRobotsTxt reports whether a canonical path names /robots.txt, which
// RFC 9309 section 2.2.2 says is always allowed. A query does not make it
// another file.
func isRobotsTxt(path string) bool {
	const p = "/robots.txt"
	return strings.HasPrefix(path, p) && (len(path) == len(p) || path[len(p)] == '?')
}
