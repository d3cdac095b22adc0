package robotstxt

import "unsafe"

// This file lets the package read bytes as a string without copying them.

// view returns the bytes of b as a string without copying them, for the
// span of one parse. It is safe because the parser keeps no part of its
// input: every string a Robots holds is copied out of it (patterns into
// the arena, records' text into one string, the rest with strings.Clone
// or fmt), which TestParseKeepsNoViewOfItsInput checks by overwriting the
// input. Copying the whole input instead cost a fifth of the parse time of
// large files (BenchmarkParse). The parser also views its own buffers for
// look-ups that end with the parse.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
