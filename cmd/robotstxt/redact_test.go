package main

import (
	"errors"
	"net/url"
	"testing"
)

func TestRedactURL(t *testing.T) {
	tests := []struct {
		source, in, want string
	}{
		{"RFC 3986 section 3.2.1: user and password", "http://user:pass@example.com/p?q#f", "http://example.com/p?q#f"},
		{"a token as the user name", "https://TOKEN@example.com/", "https://example.com/"},
		{"no path", "http://u:p@example.com", "http://example.com"},
		{"'@' in the password: the userinfo ends at the last '@'", "http://u:p@ss@example.com/", "http://example.com/"},
		{"'@' in the path is no userinfo", "http://example.com/a@b", "http://example.com/a@b"},
		{"'@' in the query is no userinfo", "http://example.com?u@h", "http://example.com?u@h"},
		{"a port", "http://u:p@127.0.0.1:8080/x", "http://127.0.0.1:8080/x"},
		{"any scheme: check names skipped targets", "ftp://u:p@example.com/x", "ftp://example.com/x"},
		{"upper-case scheme", "HTTP://u:p@example.com/", "HTTP://example.com/"},
		{"a URL that does not parse loses its userinfo too", "http://u:p@exa mple.com/%zz", "http://exa mple.com/%zz"},
		{"a URL in a path's query is left alone", "/go?to=http://u:p@example.com/", "/go?to=http://u:p@example.com/"},
		{"a path", "/private/a@b", "/private/a@b"},
		{"a file name", "robots.txt", "robots.txt"},
		{"no authority", "mailto:u@example.com", "mailto:u@example.com"},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := redactURL(tt.in); got != tt.want {
			t.Errorf("%s: redactURL(%q) = %q, want %q", tt.source, tt.in, got, tt.want)
		}
	}
}

func TestRedactErr(t *testing.T) {
	// net/http's errors mask the password only.
	err := &url.Error{Op: "Get", URL: "http://alice:***@example.com/robots.txt", Err: errors.New("refused")}
	const want = `Get "http://example.com/robots.txt": refused`
	if got := redactErr(err).Error(); got != want {
		t.Errorf("redactErr(%v) = %q, want %q", err, got, want)
	}
}
