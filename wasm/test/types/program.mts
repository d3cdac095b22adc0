// robots-parser's function as an ES module sees it under
// moduleResolution nodenext: robots-parser is CommonJS, and its types'
// default export is the module's property `default`.
import robotsParser from 'robots-parser';

const robots = robotsParser.default('https://example.com/robots.txt', 'User-agent: *\nDisallow: /private\n');
const line: number = robots.getMatchingLineNumber('https://example.com/private');
const allowed: boolean | undefined = robots.isAllowed('https://example.com/private', 'Sams-Bot');

export const answers = [line, allowed, robots.getSitemaps()];
