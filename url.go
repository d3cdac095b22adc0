package robotstxt

import (
	"bytes"
	"strings"
)

// This file reads the path of a target URL: its path and query, without
// the scheme, authority and fragment, and with its dot segments resolved
// as RFC 3986 section 5.2.4 resolves them.

// googleAuthorityEnds are the octets besides '#' that end an authority as
// Google's library reads a URL (see dialect.authorityEnds).
const googleAuthorityEnds = "/?;"

// pathOf returns the path, params and query of target, without the
// fragment, as Google's library extracts them: an absolute URL loses its
// scheme and authority, a string without a scheme is read as an authority
// followed by a path, a path without a leading '/' gets one, and an empty
// result is "/". It allocates only in that last-but-one case.
//
// ends are the octets besides '#' that end an authority: "/?;" as
// Google's library reads a URL, "/?" as RFC 3986 section 3.2 does (see
// dialect.authorityEnds).
func pathOf(target, ends string) string {
	if len(target) > 0 && target[0] == '/' && (len(target) == 1 || target[1] != '/') {
		// A path, as crawlers mostly ask: the general reading below
		// gives it back up to its fragment, at four times the cost
		// (BenchmarkPathOf, beside its "general" case).
		return withoutFragment(target)
	}
	return pathOfURL(target, ends)
}

// withoutFragment returns a path target up to its fragment.
func withoutFragment(target string) string {
	if h := strings.IndexByte(target, '#'); h >= 0 {
		return target[:h]
	}
	return target
}

// pathOfURL is pathOf for any target, by the general reading.
func pathOfURL(target, ends string) string {
	start := 0
	if len(target) >= 2 && target[0] == '/' && target[1] == '/' {
		start = 2 // a network-path reference: "//host/path"
	}
	// A "://" after an octet that ends the authority is in the path.
	early := indexAnyFrom(target, ends, start)
	protoEnd := start
	if k := strings.Index(target[start:], "://"); k >= 0 && (early < 0 || early >= start+k) {
		protoEnd = start + k + 3
	}
	pathStart := indexAnyFrom(target, ends, protoEnd)
	if pathStart < 0 {
		return "/"
	}
	end := indexFrom(target, start, '#')
	if end < pathStart {
		return "/" // the fragment starts before any path
	}
	p := target[pathStart:end]
	if p[0] != '/' {
		return "/" + p
	}
	return p
}

// indexFrom returns the index of the first c in s at or after i, or
// len(s).
func indexFrom(s string, i int, c byte) int {
	if k := strings.IndexByte(s[i:], c); k >= 0 {
		return i + k
	}
	return len(s)
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
	// The test of one octet first: comparing the prefix calls a general
	// comparison, which took 1% of the instructions of a small file's
	// first query, and most paths differ at their second octet.
	return len(path) >= len(p) && path[1] == 'r' && path[:len(p)] == p && (len(path) == len(p) || path[len(p)] == '?')
}

// removeDotSegments removes the "." and ".." segments of the path of a
// canonical target (the part before any '?'), as RFC 3986 section 5.2.4
// does: "/a/./b" is "/a/b", "/x/../secret" is "/secret", and ".." never
// climbs above the root. Servers that resolve dot segments (RFC 3986 section
// 6.2.2.3) serve "/x/../secret/data" as "/secret/data", so a target matched
// with its dot segments would slip past "Disallow: /secret". It runs after
// appendRFC, which decodes "%2E" to '.'. It returns p unchanged, allocating
// nothing, when the path has no such segment.
func removeDotSegments(p string) string {
	if !strings.Contains(p, "/.") {
		return p
	}
	path, query := p, ""
	if q := strings.IndexByte(p, '?'); q >= 0 {
		path, query = p[:q], p[q:]
	}
	if !hasDotSegment(path) {
		return p
	}
	out := make([]byte, 0, len(p))
	for i := 0; i < len(path); {
		// path[i] is the '/' that starts a segment.
		end := indexFrom(path, i+1, '/')
		switch seg := path[i+1 : end]; seg {
		case ".":
		case "..":
			out = out[:max(bytes.LastIndexByte(out, '/'), 0)]
		default:
			out = append(out, '/')
			out = append(out, seg...)
		}
		if end == len(path) && (path[i+1:end] == "." || path[i+1:end] == "..") {
			out = append(out, '/') // "/a/." names the directory "/a/"
		}
		i = end
	}
	return string(append(out, query...))
}

// hasDotSegment reports whether a path that starts with '/' has a segment
// "." or "..".
func hasDotSegment(path string) bool {
	for i := 0; i < len(path); i++ {
		if path[i] != '/' || i+1 == len(path) || path[i+1] != '.' {
			continue
		}
		rest := path[i+2:]
		if rest == "" || rest[0] == '/' || rest[0] == '.' && (len(rest) == 1 || rest[1] == '/') {
			return true
		}
	}
	return false
}
