package robotstxt

import "strings"

// spelledKey reports which key s starts with, followed by a colon, when
// it is spelt as RFC 9309 spells it ("Disallow", "Allow", "User-agent"):
// most lines are, and they need no general look-up (shaped for speed:
// BenchmarkParse). It returns the key's length, or keyUnknown.
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
	return keyUnknown, 0
}

type keyKind uint8

// keySpellings lists, for each key, the spellings Google's parser accepts
// as a prefix of the key, compared case-insensitively: "Disallowed" and
// "User-agents" are read as the keys they start with, and so are a few
// frequent misspellings. The first spelling of each is the key's name.
var keySpellings = []struct {
	kind      keyKind
	spellings []string
}{
	{keyUserAgent, []string{"user-agent", "useragent", "user agent"}},
	{keyAllow, []string{"allow"}},
	{keyDisallow, []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}},
	{keySitemap, []string{"sitemap", "site-map"}},
}

// classifyKey returns the kind of key, its proper name, and whether the
// key is exactly that name; one that is not was accepted leniently.
func classifyKey(key string) (kind keyKind, name string, exact bool) {
	if key == "" {
		return keyUnknown, "", false
	}
	// All spellings of a key start with the same letter, and no two keys
	// share one: the first byte picks the one list to try (shaped for
	// speed: BenchmarkParse).
	first := key[0] | 0x20
	for i := range keySpellings {
		ks := &keySpellings[i]
		if ks.spellings[0][0] != first {
			continue
		}
		name := ks.spellings[0]
		for _, s := range ks.spellings {
			if len(key) >= len(s) && foldEqual(key[:len(s)], s) {
				return ks.kind, name, len(key) == len(name) && (s == name || foldEqual(key, name))
			}
		}
		break
	}
	return keyUnknown, "", false
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

// isKnownKey reports whether key is a rule's or an extension's.
func isKnownKey(key string) bool {
	kind, _, _ := classifyKey(key)
	ext, _, _ := classifyExt(key)
	return kind != keyUnknown || ext != extNone
}

// extKind is the kind of an extension key.
type extKind uint8

// extSpellings lists the keys of the extensions, each under its name and
// the spellings files use for it; keys compare whole, ignoring ASCII case
// as rule keys do (foldEqual).
var extSpellings = []struct {
	kind      extKind
	spellings []string
}{
	{extCrawlDelay, []string{"crawl-delay", "crawl delay", "crawldelay", "crawl_delay"}},
	{extRequestRate, []string{"request-rate", "request rate", "requestrate", "request_rate"}},
	{extVisitTime, []string{"visit-time", "visit time", "visittime", "visit_time"}},
	{extHost, []string{"host"}},
	{extCleanParam, []string{"clean-param", "clean param", "cleanparam", "clean_param"}},
	{extContentSignal, []string{"content-signal", "content signal", "contentsignal", "content_signal"}},
}

func classifyExt(key string) (kind extKind, name string, exact bool) {
	// Every spelling starts with one of these letters; most unknown keys
	// do not (shaped for speed: BenchmarkParse on HTML pages).
	if key == "" || !strings.ContainsRune("chrv", rune(key[0]|0x20)) {
		return extNone, "", false
	}
	for _, e := range extSpellings {
		for i, s := range e.spellings {
			if foldEqual(key, s) {
				return e.kind, e.spellings[0], i == 0
			}
		}
	}
	return extNone, "", false
}
