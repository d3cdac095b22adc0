package robotshttp

// This file implements where a robots.txt file lives, RFC 9309 section
// 2.3: at "/robots.txt" of each origin, one file per scheme, host and
// port.

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Origin returns the key of the origin a URL belongs to, "scheme://host"
// or "scheme://host:port", in one canonical form per origin: the scheme
// and host lower-cased; each non-ASCII label of the host in IDNA ASCII
// form (so "Bücher.example" and "xn--bcher-kva.example" are one origin)
// and each ASCII label as it is; an IPv6 address in its shortest form
// ("[0:0:0:0:0:0:0:1]" is "[::1]"), with its zone escaped as a URL needs
// it ("[fe80::1%25lo]"); and the port as a number ("080" is 80), dropped
// when it is the scheme's default. Only http and https URLs have
// robots.txt files (RFC 9309 section 2.3).
//
// ASCII labels are left alone, as net/http leaves them, because IDNA's
// rules for labels refuse names that resolve and serve pages:
// "my_host.example.com", "_dmarc.example.com", "ab--cd.example.com".
func Origin(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("robotshttp: %w", parseError(rawURL, err))
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("robotshttp: %q is not an http or https URL", redact(rawURL))
	}
	host, err := canonicalHost(u.Hostname())
	if err != nil {
		return "", fmt.Errorf("robotshttp: host of %q: %w", redact(rawURL), err)
	}
	port := u.Port()
	if port == "" {
		return scheme + "://" + host, nil
	}
	n, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return "", fmt.Errorf("robotshttp: port of %q is not a number from 0 to 65535", redact(rawURL))
	}
	if scheme == "http" && n == 80 || scheme == "https" && n == 443 {
		return scheme + "://" + host, nil
	}
	if port[0] == '0' {
		port = strconv.FormatUint(n, 10) // without its leading zeros
	}
	return scheme + "://" + host + ":" + port, nil
}

// canonicalHost returns the form of a URL's host (as url.URL.Hostname
// gives it: brackets removed, the zone unescaped) that Origin keys by.
func canonicalHost(host string) (string, error) {
	if host == "" {
		return "", fmt.Errorf("no host")
	}
	if strings.Contains(host, ":") {
		a, err := netip.ParseAddr(host)
		if err != nil || !a.Is6() {
			return "", fmt.Errorf("%q is not an IPv6 address", host)
		}
		// A zone ("%lo") is escaped as RFC 6874 asks, so that the
		// robots.txt URL made from the key parses.
		return "[" + strings.ReplaceAll(a.String(), "%", "%25") + "]", nil
	}
	if isASCII(host) {
		// Most hosts: no label needs IDNA, and a host already in lower
		// case is kept as it is, without an allocation.
		return strings.ToLower(host), nil
	}
	labels := strings.Split(host, ".")
	for i, l := range labels {
		if isASCII(l) {
			labels[i] = strings.ToLower(l)
			continue
		}
		a, err := idna.Lookup.ToASCII(l)
		if err != nil {
			return "", err
		}
		labels[i] = a
	}
	return strings.Join(labels, "."), nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// RobotsURL returns the URL of the robots.txt file that governs rawURL:
// "/robots.txt" at its origin (see [Origin]).
func RobotsURL(rawURL string) (string, error) {
	o, err := Origin(rawURL)
	if err != nil {
		return "", err
	}
	return o + "/robots.txt", nil
}

// redact returns rawURL without its userinfo, which may hold a password
// or a token (RFC 3986 section 7.5), for what the package returns or
// prints. A URL that parses loses the userinfo of its authority, and
// nothing else. One that does not parse, or parses with no authority
// ("http:\\user:pass@host", "user:pass@host"), may hold a password that
// a '/', '?', '#' or '\' cut short ("http://user:pa/ss@host" reads as the
// port "pa" of the host "user"), so it loses everything between its
// scheme and its last '@': "http://host". A URL that parses is read as
// RFC 3986 reads it, since it names the server a request goes to:
// "http://user:12/ss@host" is the host "user", port 12, path "/ss@host".
func redact(rawURL string) string {
	if strings.IndexByte(rawURL, '@') < 0 {
		// No userinfo, and no parse: Cache.Decide calls this for every
		// target (TestCacheDecideAllocs).
		return rawURL
	}
	u, err := url.Parse(rawURL)
	switch {
	case err == nil && u.User == nil && (u.Host != "" || strings.HasPrefix(rawURL, "/")):
		// No userinfo: an authority without one, or a path, which has no
		// authority unless it begins "//", and then parses with its
		// userinfo in User.
		return rawURL
	case err == nil && u.User != nil:
		// The authority follows the first "//", and ends at the first
		// '/', '?' or '#' (or the end), its userinfo at its last '@'.
		if start := strings.Index(rawURL, "//"); start >= 0 {
			start += len("//")
			end := len(rawURL)
			if i := strings.IndexAny(rawURL[start:], "/?#"); i >= 0 {
				end = start + i
			}
			if at := strings.LastIndexByte(rawURL[start:end], '@'); at >= 0 {
				return rawURL[:start] + rawURL[start+at+1:]
			}
		}
	}
	return withoutAt(rawURL)
}

// withoutAt returns s without what precedes its last '@' but an http or
// https scheme and the slashes after it: what is left of a URL that does
// not parse, whose userinfo cannot be told from the rest.
func withoutAt(s string) string {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return s
	}
	keep := 0
	if i := strings.IndexByte(s[:at], ':'); i > 0 && (strings.EqualFold(s[:i], "http") || strings.EqualFold(s[:i], "https")) {
		keep = i + 1
		for keep < at && (s[keep] == '/' || s[keep] == '\\') {
			keep++
		}
	}
	return s[:keep] + s[at+1:]
}

// errUserinfoHidden stands in for the error of a URL that held userinfo
// and did not parse: url.Parse's error quotes the URL, or a part of it
// (the port ":pa" of "http://user:pa/ss@host"), as it is.
var errUserinfoHidden = errors.New("does not parse (its userinfo not shown)")

// parseError returns err, the error of url.Parse(rawURL), for what the
// package returns: as it is, but for a URL that holds userinfo, which
// gets a *url.Error of its own that quotes it without (see redact).
func parseError(rawURL string, err error) error {
	if shown := redact(rawURL); shown != rawURL {
		return &url.Error{Op: "parse", URL: shown, Err: errUserinfoHidden}
	}
	return err
}

// redactErr removes the userinfo from the URL of the first *url.Error in
// err's chain (net/http's, which masks only the password), and returns
// err. Each such error is made for the one call that returns it, so
// changing it is safe. The error of a URL that does not parse goes
// through parseError instead, which also hides what its text quotes.
func redactErr(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		ue.URL = redact(ue.URL)
	}
	return err
}
