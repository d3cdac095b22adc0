// Package octetmask holds the octet masks that rule out a pattern
// cheaply: a path that lacks one of the octets of a pattern's literal
// text cannot match it (RFC 9309 section 2.2.2's '*' stands for any
// octets, never for a missing one), nor one that lacks a pair of octets
// that follow one another in it. A group's index and lint's budget of
// rule comparisons both test a path's mask against each rule's.
package octetmask

import "strings"

// Of returns the octets of s, each as one of 64 bits: bit c%64, so an
// octet and those that differ from it by a multiple of 64 share one, and
// the mask is a necessary condition only.
func Of(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << (s[i] & 63)
	}
	return m
}

// Pattern returns the octets a path must hold for pattern to match it, as
// Of counts them: those of its literal text, without '*' and a final '$'.
func Pattern(pattern string) uint64 {
	pattern = strings.TrimSuffix(pattern, "$")
	var m uint64
	for i := 0; i < len(pattern); i++ {
		if c := pattern[i]; c != '*' {
			m |= 1 << (c & 63)
		}
	}
	return m
}

// A Mask is what a path must hold for a pattern to match it: octets (see
// Of) and pairs of octets that follow one another (see Pairs). A pattern's
// pairs are those within its literal text, never across a '*': on the
// corpus's groups, the pairs rule out seven in eight of the paths that
// the octets let through to a rule they do not match.
type Mask struct{ Octets, Pairs uint64 }

// pair returns the bit of the pair of octets a, b.
func pair(a, b byte) uint64 { return 1 << ((uint(a)*7 + uint(b)*3) & 63) }

// Pairs returns the pairs of octets that follow one another in s, as
// Mask counts them.
func Pairs(s string) uint64 {
	var m uint64
	for i := 1; i < len(s); i++ {
		m |= pair(s[i-1], s[i])
	}
	return m
}

// PatternMask returns what a path must hold for pattern to match it: the
// octets of its literal text, without '*' and a final '$', and the pairs
// of octets that follow one another there.
func PatternMask(pattern string) Mask {
	pattern = strings.TrimSuffix(pattern, "$")
	m := Mask{Octets: Pattern(pattern)}
	for i := 1; i < len(pattern); i++ {
		if a, b := pattern[i-1], pattern[i]; a != '*' && b != '*' {
			m.Pairs |= pair(a, b)
		}
	}
	return m
}
