package main

// This file keeps the tester's fetch by URL off the machine's own network:
// a tester left running must not become a way to read robots.txt files,
// or probe ports, on loopback or behind a firewall.

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
// resolved to is loopback, private or link-local.
type privateAddrError struct {
	addr   netip.Addr
	reason string
}

func (e *privateAddrError) Error() string {
	return fmt.Sprintf("refusing to fetch from %s, a %s address (robotstxt serve -allow-private allows it)", e.addr, e.reason)
}

// nat64 is the well-known prefix of RFC 6052, through which an IPv6 host
// reaches the IPv4 address held in the last four bytes.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// refusedReason says why an address is refused, or "" when it is public.
// Besides loopback, private (RFC 1918, RFC 4193) and link-local, it
// refuses the addresses that reach the local machine or network by other
// routes: unspecified (0.0.0.0 is this host), "this network" 0.0.0.0/8,
// carrier-grade NAT 100.64.0.0/10, multicast, and an IPv4 address of
// those kinds embedded in an IPv4-mapped or NAT64 IPv6 address.
func refusedReason(a netip.Addr) string {
	a = a.Unmap()
	if nat64.Contains(a) {
		b := a.As16()
		a = netip.AddrFrom4([4]byte(b[12:]))
	}
	switch {
	case a.IsLoopback():
		return "loopback"
	case a.IsPrivate():
		return "private"
	case a.IsLinkLocalUnicast(), a.IsLinkLocalMulticast():
		return "link-local"
	case a.IsUnspecified():
		return "unspecified"
	case a.IsMulticast():
		return "multicast"
	}
	if a.Is4() {
		b := a.As4()
		switch {
		case b[0] == 0:
			return `"this network"`
		case b[0] == 100 && b[1]&0xc0 == 64:
			return "carrier-grade NAT"
		}
	}
	return ""
}

// refusePrivate is a net.Dialer Control function: it runs after the host
// name is resolved, on the address about to be dialled, so a name that
// resolves to a public address when checked and to 127.0.0.1 when dialled
// (DNS rebinding) is refused as surely as a literal 127.0.0.1, and so is
// every redirect's target.
func refusePrivate(_, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("refusing to dial %q: not an IP address and port", address)
	}
	if reason := refusedReason(ap.Addr()); reason != "" {
		return &privateAddrError{addr: ap.Addr().Unmap(), reason: reason}
	}
	return nil
}

// newURLFetcher returns the Fetcher of fetch by URL: its own transport,
// with no proxy from the environment (a proxy's address would be the one
// checked), and, unless allowPrivate, the address check on every dial.
func newURLFetcher(allowPrivate bool) *robotshttp.Fetcher {
	d := &net.Dialer{Timeout: fetchDialTimeout}
	if !allowPrivate {
		d.Control = refusePrivate
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
