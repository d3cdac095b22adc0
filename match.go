package robotstxt

// This file implements the pattern matching of RFC 9309 section 2.2.2 and
// section 2.2.3: whether one path pattern, with '*' and '$', matches one
// path. Which of a group's matching rules decides is the group's (see
// matcher.decide, ruleText.better).

import "strings"

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
func matches(pattern, path string) bool { return matchPattern(pattern, path, false) }

// matchPattern is matches. A pattern that ends in an octet and '$'
// ("/*.pdf$") is ruled out first by that octet, which must end the path;
// plain leaves that test out, for BenchmarkTricks/tail.
func matchPattern(pattern, path string, plain bool) bool {
	anchored := len(pattern) > 0 && pattern[len(pattern)-1] == '$'
	if anchored {
		pattern = pattern[:len(pattern)-1]
		if n := len(pattern); !plain && n > 0 && pattern[n-1] != '*' && (path == "" || path[len(path)-1] != pattern[n-1]) {
			return false
		}
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
		for len(pattern) > 0 && pattern[0] == '*' { // a run of '*' matches as one does
			pattern = pattern[1:]
		}
		star = strings.IndexByte(pattern, '*')
		if star < 0 {
			break
		}
		seg := pattern[:star]
		pattern = pattern[star+1:]
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

// headMismatch reports whether pattern cannot match path because its first
// two octets, neither a wildcard nor the anchor that ends it, are not the
// path's first two. It is false when it cannot tell.
func headMismatch(pattern, path string) bool {
	if len(pattern) < 2 || pattern[0] == '*' || pattern[1] == '*' || len(pattern) == 2 && pattern[1] == '$' {
		return false
	}
	return len(path) < 2 || pattern[0] != path[0] || pattern[1] != path[1]
}

// patternMatches is matches for a rule's pattern: an empty pattern
// matches nothing in RFC mode; emptyMatches lets it match every path, as
// Google's library does (see dialect.emptyMatches).
func patternMatches(pattern, path string, emptyMatches bool) bool {
	if pattern == "" {
		return emptyMatches
	}
	return matches(pattern, path)
}
