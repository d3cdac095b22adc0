// Package hostvalue reads a Host record's value the way net/url's Parse
// reads an http or https URL with nothing after its host, without
// importing net/url: net/url imports fmt, and with it the reflect code
// fmt runs, which the WebAssembly build (wasm/) would otherwise carry for
// one record that few files have. TestURLHost compares it with
// url.Parse.
package hostvalue

import (
	"net/netip"
	"strings"
)

// URLHost reports whether v, or "http://" + v when v holds no "://", is
// what url.Parse accepts as an http or https URL with a host, no user
// information, no query, and a path of slashes only: the Host values
// plainHost leaves to it (user@, a bracketed IPv6 address, escapes).
// Like url.Parse by default since Go 1.26 (GODEBUG urlstrictcolons=1), a
// host holds at most one colon outside brackets.
func URLHost(v string) bool {
	s := v
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	// url.Parse refuses control octets before the fragment; here every
	// such octet is in the scheme, the host or the path, which refuse
	// them anyway.
	u, frag, _ := strings.Cut(s, "#")
	// The scheme: url.Parse reads the letters before the first colon
	// and lower-cases them.
	var rest string
	if len(u) >= 5 && strings.EqualFold(u[:5], "http:") {
		rest = u[5:]
	} else if len(u) >= 6 && strings.EqualFold(u[:6], "https:") {
		rest = u[6:]
	} else {
		return false
	}
	// A query: one '?' at the very end is an empty query, any other an
	// actual one.
	if q := strings.IndexByte(rest, '?'); q >= 0 {
		if q != len(rest)-1 {
			return false
		}
		rest = rest[:q]
	}
	authority, ok := strings.CutPrefix(rest, "//")
	if !ok {
		return false // no host: "http:x" or "http:/x"
	}
	path := ""
	if i := strings.IndexByte(authority, '/'); i >= 0 {
		authority, path = authority[:i], authority[i:]
	}
	if authority == "" || strings.IndexByte(authority, '@') >= 0 || !validHostPort(authority) {
		return false
	}
	// The path, unescaped, must be slashes only.
	for i := 0; i < len(path); i++ {
		if path[i] == '%' {
			if i+2 >= len(path) || path[i+1] != '2' || path[i+2] != 'f' && path[i+2] != 'F' {
				return false
			}
			i += 2
		} else if path[i] != '/' {
			return false
		}
	}
	// The fragment: any text, with well-formed escapes.
	for i := 0; i < len(frag); i++ {
		if frag[i] == '%' {
			if i+2 >= len(frag) || !isHex(frag[i+1]) || !isHex(frag[i+2]) {
				return false
			}
			i += 2
		}
	}
	return true
}

// validHostPort reports whether url.Parse accepts host, an authority
// without user information, for an http or https URL.
func validHostPort(host string) bool {
	if open := strings.LastIndexByte(host, '['); open > 0 {
		return false
	} else if open == 0 {
		// An IP literal (RFC 3986 section 3.2.2): an IPv6 address,
		// with an optional zone after "%25" (RFC 6874).
		end := strings.LastIndexByte(host, ']')
		if end < 0 || !validOptionalPort(host[end+1:]) {
			return false
		}
		name := host[1:end]
		zone := ""
		if i := strings.Index(name, "%25"); i >= 0 {
			name, zone = name[:i], name[i:]
		}
		addr, ok := unescapeHost(name, false)
		if !ok {
			return false
		}
		if zone != "" {
			z, ok := unescapeHost(zone, true)
			if !ok {
				return false
			}
			addr += z
		}
		ip, err := netip.ParseAddr(addr)
		return err == nil && !ip.Is4()
	} else if i := strings.IndexByte(host, ':'); i >= 0 && !validOptionalPort(host[i:]) {
		return false
	}
	_, ok := unescapeHost(host, false)
	return ok
}

// validOptionalPort reports whether port is empty or a colon and digits.
func validOptionalPort(port string) bool {
	if port == "" {
		return true
	}
	if port[0] != ':' {
		return false
	}
	for i := 1; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return true
}

// unescapeHost decodes the escapes of a host, or of a zone, as url.Parse
// does, and reports whether they and its other octets are allowed: in a
// host, escapes only of octets 0x80 and above, or of '%' (%25); in a zone,
// escapes of the octets a host may hold, of ' ' and of '%'.
func unescapeHost(s string, zone bool) (string, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", false
			}
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if s[i:i+3] != "%25" {
				if !zone && v < 0x80 || zone && v != ' ' && !isHostOctet(v) {
					return "", false
				}
			}
			n++
			i += 2
		case c < 0x80 && !isHostOctet(c):
			return "", false
		}
	}
	if n == 0 {
		return s, true
	}
	b := make([]byte, 0, len(s)-2*n)
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		} else {
			b = append(b, s[i])
		}
	}
	return string(b), true
}

// isHostOctet reports whether url.Parse takes the ASCII octet c as it is
// in a host: letters, digits, RFC 3986's unreserved marks and sub-delims,
// ':' before a port, the brackets of an IP literal, and '<', '>' and '"',
// which it lets through rather than reject.
func isHostOctet(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c < 0x80 && strings.IndexByte("-_.~!$&'()*+,;=:[]<>\"", c) >= 0
}

// isHex reports whether c is a hexadecimal digit.
func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unhex returns the value of the hexadecimal digit c.
func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
