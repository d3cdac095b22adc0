package main

// This file keeps the tester's fetch by URL off the machine's own network:
// a tester left running must not become a way to read robots.txt files,
// or probe ports, on loopback, on this machine's other addresses or
// behind a firewall.

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"

	"github.com/rfc9309/robotstxt"
	"github.com/rfc9309/robotstxt/robotshttp"
)

// Fetch by URL limits: each fetch, redirects included, ends within
// fetchByURLTimeout, and at most maxFetches run at once; one more is
// answered 429 at once rather than queued behind a slow site.
const (
	fetchByURLTimeout = 15 * time.Second
	fetchDialTimeout  = 10 * time.Second
	maxFetches        = 8
)

// A privateAddrError is a fetch refused because the address a host name
// resolved to is not globally reachable, or is this machine's own.
type privateAddrError struct {
	addr   netip.Addr
	reason string
}

func (e *privateAddrError) Error() string {
	return fmt.Sprintf("refusing to fetch from %s, %s address (robotstxt serve -allow-private allows it)", e.addr, e.reason)
}

// A specialRange is a block of the IANA IPv4 and IPv6 Special-Purpose
// Address Registries (RFC 6890) whose addresses are not globally
// reachable, or reach the local machine or network by another route.
type specialRange struct {
	prefix netip.Prefix
	reason string
}

// specialRanges are the blocks fetch by URL refuses. Besides the
// registries' blocks marked not globally reachable, it holds multicast
// and the deprecated site-local and IPv4-compatible IPv6 blocks, which a
// crawler has no business with either. The first match names the reason.
var specialRanges = func() []specialRange {
	rows := []struct{ prefix, reason string }{
		{"0.0.0.0/8", `a "this network"`},        // RFC 791; 0.0.0.0 is this host
		{"10.0.0.0/8", "a private"},              // RFC 1918
		{"100.64.0.0/10", "a carrier-grade NAT"}, // RFC 6598
		{"127.0.0.0/8", "a loopback"},            // RFC 1122
		{"169.254.0.0/16", "a link-local"},       // RFC 3927, cloud metadata
		{"172.16.0.0/12", "a private"},           // RFC 1918
		{"192.0.0.0/24", "an IETF protocol"},     // RFC 6890
		{"192.0.2.0/24", "a documentation"},      // RFC 5737 TEST-NET-1
		{"192.88.99.0/24", "a 6to4 relay"},       // RFC 7526, deprecated
		{"192.168.0.0/16", "a private"},          // RFC 1918
		{"198.18.0.0/15", "a benchmarking"},      // RFC 2544
		{"198.51.100.0/24", "a documentation"},   // RFC 5737 TEST-NET-2
		{"203.0.113.0/24", "a documentation"},    // RFC 5737 TEST-NET-3
		{"224.0.0.0/4", "a multicast"},           // RFC 5771
		{"240.0.0.0/4", "a reserved"},            // RFC 1112; 255.255.255.255 is broadcast
		{"::/128", "an unspecified"},             // RFC 4291
		{"::1/128", "a loopback"},                // RFC 4291
		{"::/96", "an IPv4-compatible"},          // RFC 4291, deprecated
		{"64:ff9b:1::/48", "a local NAT64"},      // RFC 8215
		{"100::/64", "a discard-only"},           // RFC 6666
		{"100:0:0:1::/64", "a dummy"},            // RFC 9780
		{"2001::/23", "an IETF protocol"},        // RFC 2928; Teredo, benchmarking, ...
		{"2001:db8::/32", "a documentation"},     // RFC 3849
		{"3fff::/20", "a documentation"},         // RFC 9637
		{"5f00::/16", "a segment routing"},       // RFC 9602
		{"fc00::/7", "a private"},                // RFC 4193 unique local
		{"fe80::/10", "a link-local"},            // RFC 4291
		{"fec0::/10", "a site-local"},            // RFC 3879, deprecated
		{"ff00::/8", "a multicast"},              // RFC 4291
	}
	out := make([]specialRange, len(rows))
	for i, r := range rows {
		out[i] = specialRange{netip.MustParsePrefix(r.prefix), r.reason}
	}
	return out
}()

