package robotshttp

// This file implements where a robots.txt file lives, RFC 9309 section
// 2.3: at "/robots.txt" of each origin, one file per scheme, host and
// port.

import (
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/idna"
)

// Origin returns the key of the origin a URL belongs to, "scheme://host"
// or "scheme://host:port": the scheme and host lower-cased, the host in
// IDNA ASCII form (so "Bücher.example" and "xn--bcher-kva.example" are one
// origin), and the default port of the scheme dropped. Only http and https
// URLs have robots.txt files (RFC 9309 section 2.3).
func Origin(rawURL string) (string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", fmt.Errorf("robotshttp: %w", err)
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return "", fmt.Errorf("robotshttp: %q is not an http or https URL", rawURL)
	}
	host := u.Hostname()
	if host == "" {
		return "", fmt.Errorf("robotshttp: %q has no host", rawURL)
	}
	if !strings.Contains(host, ":") { // IPv6 literals need no IDNA
		if host, err = idna.Lookup.ToASCII(host); err != nil {
			return "", fmt.Errorf("robotshttp: host of %q: %w", rawURL, err)
		}
	}
	host = strings.ToLower(host)
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	port := u.Port()
	if port == "" || scheme == "http" && port == "80" || scheme == "https" && port == "443" {
		return scheme + "://" + host, nil
	}
	return scheme + "://" + host + ":" + port, nil
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
