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
// [*DisallowedError]. A Fetcher, a Cache and a Transport are safe for
// concurrent use by multiple goroutines once their fields are set; the
// Fetch, [Entry] and [Lookup] values they return are never modified
// afterwards. The parser lives in its own package, which imports no
// net/http, so that a program that only parses robots.txt files does not
// link an HTTP stack.
//
// # One answer per crawler
//
// Every decision here for one named crawler, [Cache.Decide]'s, a
// Transport's with one of Agents or, without them, with each request's
// User-Agent header, is made by [Lookup.Group]: a crawler of the registry
// of package [github.com/rfc9309/robotstxt/crawlers] obeys the group its
// operator documents (Googlebot-Image follows Googlebot's group when no
// group names it), any other crawler the group of the name
// [crawlers.Name] reads in it, else "*", as package robotstxt reads that
// name. Several names, a crawler that
// answers to all of them, obey their groups merged (RFC 9309 section
// 2.2.1). For the plain reading of one name, ask
// l.Robots.Group(name) of a Lookup l.
//
// # Settings
//
// Every numeric field of a Fetcher, a Cache and a Transport, and
// [NewCache]'s maxEntries, follows one rule: 0 means the default the
// field names, and a negative value turns the setting off. What off means
// is said on each field: no limit for a bound (Fetcher.Timeout,
// Cache.MaxMemory, maxEntries, as for robotstxt.Options.MaxBytes), and
// none of what the field allows for the others: no redirect followed
// (Fetcher.MaxRedirects), no file kept (Cache.MaxAge), no least lifetime
// (Cache.MinAge), no stale copy (Cache.StaleFor), no unreachable verdict
// kept (Cache.RetryUnreachable), no wait for a Crawl-delay turn
// (Transport.MaxCrawlDelay). Errors print a setting as it was set.
package robotshttp
