// Package crawlers is a registry of real crawlers, and decides for them as
// they decide: which robots.txt group each obeys, by the precedence its
// operator documents, and which crawler a User-Agent header names.
//
// The root package answers RFC 9309 (or Google's library) to the letter:
// a crawler with several names obeys the merged groups of all of them,
// and a whole header "Mozilla/5.0 (compatible; ExampleBot/1.0; +url)" is
// the crawler "ExampleBot" in RFC mode, while Google mode takes the
// caller's name as given, as Google's library does, so that the whole
// header names no group and the "*" group applies. Real
// crawlers differ, and their operators say how: Googlebot-Image obeys the "Googlebot" group when no group names
// "Googlebot-Image", and only its own when one does; AdsBot-Google and
// Google's other special-case crawlers ignore the "*" group; Applebot
// follows Googlebot's group when no group names Applebot; a Yandex robot
// such as YandexImages reads a "Yandex" group when no group names it.
// [Decide], [Group] and
// [Explain] answer so, on top of the root package's exact modes, which
// they leave unchanged; [Identify] and [Name] read the crawler out of a
// whole header.
//
// The registry is data embedded in the package and read once, on first
// use: registry.tsv, written from each operator's own pages as of [Date]
// (every crawler names its [Crawler.Source], and a behaviour no source
// documents is left at its plain reading), and ai.tsv, derived from the
// ai.robots.txt project's list of AI crawlers ([AISource], MIT licence,
// testdata/ai-robots/LICENSE). [Audit] reports what a file lets each AI
// crawler fetch, and [AuditUntil] does so within a deadline.
//
// To update the registry, edit registry.tsv from the operators' pages,
// with the page of each behaviour in its source columns, and set [Date];
// TestRegistry checks every line. To refresh the AI crawler list, see
// testdata/ai-robots/README.md.
//
// Everything here is safe for concurrent use; the values returned are
// copies no caller can change for another.
package crawlers
