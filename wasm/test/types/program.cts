// program.ts as a CommonJS module under moduleResolution nodenext:
// require() of the package, through TypeScript's default import.
import robotsParser from 'robots-parser';

const robots = robotsParser('https://example.com/robots.txt', 'User-agent: *\nDisallow: /private\n');
const line: number = robots.getMatchingLineNumber('https://example.com/private');
const disallowed: boolean | undefined = robots.isDisallowed('https://example.com/private', 'Sams-Bot');
const delay: number | undefined = robots.getCrawlDelay();
const host: string | null = robots.getPreferredHost();

export = [line, disallowed, delay, host, robots.getSitemaps()];
