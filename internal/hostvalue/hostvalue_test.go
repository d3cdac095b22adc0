package hostvalue

import (
	"net/url"
	"strings"
	"testing"
)

// urlHostOracle is URLHost as url.Parse answers it: the slow, obviously
// right reading URLHost must give.
func urlHostOracle(v string) bool {
	s := v
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	return err == nil && u.Host != "" && (u.Scheme == "http" || u.Scheme == "https") && strings.Trim(u.Path, "/") == "" && u.RawQuery == "" && u.User == nil
}

// hostPieces are the parts of URLs that url.Parse reads specially: the
// schemes, the delimiters, escapes allowed and refused in hosts, zones
// and paths, IP literals, control and non-ASCII octets.
var hostPieces = []string{
	"a", "9", ":", "::", "[", "]", "@", "?", "#", "/", " ", "<", "\\", "_", "~", "'",
	"%", "%2", "%25", "%2F", "%2f", "%41", "%20", "%80", "%e9", "%zz",
	"\x01", "\x7f", "é",
	"fe80::1", "::ffff:1.2.3.4", "1.2.3.4", "80",
	"http://", "HTTPS://", "ftp://", "http:", "://",
}

// TestURLHost compares URLHost with url.Parse on every string of up to
// three pieces after each prefix, and on the Host values of the corpus's
// tests.
func TestURLHost(t *testing.T) {
	prefixes := []string{"", "http://", "https://[", "http://[fe80::1", "http://[fe80::1%25", "http://x:"}
	checked, accepted := 0, 0
	check := func(v string) {
		checked++
		want := urlHostOracle(v)
		if want {
			accepted++
		}
		if got := URLHost(v); got != want {
			t.Errorf("URLHost(%q) = %v, want %v (url.Parse)", v, got, want)
		}
	}
	for _, p := range prefixes {
		check(p)
		for _, a := range hostPieces {
			check(p + a)
			for _, b := range hostPieces {
				check(p + a + b)
				for _, c := range hostPieces {
					check(p + a + b + c)
				}
			}
		}
	}
	for _, v := range []string{
		"www.example.com", "example.com:8080", "[2001:db8::1]:443", "[fe80::1%25en0]", "[fe80::1%25%20x]",
		"[::ffff:192.0.2.1]", "[192.0.2.1]", "[fe80::1%25%80]", "ex%C3%A9mple.com", "a:b:80", "http://x/%2F//",
		"http://x/?", "http://x/??", "http://x#%41\x01", "http://x#%4", "https://ä.example", "http://[::1]]",
	} {
		check(v)
	}
	// A comparison that accepts nothing, or everything, tells nothing.
	if accepted == 0 || accepted == checked {
		t.Errorf("url.Parse accepted %d of %d values, want some but not all", accepted, checked)
	}
}

// FuzzURLHost compares URLHost with url.Parse.
func FuzzURLHost(f *testing.F) {
	for _, v := range []string{"example.com", "https://[fe80::1%25en0]:80/", "a@b", "x:80#%zz"} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if got, want := URLHost(v), urlHostOracle(v); got != want {
			t.Errorf("URLHost(%q) = %v, want %v (url.Parse)", v, got, want)
		}
	})
}
