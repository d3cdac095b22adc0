package robotstxt

import (
	"testing"

	"github.com/rfc9309/robotstxt/internal/hostvalue"
)

// TestPlainHost checks that every Host value plainHost accepts without
// url.Parse is one url.Parse accepts too, and that parseHost still tells
// valid values from invalid ones.
func TestPlainHost(t *testing.T) {
	tests := []struct {
		value  string
		plain  bool // taken without url.Parse
		valid  bool
		source string
	}{
		{"www.openstreetmap.org", true, true, "corpus: www.openstreetmap.org"},
		{"store.steampowered.com", true, true, "corpus: store.steampowered.com"},
		{"https://example.com", true, true, "Yandex: Host with a scheme"},
		{"http://example.com:8080", true, true, "Yandex: Host with a port"},
		{"xn--80ak6aa92e.com", true, true, "an IDN in punycode"},
		{"192.0.2.1", true, true, "RFC 5737 address"},
		{"example.com:", false, true, "an empty port, which url.Parse allows"},
		{"[2001:db8::1]", false, true, "RFC 3849 address in brackets"},
		{"HTTPS://example.com", false, true, "an upper-case scheme"},
		{"example.com/", false, true, "a trailing slash"},
		{"ftp://example.com", false, false, "not http or https"},
		{"example.com/path", false, false, "a path"},
		{"example.com?q", false, false, "a query"},
		{"user@example.com", false, false, "user information"},
		{"example.com:8x", false, false, "a port that is not a number"},
		{":80", false, true, "a port alone, which url.Parse allows"},
		{"http://", false, false, "no host"},
	}
	for _, tt := range tests {
		if got := plainHost(tt.value); got != tt.plain {
			t.Errorf("plainHost(%q) = %v, want %v (%s)", tt.value, got, tt.plain, tt.source)
		}
		if tt.plain {
			if !hostvalue.URLHost(tt.value) {
				t.Errorf("hostvalue.URLHost(%q) = false, want true: plainHost accepts it (%s)", tt.value, tt.source)
			}
		}
		if _, err := parseHost(tt.value); (err == nil) != tt.valid {
			t.Errorf("parseHost(%q) error = %v, want valid %v (%s)", tt.value, err, tt.valid, tt.source)
		}
	}
}
