// Google's answers (testdata/conformance/google_match.json) through the
// JavaScript interface: every record in Google mode with Google's deciding
// line, and in RFC mode where the modes agree or as
// rfc_differences.json lists.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import robotsParser, { ready } from '@rfc9309/robotstxt';
import { googleCases, rfcDifferences, robotsURL } from './cases.mjs';

await ready;
const cases = googleCases();
const differences = rfcDifferences();

test('google_match.json has its 220 records', () => {
	assert.equal(cases.length, 220);
});

for (const c of cases) {
	test(`google mode: ${c.id}`, () => {
		const robots = robotsParser(robotsURL(c.url), c.contents, { mode: 'google' });
		try {
			const line = c.line === 0 ? -1 : c.line;
			assert.equal(robots.isAllowed(c.url, c.agents), c.allowed, `isAllowed(${JSON.stringify(c.url)}, ${JSON.stringify(c.agents)})`);
			assert.equal(robots.isDisallowed(c.url, c.agents), !c.allowed, 'isDisallowed');
			assert.equal(robots.getMatchingLineNumber(c.url, c.agents), line, 'getMatchingLineNumber');
			const d = robots.decide(c.url, c.agents);
			assert.equal(d.allowed, c.allowed, 'decide().allowed');
			assert.equal(d.rule?.line ?? -1, line, 'decide().rule.line');
		} finally {
			robots.free();
		}
	});

	test(`rfc mode: ${c.id}`, () => {
		const want = differences.has(c.id) ? differences.get(c.id) : c.allowed;
		const robots = robotsParser(robotsURL(c.url), c.contents);
		try {
			assert.equal(robots.isAllowed(c.url, c.agents), want, `isAllowed(${JSON.stringify(c.url)}, ${JSON.stringify(c.agents)})`);
		} finally {
			robots.free();
		}
	});
}
