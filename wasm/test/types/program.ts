// A program written against robots-parser's types (its index.d.ts), as
// its README imports it, compiled by test/types.test.mjs with tsc --strict
// against them and, with its import changed, against this package's.
import robotsParser from 'robots-parser';

type Robot = ReturnType<typeof robotsParser>;

const url: string = 'https://example.com/robots.txt';
const robots: Robot = robotsParser(url, 'User-agent: *\nDisallow: /private\n');

const allowed: boolean | undefined = robots.isAllowed('https://example.com/private', 'Sams-Bot/1.0');
const disallowed: boolean | undefined = robots.isDisallowed('https://example.com/private');
const line: number = robots.getMatchingLineNumber('https://example.com/private', 'Sams-Bot');
const lineNoAgent: number = robots.getMatchingLineNumber('https://example.com/private');
const delay: number | undefined = robots.getCrawlDelay('Sams-Bot');
const sitemaps: string[] = robots.getSitemaps();
const host: string | null = robots.getPreferredHost();

// Methods passed on, as a crawler's helpers take them.
const check: (url: string, ua?: string) => boolean | undefined = robots.isAllowed.bind(robots);
const lineOf: (url: string, ua?: string) => number = (u, ua) => robots.getMatchingLineNumber(u, ua);

function skip(r: Robot, target: string): boolean {
	if (r.isDisallowed(target, 'Sams-Bot')) {
		return true;
	}
	return r.getMatchingLineNumber(target) > 0 && r.isAllowed(target) === false;
}

const cache = new Map<string, Robot>();
cache.set('example.com', robots);

export const answers = [allowed, disallowed, line, lineNoAgent, delay, sitemaps.length, host, check(url), lineOf(url), skip(robots, url), cache.size];
