// The Go side parses a file where JavaScript wrote it, in the input
// buffer, without a copy; the next call writes that buffer again. These
// tests parse a file, overwrite the buffer with another file of the same
// length, and check that every answer about the first file is the one it
// gave with the buffer untouched.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import robotsParser, { ready } from '@rfc9309/robotstxt';

await ready;

const url = 'https://example.com/robots.txt';
const page = (path) => `https://example.com${path}`;

// records has a rule, a record and a diagnostic of each kind the
// interface answers, each quoting text of the file.
const records =
	'Content-Signal: search=yes\n' +
	'User-agent: FooBot/1\n' +
	'Disallow: /private/*.pdf$\n' +
	'Allow: /private/ok/index.html\n' +
	'Crawl-delay: 7.5\n' +
	'Host: mirror.example.com\n' +
	'Clean-param: ref&utm /shop\n' +
	'X-Unknown-Key: some value\n' +
	'Dissallow /typo-path\n' +
	'Sitemap: https://example.com/sitemap-one.xml\n' +
	'\n' +
	'User-agent: *\n' +
	'Disallow: /tmp/%7Euser/\n' +
	'Sitemap: https://example.com/sitemap-two.xml\n';

// padded is records lengthened past n bytes by a comment at its end.
const padded = (n) => records + '# ' + 'x'.repeat(Math.max(0, n - records.length)) + '\n';

function utf16le(text) {
	const b = new Uint8Array(2 + 2 * text.length);
	b[0] = 0xff;
	b[1] = 0xfe;
	for (let i = 0; i < text.length; i++) {
		b[2 + 2 * i] = text.charCodeAt(i) & 0xff;
		b[3 + 2 * i] = text.charCodeAt(i) >> 8;
	}
	return b;
}

const cases = [
	// The size each takes on the Go side: a copy in the Robots'
	// allocation, a copy apart (stream.go), the tables at once in one
	// slab (small.go), and the plain tables.
	{ name: 'a file of at most 64 bytes', contents: 'User-agent: FooBot\nDisallow: /private/\n' },
	{ name: 'a file of at most 1 KB', contents: records },
	{ name: 'a file of at most 1 KB, Google mode', contents: records, options: { mode: 'google' } },
	{ name: 'a file over 1 KB', contents: padded(2000) },
	{ name: 'a file over 1 KB, Google mode', contents: padded(2000), options: { mode: 'google' } },
	{ name: 'a file over 1 KB as bytes', contents: new TextEncoder().encode(padded(2000)) },
	{ name: 'a file over 4 KB', contents: padded(6000) },
	{ name: 'a file over 4 KB, Google mode', contents: padded(6000), options: { mode: 'google' } },
	{ name: 'a file cut at the limit', contents: padded(4000), options: { maxBytes: records.length + 10 } },
	{ name: 'a file cut at the limit, Google mode', contents: padded(4000), options: { mode: 'google', maxBytes: records.length + 10 } },
	{ name: 'UTF-16 with a byte-order mark', contents: utf16le(records) },
	{ name: 'UTF-16 with a byte-order mark, over 1 KB', contents: utf16le(padded(2000)) },
	{ name: 'an HTML page', contents: `<!DOCTYPE html>\n<html><body><pre>\n${records}</pre></body></html>\n` },
];

const queries = [
	['/private/a.pdf', 'FooBot'],
	['/private/ok/index.html', 'FooBot/2.0'],
	['/private/ok/', 'foobot'],
	['/tmp/~user/x', 'OtherBot'],
	['/tmp/%7euser/x', 'OtherBot'],
	['/shop?ref=1', 'FooBot'],
];

// answers asks robots everything the interface answers, the first query
// first: a small file's first query is answered from its text, the
// others from its tables.
function answers(robots) {
	const decisions = queries.map(([path, ua]) => robots.decide(page(path), ua));
	return {
		decisions,
		again: queries.map(([path, ua]) => robots.decide(page(path), ua)),
		lines: queries.map(([path, ua]) => robots.getMatchingLineNumber(page(path), [ua, 'nobody'])),
		crawlDelay: [robots.getCrawlDelay('FooBot'), robots.getCrawlDelay(['FooBot', 'OtherBot'])],
		sitemaps: robots.getSitemaps(),
		host: robots.getPreferredHost(),
		diagnostics: robots.diagnostics(),
	};
}

// overwrite parses a file of n bytes of garbage, which JavaScript writes
// where the file before it was written.
function overwrite(n) {
	robotsParser(url, new Uint8Array(n).fill(0x5a)).free();
}

// size is the number of bytes contents takes in the input buffer.
const size = (contents) => (typeof contents === 'string' ? new TextEncoder().encode(contents).length : contents.length);

for (const { name, contents, options } of cases) {
	test(`overwriting the input buffer changes no answer: ${name}`, () => {
		// The reference is asked its records and diagnostics before any
		// query writes the buffer.
		const ref = robotsParser(url, contents, options);
		const refRecords = { sitemaps: ref.getSitemaps(), host: ref.getPreferredHost(), diagnostics: ref.diagnostics() };
		const want = { ...answers(ref), ...refRecords };
		ref.free();

		const robots = robotsParser(url, contents, options);
		overwrite(size(contents) + 1);
		assert.deepEqual(answers(robots), want);
		robots.free();
	});
}

test('the reference answers read the file (a check of the cases above)', () => {
	const robots = robotsParser(url, records);
	overwrite(size(records) + 1);
	assert.deepEqual(robots.decide(page('/private/a.pdf'), 'FooBot'), {
		allowed: false,
		rule: { allow: false, pattern: '/private/*.pdf$', line: 3 },
	});
	assert.deepEqual(robots.decide(page('/tmp/~user/x'), 'OtherBot'), {
		allowed: false,
		rule: { allow: false, pattern: '/tmp/%7Euser/', line: 13 },
	});
	assert.equal(robots.getCrawlDelay('FooBot'), 7.5);
	assert.deepEqual(robots.getSitemaps(), ['https://example.com/sitemap-one.xml', 'https://example.com/sitemap-two.xml']);
	assert.equal(robots.getPreferredHost(), 'mirror.example.com');
	const codes = robots.diagnostics().map((d) => d.code);
	assert.ok(codes.length >= 2, `diagnostics ${JSON.stringify(codes)}, want the unknown key and the typo`);
	robots.free();
});
