package robotshttp

// This file reads the charset a response labels a robots.txt body with.
// RFC 9309 section 2.2 asks for UTF-8; a UTF-16 file is read in RFC mode
// when it starts with a byte-order mark, and here one labelled UTF-16 gets
// the mark its label implies.

import (
	"mime"
	"strings"
)

// sniffLen is how much of a body markUTF16 looks at for the NUL octets
// that UTF-16 text has and UTF-8 text never does.
const sniffLen = 512

// markUTF16 returns body with a UTF-16 byte-order mark before it when the
// Content-Type header ct labels it utf-16le, utf-16be or utf-16 and it has
// none, so that the parser reads it as it reads a file that came with one:
// converted in RFC mode, as bytes in Google mode, whose parser reads
// UTF-8 only (see robotstxt.Options). The parser takes the order from the
// mark alone, and so the net/http-free root package needs no word about
// headers.
//
// The label is trusted only when the text bears it out: robots.txt lines
// start with ASCII, which UTF-16 writes with a NUL octet, and UTF-8 text
// has none, so a UTF-8 file labelled UTF-16 by a misconfigured server is
// read as UTF-8. For "utf-16" without a mark, RFC 2781 section 4.3 reads
// big-endian; the NUL octets say which order the text is in, and decide.
func markUTF16(ct string, body []byte) []byte {
	if len(body) < 2 || ct == "" {
		return body
	}
	_, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return body
	}
	charset := strings.ToLower(params["charset"])
	if !strings.HasPrefix(charset, "utf-16") {
		return body
	}
	if body[0] == 0xFE && body[1] == 0xFF || body[0] == 0xFF && body[1] == 0xFE {
		return body // marked already
	}
	head := body[:min(len(body), sniffLen)]
	var nul [2]int // NUL octets at even and odd offsets
	for i, c := range head {
		if c == 0 {
			nul[i&1]++
		}
	}
	var mark string
	switch {
	case nul[0] == 0 && nul[1] == 0:
		return body // UTF-8, whatever the label says
	case charset == "utf-16le":
		mark = "\xFF\xFE"
	case charset == "utf-16be":
		mark = "\xFE\xFF"
	case charset == "utf-16" && nul[1] > nul[0]:
		mark = "\xFF\xFE" // ASCII's high octets, second: little-endian
	case charset == "utf-16":
		mark = "\xFE\xFF"
	default:
		return body
	}
	return append([]byte(mark), body...)
}
