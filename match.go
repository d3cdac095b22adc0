package robotstxt

// This file implements the matching rules of RFC 9309 section 2.2.2 and
// section 2.2.3: path patterns with '*' and '$', the most specific match,
// and allow winning a tie.

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

// targetPath returns the path, params and query of target, without the
// fragment, as Google's library extracts them: an absolute URL loses its
// scheme and authority, a string without a scheme is read as an authority
// followed by a path, a path without a leading '/' gets one, and an empty
// result is "/". It allocates only in that last-but-one case.
func targetPath(target string) string { return pathOf(target, googleAuthorityEnds) }

// googleAuthorityEnds are the octets besides '#' that end an authority as
// Google's library reads a URL (see dialect.authorityEnds).
const googleAuthorityEnds = "/?;"

// pathOf is targetPath with the octets that end an authority given: "/?;"
// as Google's library reads a URL, "/?" as RFC 3986 section 3.2 does (see
// dialect.authorityEnds).
func pathOf(target, ends string) string {
	start := 0
	if len(target) >= 2 && target[0] == '/' && target[1] == '/' {
		start = 2 // a network-path reference: "//host/path"
	}
	early := indexAnyFrom(target, ends, start)
	protoEnd := strings.Index(target[start:], "://")
	if protoEnd >= 0 {
		protoEnd += start
	}
	if protoEnd < 0 || (early >= 0 && early < protoEnd) {
		protoEnd = start
	} else {
		protoEnd += 3
	}
	pathStart := indexAnyFrom(target, ends, protoEnd)
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
