package robotstxt

// This file knows the keys of robots.txt lines and how files spell them:
// the keys of RFC 9309 section 2.2 (user-agent, allow, disallow) and of
// its section 2.2.4 (sitemap, and the records of groupext.go and
// records.go).

import (
	"strconv"
	"strings"
)

// keyKind is what a line's key is understood as.
type keyKind uint8

const (
	// keyNone: the line holds no key-value pair. It is blank or a
	// comment, or its flags say why not (see lineFlags).
	keyNone keyKind = iota
	// keyUnknown: a key this library does not know.
	keyUnknown
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
	keyCrawlDelay
	keyRequestRate
	keyVisitTime
	keyHost
	keyCleanParam
	keyContentSignal
)

// keyNames are the keys' names as messages spell them.
var keyNames = [...]string{
	keyUserAgent:     "user-agent",
	keyAllow:         "allow",
	keyDisallow:      "disallow",
	keySitemap:       "sitemap",
	keyCrawlDelay:    "crawl-delay",
	keyRequestRate:   "request-rate",
	keyVisitTime:     "visit-time",
	keyHost:          "host",
	keyCleanParam:    "clean-param",
	keyContentSignal: "content-signal",
}

func (k keyKind) String() string {
	switch {
	case k == keyNone:
		return "none"
	case k == keyUnknown:
		return "unknown"
	case int(k) < len(keyNames):
		return keyNames[k]
	}
	return "key(" + strconv.Itoa(int(k)) + ")"
}

// isRuleKey reports whether k is one of the keys that make a file a
// robots.txt file: user-agent, allow, disallow and sitemap.
func (k keyKind) isRuleKey() bool {
	return keyUserAgent <= k && k <= keySitemap
}

// spelledKey reports which key s starts with, followed by a colon, when
// it is spelt as RFC 9309 spells it ("Disallow", "Allow", "User-agent"):
// most lines are, and they need no general look-up (shaped for speed:
// BenchmarkParse). It returns the key's length, or keyNone.
func spelledKey(s string) (keyKind, int) {
	// Comparing with constants of known length compiles to a few word
	// loads, where strings.HasPrefix calls a general comparison.
	switch {
	case len(s) >= 9 && s[:9] == "Disallow:":
		return keyDisallow, len("Disallow")
	case len(s) >= 6 && s[:6] == "Allow:":
		return keyAllow, len("Allow")
	case len(s) >= 11 && s[:11] == "User-agent:":
		return keyUserAgent, len("User-agent")
	}
	return keyNone, 0
}

// keySpellings are the spellings of a key that files use, its name
// first.
type keySpellings struct {
	kind      keyKind
	spellings []string
}

// ruleKeySpellings lists, for each key of a rule line or a sitemap, the
// spellings Google's parser accepts as a prefix of the key, compared
// case-insensitively: "Disallowed" and "User-agents" are read as the keys
// they start with, and so are a few frequent misspellings.
var ruleKeySpellings = []keySpellings{
	{keyUserAgent, []string{"user-agent", "useragent", "user agent"}},
	{keyAllow, []string{"allow"}},
	{keyDisallow, []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}},
	{keySitemap, []string{"sitemap", "site-map"}},
}

// extSpellings lists the keys of the extensions; they compare whole,
// ignoring ASCII case as rule keys do (foldEqual).
var extSpellings = []keySpellings{
	{keyCrawlDelay, []string{"crawl-delay", "crawl delay", "crawldelay", "crawl_delay"}},
	{keyRequestRate, []string{"request-rate", "request rate", "requestrate", "request_rate"}},
	{keyVisitTime, []string{"visit-time", "visit time", "visittime", "visit_time"}},
	{keyHost, []string{"host"}},
	{keyCleanParam, []string{"clean-param", "clean param", "cleanparam", "clean_param"}},
	{keyContentSignal, []string{"content-signal", "content signal", "contentsignal", "content_signal"}},
}

// classifyKey returns what key is understood as, and whether it is
// spelt exactly as the key's name; one that is not was accepted
// leniently.
func classifyKey(key string) (kind keyKind, exact bool) {
	if key == "" {
		return keyUnknown, false
	}
	// All spellings of a key start with the same letter, and no two keys
	// share one: the first byte picks the one list to try (shaped for
	// speed: BenchmarkParse).
	first := key[0] | 0x20
	for i := range ruleKeySpellings {
		ks := &ruleKeySpellings[i]
		if ks.spellings[0][0] != first {
			continue
		}
		for j, s := range ks.spellings {
			if len(key) >= len(s) && foldEqual(key[:len(s)], s) {
				// The name is tried first, so the key is the name
				// exactly when the name matched all of it.
				return ks.kind, j == 0 && len(key) == len(s)
			}
		}
		break
	}
	// Every extension's spelling starts with one of these letters; most
	// unknown keys do not (shaped for speed: BenchmarkParse on HTML pages).
	if !strings.ContainsRune("chrv", rune(first)) {
		return keyUnknown, false
	}
	for _, e := range extSpellings {
		for i, s := range e.spellings {
			if foldEqual(key, s) {
				return e.kind, i == 0
			}
		}
	}
	return keyUnknown, false
}

// foldEqual reports whether a equals lower, a lower-case spelling made of
// letters, '-', '_' and ' ', ignoring the case of a's letters. It is
// strings.EqualFold cut down to what keys need, for the parse loop
// (BenchmarkParse): a|0x20 maps 'A'-'Z' to 'a'-'z' and leaves '-' and ' '
// alone; the only other octets it could confuse with them, CR and NUL,
// never reach a key.
func foldEqual(a, lower string) bool {
	if len(a) != len(lower) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i]|0x20 != lower[i] && a[i] != lower[i] {
			return false
		}
	}
	return true
}

// pageDirective returns the page-level directive, in lower case, that an
// unknown key names when it is one webmasters write in robots.txt by
// mistake: Noindex, Nofollow, Noarchive. They belong in a meta robots tag
// or an X-Robots-Tag header (package metarobots reads both).
func pageDirective(key string) (string, bool) {
	for _, d := range [...]string{"noindex", "nofollow", "noarchive"} {
		if strings.EqualFold(key, d) {
			return d, true
		}
	}
	return "", false
}