// globalExceptions are the blocks inside specialRanges that the
// registries mark globally reachable: anycast services and AS112.
var globalExceptions = []netip.Prefix{
	netip.MustParsePrefix("192.0.0.9/32"),    // RFC 7723, Port Control Protocol anycast
	netip.MustParsePrefix("192.0.0.10/32"),   // RFC 8155, TURN anycast
	netip.MustParsePrefix("2001:1::1/128"),   // RFC 7723
	netip.MustParsePrefix("2001:1::2/128"),   // RFC 8155
	netip.MustParsePrefix("2001:1::3/128"),   // RFC 9374, DNS-SD SRP anycast
	netip.MustParsePrefix("2001:3::/32"),     // RFC 7450, AMT
	netip.MustParsePrefix("2001:4:112::/48"), // RFC 7535, AS112-v6
	netip.MustParsePrefix("2001:20::/28"),    // RFC 7343, ORCHIDv2
	netip.MustParsePrefix("2001:30::/28"),    // RFC 9374, DRIP
}

// IPv6 blocks that carry an IPv4 address, which is checked in turn: a
// NAT64 gateway (RFC 6052) or a 6to4 relay (RFC 3056) would forward to it.
var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// refusedReason says why an address is refused, as "a loopback", "a
// private", ..., or "" when it is globally reachable. IPv4-mapped, NAT64
// and 6to4 addresses are judged by the IPv4 address they carry, since that
// is where a packet to them ends up.
func refusedReason(a netip.Addr) string {
	a = a.Unmap()
	switch b := a.As16(); {
	case !a.IsValid():
		return "an invalid"
	case a.Is6() && nat64.Contains(a):
		a = netip.AddrFrom4([4]byte(b[12:]))
	case a.Is6() && sixToFour.Contains(a):
		a = netip.AddrFrom4([4]byte(b[2:6]))
	}
	for _, p := range globalExceptions {
		if p.Contains(a) {
			return ""
		}
	}
	for _, r := range specialRanges {
		if r.prefix.Contains(a) {
			return r.reason
		}
	}
	return ""
}

// An addrGuard is a net.Dialer Control function's state: it refuses the
// addresses refusedReason names and every address of this machine's own
// network interfaces (a service bound to 0.0.0.0 answers on eth0's
// address as on 127.0.0.1).
type addrGuard struct {
	// ownAddrs lists this machine's interface addresses; it is read at
	// each dial, since interfaces come and go.
	ownAddrs func() ([]net.Addr, error)
}

// control runs after the host name is resolved, on the address about to
// be dialled, so a name that resolves to a public address when checked and
// to 127.0.0.1 when dialled (DNS rebinding) is refused as surely as a
// literal 127.0.0.1, and so is every redirect's target.
func (g addrGuard) control(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("refusing to dial %q: not an IP address and port", address)
	}
	a := ap.Addr().Unmap().WithZone("")
	if reason := refusedReason(a); reason != "" {
		return &privateAddrError{addr: a, reason: reason}
	}
	own, err := g.ownAddrs()
	if err != nil {
		return fmt.Errorf("refusing to dial %s: listing this machine's addresses: %w", a, err)
	}
	for _, o := range own {
		if p, err := netip.ParsePrefix(o.String()); err == nil && p.Addr().Unmap().WithZone("") == a {
			return &privateAddrError{addr: a, reason: "this machine's own"}
		}
	}
	return nil
}

// newURLFetcher returns the Fetcher of fetch by URL: its own transport,
// with no proxy from the environment (a proxy's address would be the one
// checked), and, unless allowPrivate, the address check on every dial.
func newURLFetcher(allowPrivate bool) *robotshttp.Fetcher {
	d := &net.Dialer{Timeout: fetchDialTimeout}
	if !allowPrivate {
		d.Control = addrGuard{ownAddrs: net.InterfaceAddrs}.control
	}
	tr := &http.Transport{
		Proxy:                 nil,
		DialContext:           d.DialContext,
		TLSHandshakeTimeout:   fetchDialTimeout,
		ResponseHeaderTimeout: fetchByURLTimeout,
		MaxIdleConns:          maxFetches,
		IdleConnTimeout:       30 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	return &robotshttp.Fetcher{
		Client:    &http.Client{Transport: tr},
		UserAgent: "robotstxt-serve (robots.txt tester)",
		Timeout:   fetchByURLTimeout,
	}
}

// fetchRobots fetches the robots.txt file of site's origin. A refused
// address is an error for the caller to show, not an unreachable file: it
// says nothing about the site.
func (a *api) fetchRobots(ctx context.Context, site string, o robotstxt.Options) (*robotshttp.Fetch, error) {
	robotsURL, err := robotshttp.RobotsURL(site)
	if err != nil {
		return nil, err
	}
	f := *a.fetcher
	f.Options = o
	res := f.Fetch(ctx, robotsURL)
	if pe := (*privateAddrError)(nil); errors.As(res.Err, &pe) {
		return nil, pe
	}
	return res, nil
}
