// Package robotshttp fetches, caches and enforces robots.txt files over
// HTTP as RFC 9309 section 2.3-2.5 asks, around the parser of package
// [robotstxt]: [Origin] and [RobotsURL] say where an origin's file lives;
// a [Fetcher] fetches it, following redirects and the size limit, and
// says in the [Access] of its [Fetch] which of the RFC's cases happened
// (available, unavailable: allow all, unreachable: disallow all); a
// [Cache] keeps each origin's file for as long as section 2.4 allows, in
// memory, bounded in entries and bytes, or in a [Store] that a crawler
// fleet shares, with one fetch for all concurrent callers and one parse
// per fetch; and a [Transport] is net/http middleware that refuses,
// before sending, every request the file disallows, with a
// [*DisallowedError], for the crawler its Agents name or, without them,
// the one each request's User-Agent header names, as package
// [github.com/rfc9309/robotstxt/crawlers] reads it. A Fetcher, a Cache
// and a Transport are safe for concurrent use by multiple goroutines
// once their fields are set; the Fetch, [Entry] and [Lookup]
// values they return are never modified afterwards. The parser lives in
// its own package, which imports no net/http, so that a program that
// only parses robots.txt files does not link an HTTP stack.
package robotshttp
