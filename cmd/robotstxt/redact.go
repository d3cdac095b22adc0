package main

// This file keeps a URL's userinfo out of what the tool prints.

import (
	"errors"
	"net/url"
)

// redactURL returns s, a URL or a path as the user gave it, without the
// userinfo of its authority: "http://user:pass@host/p" prints as
// "http://host/p". Every command prints the URLs it reads and decides
// through it, in its output and its errors, as robotshttp does for the
// fetch command, so that a password never reaches a terminal, a log or a
// shared report.
//
// The user name goes too, where url.URL.Redacted keeps it: a user name
// is often the secret itself (an access token given as
// "https://TOKEN@host/"), and all the tool's commands then agree.
//
// It works on the text, so that a URL that does not parse loses its
// userinfo too: a scheme (RFC 3986 section 3.1) then "//" starts the
// authority, which ends at the first '/', '?' or '#', and its userinfo
// ends at the authority's last '@'. A path, or a URL inside a query, is
// left as it is.
func redactURL(s string) string {
	i := schemeEnd(s)
	if i < 0 || len(s) < i+3 || s[i:i+3] != "://" {
		return s
	}
	start := i + 3
	at := -1
	for j := start; j < len(s); j++ {
		c := s[j]
		if c == '/' || c == '?' || c == '#' {
			break
		}
		if c == '@' {
			at = j
		}
	}
	if at < 0 {
		return s
	}
	return s[:start] + s[at+1:]
}

// schemeEnd returns the index of the ':' that ends s's scheme, ALPHA
// *( ALPHA / DIGIT / "+" / "-" / "." ), or -1 when s does not start with
// one.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return -1
		}
	}
	return -1
}

// redactErr removes the userinfo from the URL of the first *url.Error in
// err's chain, which net/http prints with the user name and "***" for
// the password, and returns err. Each such error is made for the one
// call that returns it, so changing it is safe.
func redactErr(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		ue.URL = redactURL(ue.URL)
	}
	return err
}
