// The page test/browser.test.mjs bundles with esbuild, webpack and Vite, as
// an application would: the package by its name, with no configuration.
import robotsParser, { ready } from '@rfc9309/robotstxt';

ready.then(
	() => {
		const robots = robotsParser('https://example.com/robots.txt', 'User-agent: *\nDisallow: /private\n');
		globalThis.answer = {
			allowed: robots.isAllowed('https://example.com/private/x', 'Sams-Bot'),
			line: robots.getMatchingLineNumber('https://example.com/private/x'),
			other: robots.isDisallowed('https://other.example/'),
		};
	},
	(err) => {
		globalThis.answer = { error: String(err) };
	},
);
