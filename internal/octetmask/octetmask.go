// Package octetmask holds the octet masks that rule out a pattern
// cheaply: a path that lacks one of the octets of a pattern's literal
// text cannot match it (RFC 9309 section 2.2.2's '*' stands for any
// octets, never for a missing one). A group's index and lint's budget of
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
