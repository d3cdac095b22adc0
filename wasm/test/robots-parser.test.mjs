// robots-parser's documented behaviours through the shared interface: the
// example of its README and the cases of its test suite (test/Robots.js of
// robots-parser 3.0.1), each asked of robots-parser itself, so that a row
// cannot misstate it, and of this package in its default (RFC) mode.
// Where this package answers otherwise, the row says what it answers and
// why; README.md lists the same differences.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import theirs from 'robots-parser';
import ours, { ready } from '@rfc9309/robotstxt';

await ready;

const origin = 'http://www.example.com';
const robotsTxt = `${origin}/robots.txt`;

// allows and disallows turn robots-parser's lists of allowed and
// disallowed URLs into checks, with its own choice of methods.
const allows = (...urls) => urls.map((u) => ({ call: ['isAllowed', u], want: true }));
const disallows = (...urls) => urls.map((u) => ({ call: ['isDisallowed', u], want: true }));
const page = (path) => `${origin}${path}`;

// robots-parser ends a run of user-agent lines at any other line; RFC 9309
// section 2.2.1 and Google's parser start a new group only at a
// user-agent line that follows a rule, so a Crawl-delay line between two
// user-agent lines leaves them one group.
const oneGroup = 'a Crawl-delay line does not end a group (RFC 9309 section 2.2.1), so the next user-agent line joins it';
const oneGroupLongest = `${oneGroup}, and a group with two delays keeps the longer`;

// The file of two of robots-parser's tests of Crawl-delay, where this
// package sees one group of four names and robots-parser three groups,
// and the check of a name that robots-parser gives the delay want.
const delays = ['user-agent: *', 'crawl-delay: 1', 'user-agent: b', 'crawl-delay: 12', 'user-agent: c', 'user-agent: d', 'crawl-delay: 10'];
const longestDelay = (ua, want) => ({ call: ['getCrawlDelay', ua], want, ours: 12, why: oneGroupLongest });

// Each row: a robots.txt URL, its lines and the checks on them. A check
// calls a method with arguments and wants robots-parser's answer, or
// `ours` where this package differs, for the reason `why`.
const rows = [
	{
		name: 'README: usage',
		url: robotsTxt,
		lines: [
			'User-agent: *',
			'Disallow: /dir/',
			'Disallow: /test.html',
			'Allow: /dir/test.html',
			'Allow: /test.html',
			'Crawl-delay: 1',
			'Sitemap: http://example.com/sitemap.xml',
			'Host: example.com',
		],
		checks: [
			{ call: ['isAllowed', page('/test.html'), 'Sams-Bot/1.0'], want: true },
			{ call: ['isAllowed', page('/dir/test.html'), 'Sams-Bot/1.0'], want: true },
			{ call: ['isDisallowed', page('/dir/test2.html'), 'Sams-Bot/1.0'], want: true },
			{ call: ['getCrawlDelay', 'Sams-Bot/1.0'], want: 1 },
			{ call: ['getSitemaps'], want: ['http://example.com/sitemap.xml'] },
			{ call: ['getPreferredHost'], want: 'example.com' },
		],
	},
	{
		name: 'README: relative URLs need a relative robots.txt URL',
		url: '/robots.txt',
		lines: ['User-agent: *', 'Disallow: /dir/', 'Disallow: /test.html', 'Allow: /dir/test.html', 'Allow: /test.html'],
		checks: [
			{ call: ['isAllowed', '/test.html', 'Sams-Bot/1.0'], want: true },
			{ call: ['isAllowed', '/dir/test.html', 'Sams-Bot/1.0'], want: true },
			{ call: ['isDisallowed', '/dir/test2.html', 'Sams-Bot/1.0'], want: true },
		],
	},
	{
		name: 'README: undefined for a URL of another origin; isDisallowed true, no line',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /'],
		checks: [
			{ call: ['isAllowed', 'http://www.example.net/'], want: undefined },
			// robots-parser's README documents undefined; its code answers
			// !undefined, and a crawler that skips what isDisallowed says
			// relies on it.
			{ call: ['isDisallowed', 'http://www.example.net/'], want: true },
			{ call: ['getMatchingLineNumber', 'http://www.example.net/'], want: -1 },
		],
	},
	{
		name: 'should parse the disallow directive',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
		checks: [
			...allows(page('/fish'), page('/Test.html')),
			...disallows(page('/fish/index.php'), page('/fish/'), page('/test.html')),
		],
	},
	{
		name: 'should parse the allow directive',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html', 'Allow: /fish/test.html', 'Allow: /test.html'],
		checks: [
			...allows(page('/fish'), page('/fish/test.html'), page('/Test.html'), page('/test.html')),
			...disallows(page('/fish/index.php'), page('/fish/')),
		],
	},
	{
		name: 'should parse patterns',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /fish*.php', 'Disallow: /*.dext$', 'Disallow: /dir*'],
		checks: [
			...allows(page('/Fish.PHP'), page('/Fish.dext1'), page('/folder/dir.html'), page('/folder/dir/test.html')),
			...disallows(
				page('/fish.php'),
				page('/fishheads/catfish.php?parameters'),
				page('/AnYthInG.dext'),
				page('/Fish.dext.dext'),
				page('/dir/test.html'),
				page('/directory.html'),
			),
		],
	},
	{
		name: 'should have the correct order precedence for allow and disallow',
		url: robotsTxt,
		lines: [
			'User-agent: *',
			'Disallow: /fish*.php',
			'Allow: /fish/index.php',
			'Disallow: /test',
			'Allow: /test/',
			'Disallow: /aa/',
			'Allow: /aa/',
			'Allow: /bb/',
			'Disallow: /bb/',
		],
		checks: [
			...allows(page('/test/index.html'), page('/fish/index.php'), page('/test/'), page('/aa/'), page('/bb/'), page('/x/')),
			...disallows(page('/fish.php'), page('/fishheads/catfish.php?parameters'), page('/test')),
		],
	},
	{
		name: 'should have the correct order precedence for wildcards',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /*/', 'Allow: /x/'],
		checks: [
			...allows(page('/x/'), page('/fish.php'), page('/test')),
			...disallows(page('/a/'), page('/xx/'), page('/test/index.html')),
		],
	},
	...[
		['\\r', ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'].join('\r')],
		['\\r\\n', ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'].join('\r\n')],
		['mixed line endings', 'User-agent: *\rDisallow: /fish/\r\nDisallow: /test.html\n\n'],
	].map(([ends, text]) => ({
		name: `should parse lines delimitated by ${ends}`,
		url: robotsTxt,
		text,
		checks: [
			...allows(page('/fish'), page('/Test.html')),
			...disallows(page('/fish/index.php'), page('/fish/'), page('/test.html')),
		],
	})),
	{
		name: 'should ignore rules that are not in a group',
		url: robotsTxt,
		lines: ['Disallow: /secret.html', 'Disallow: /test'],
		checks: allows(page('/secret.html'), page('/test/index.html'), page('/test/')),
	},
	{
		name: 'should ignore comments',
		url: robotsTxt,
		lines: [
			'#',
			'# This is a comment',
			'#',
			'User-agent: *',
			'# This is a comment',
			'Disallow: /fish/ # ignore',
			'# Disallow: fish',
			'Disallow: /test.html',
		],
		checks: [
			...allows(page('/fish'), page('/Test.html')),
			...disallows(page('/fish/index.php'), page('/fish/'), page('/test.html')),
		],
	},
	{
		name: 'should ignore invalid lines',
		url: robotsTxt,
		lines: ['invalid line', 'User-agent: *', 'Disallow: /fish/', ':::::another invalid line:::::', 'Disallow: /test.html', 'Unknown: tule'],
		checks: [
			...allows(page('/fish'), page('/Test.html')),
			...disallows(page('/fish/index.php'), page('/fish/'), page('/test.html')),
		],
	},
	{
		name: 'should ignore empty user-agent lines',
		url: robotsTxt,
		lines: ['User-agent:', 'Disallow: /fish/', 'Disallow: /test.html'],
		checks: allows(page('/fish'), page('/Test.html'), page('/fish/index.php'), page('/fish/'), page('/test.html')),
	},
	{
		name: 'should support groups with multiple user agents (case insensitive)',
		url: robotsTxt,
		lines: ['User-agent: agenta', 'User-agent: agentb', 'Disallow: /fish'],
		checks: [{ call: ['isAllowed', page('/fish'), 'agenta'], want: false }],
	},
	{
		name: 'should return undefined for invalid urls',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'],
		checks: [
			'http://example.com/secret.html',
			'http://ex ample.com/secret.html',
			'http://www.example.net/test/index.html',
			'http://www.examsple.com/test/',
			'example.com/test/',
			':::::;;`\\|/.example.com/test/',
		].map((u) => ({ call: ['isAllowed', u], want: undefined })),
	},
	...['http://www.münich.com', 'http://www.xn--mnich-kva.com', 'http://www.m%C3%BCnich.com'].map((host) => ({
		name: `should handle Unicode, urlencoded and punycode URLs (${host})`,
		url: `${host}/robots.txt`,
		lines: ['User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'],
		checks: [
			...allows('http://www.münich.com/index.html', 'http://www.xn--mnich-kva.com/index.html', 'http://www.m%C3%BCnich.com/index.html'),
			...disallows('http://www.münich.com/secret.html', 'http://www.xn--mnich-kva.com/secret.html', 'http://www.m%C3%BCnich.com/secret.html'),
		],
	})),
	{
		name: 'should handle Unicode and urlencoded paths',
		url: robotsTxt,
		lines: [
			'User-agent: *',
			'Disallow: /%CF%80',
			'Disallow: /%e2%9d%83',
			'Disallow: /%a%a',
			'Disallow: /💩',
			'Disallow: /✼*t$',
			'Disallow: /%E2%9C%A4*t$',
			'Disallow: /✿%a',
			'Disallow: /http%3A%2F%2Fexample.org',
		],
		checks: [
			...allows(
				page('/✼testing'),
				page('/%E2%9C%BCtesting'),
				page('/✤testing'),
				page('/%E2%9C%A4testing'),
				page('/http://example.org'),
				page('/http:%2F%2Fexample.org'),
			),
			...disallows(
				page('/%CF%80'),
				page('/%CF%80/index.html'),
				page('/π'),
				page('/π/index.html'),
				page('/%e2%9d%83'),
				page('/%E2%9D%83/index.html'),
				page('/❃'),
				page('/❃/index.html'),
				page('/%F0%9F%92%A9'),
				page('/%F0%9F%92%A9/index.html'),
				page('/💩'),
				page('/💩/index.html'),
				page('/%a%a'),
				page('/%a%a/index.html'),
				page('/✼test'),
				page('/%E2%9C%BCtest'),
				page('/✤test'),
				page('/%E2%9C%A4testt'),
				page('/✿%a'),
				page('/%E2%9C%BF%atest'),
				page('/http%3A%2F%2Fexample.org'),
			),
		],
	},
	{
		name: 'should handle lone high / low surrogates',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /\uD800', 'Disallow: /\uDC00'],
		checks: [page('/\uDC00'), page('/\uD800')].map((u) => ({
			call: ['isAllowed', u],
			want: true,
			ours: false,
			why: 'a lone surrogate cannot be UTF-8; it reaches Go as U+FFFD, in the rule and the URL alike, and they match',
		})),
	},
	{
		name: 'should ignore host case',
		url: 'http://www.eXample.com/robots.txt',
		lines: ['User-agent: *', 'Disallow: /secret.html', 'Disallow: /test'],
		checks: [
			...allows(page('/index.html'), 'http://www.ExAmPlE.com/index.html', 'http://www.EXAMPLE.com/index.html'),
			...disallows(page('/secret.html'), 'http://www.ExAmPlE.com/secret.html', 'http://www.EXAMPLE.com/secret.html'),
		],
	},
	{
		name: 'should handle relative paths',
		url: '/robots.txt',
		lines: ['User-agent: *', 'Disallow: /fish', 'Allow: /fish/test'],
		checks: [
			{ call: ['isAllowed', '/fish/test'], want: true },
			{ call: ['isAllowed', '/fish'], want: false },
		],
	},
	{
		name: 'should not allow relative paths if domain specified',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /fish', 'Allow: /fish/test'],
		checks: [
			{ call: ['isAllowed', '/fish/test'], want: undefined },
			{ call: ['isAllowed', '/fish'], want: undefined },
		],
	},
	{
		name: 'should not allow URls if domain specified and robots.txt is relative',
		url: '/robots.txt',
		lines: ['User-agent: *', 'Disallow: /fish', 'Allow: /fish/test'],
		checks: [
			{ call: ['isAllowed', page('/fish/test')], want: undefined },
			{ call: ['isAllowed', page('/fish')], want: undefined },
		],
	},
	{
		name: 'should allow all if empty robots.txt',
		url: robotsTxt,
		text: '',
		checks: allows(page('/secret.html'), page('/test/index.html'), page('/test/')),
	},
	{
		name: 'should treat null as allowing all',
		url: robotsTxt,
		text: null,
		checks: [
			{ call: ['isAllowed', page('/'), 'userAgent'], want: true },
			{ call: ['isAllowed', page('/')], want: true },
		],
	},
	...['null', ':/wom/test/'].map((url) => ({
		name: `should handle invalid robots.txt urls (${url})`,
		url,
		lines: ['user-agent: *', 'disallow: /', 'host: www.example.com', 'sitemap: /sitemap.xml'],
		checks: [
			{ call: ['isAllowed', page('/index.html')], want: undefined },
			{ call: ['getPreferredHost'], want: 'www.example.com' },
			{
				call: ['getSitemaps'],
				want: ['/sitemap.xml'],
				ours: [],
				why: 'a Sitemap line must give an absolute URL (RFC 9309 section 2.3.5.1 and sitemaps.org); a relative one is a diagnostic',
			},
		],
	})),
	{
		name: 'should parse the crawl-delay directive',
		url: robotsTxt,
		lines: ['user-agent: a', 'crawl-delay: 1', 'user-agent: b', 'disallow: /d', 'user-agent: c', 'user-agent: d', 'crawl-delay: 10'],
		checks: [
			{ call: ['getCrawlDelay', 'a'], want: 1 },
			{ call: ['getCrawlDelay', 'b'], want: undefined, ours: 1, why: oneGroup },
			{ call: ['getCrawlDelay', 'c'], want: 10 },
			{ call: ['getCrawlDelay', 'd'], want: 10 },
			{ call: ['getCrawlDelay'], want: undefined },
		],
	},
	{
		name: 'should ignore invalid crawl-delay directives',
		url: robotsTxt,
		lines: ['user-agent: a', 'crawl-delay: 1.2.1', 'user-agent: b', 'crawl-delay: 1.a0', 'user-agent: c', 'user-agent: d', 'crawl-delay: 10a'],
		checks: ['a', 'b', 'c', 'd'].map((ua) => ({ call: ['getCrawlDelay', ua], want: undefined })),
	},
	{
		name: 'should parse the sitemap directive',
		url: robotsTxt,
		lines: [
			'user-agent: a',
			'crawl-delay: 1',
			'sitemap: http://example.com/test.xml',
			'user-agent: b',
			'disallow: /d',
			'sitemap: /sitemap.xml',
			'sitemap:     http://example.com/test/sitemap.xml     ',
		],
		checks: [
			{
				call: ['getSitemaps'],
				want: ['http://example.com/test.xml', '/sitemap.xml', 'http://example.com/test/sitemap.xml'],
				ours: ['http://example.com/test.xml', 'http://example.com/test/sitemap.xml'],
				why: 'a Sitemap line must give an absolute URL; a relative one is a diagnostic',
			},
		],
	},
	{
		name: 'should parse the host directive',
		url: robotsTxt,
		lines: ['user-agent: a', 'crawl-delay: 1', 'host: www.example.net', 'user-agent: b', 'disallow: /d', 'host: example.com'],
		checks: [
			{
				call: ['getPreferredHost'],
				want: 'example.com',
				ours: 'www.example.net',
				why: 'Yandex, whose record Host is, takes the first one; later ones are a diagnostic',
			},
		],
	},
	{
		name: 'should parse empty and invalid directives',
		url: robotsTxt,
		lines: [
			'user-agent:',
			'user-agent:::: a::',
			'crawl-delay:',
			'crawl-delay:::: 0:',
			'host:',
			'host:: example.com',
			'sitemap:',
			'sitemap:: site:map.xml',
			'disallow:',
			'disallow::: /:',
			'allow:',
			'allow::: /:',
		],
		checks: [],
	},
	{
		name: 'should treat only the last host directive as valid',
		url: robotsTxt,
		lines: ['user-agent: a', 'crawl-delay: 1', 'host: www.example.net', 'user-agent: b', 'disallow: /d', 'host: example.net', 'host: example.com'],
		checks: [
			{
				call: ['getPreferredHost'],
				want: 'example.com',
				ours: 'www.example.net',
				why: 'Yandex, whose record Host is, takes the first one; later ones are a diagnostic',
			},
		],
	},
	{
		name: 'should return null when there is no host directive',
		url: robotsTxt,
		lines: ['user-agent: a', 'crawl-delay: 1', 'user-agent: b', 'disallow: /d'],
		checks: [{ call: ['getPreferredHost'], want: null }],
	},
	{
		name: 'should fallback to * when a UA has no rules of its own',
		url: robotsTxt,
		lines: delays,
		checks: [
			longestDelay('should-fall-back', 1),
			longestDelay('d', 10),
			longestDelay('dd', 1),
		],
	},
	{
		name: 'should not fallback to * when a UA has rules',
		url: robotsTxt,
		lines: ['user-agent: *', 'crawl-delay: 1', 'user-agent: b', 'disallow:'],
		checks: [{ call: ['getCrawlDelay', 'b'], want: undefined, ours: 1, why: oneGroup }],
	},
	{
		name: 'should handle UAs with object property names',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /fish'],
		checks: [
			{ call: ['isAllowed', page('/fish'), 'constructor'], want: false },
			{ call: ['isAllowed', page('/fish'), '__proto__'], want: false },
		],
	},
	{
		name: 'should ignore version numbers in the UA string',
		url: robotsTxt,
		lines: delays,
		checks: [
			longestDelay('should-fall-back/1.0.0', 1),
			longestDelay('d/12', 10),
			longestDelay('dd / 0-32-3', 1),
			{ call: ['getCrawlDelay', 'b / 1.0'], want: 12 },
		],
	},
	{
		name: 'should return the line number of the matching directive',
		url: robotsTxt,
		lines: [
			'',
			'User-agent: *',
			'',
			'Disallow: /fish/',
			'Disallow: /test.html',
			'Allow: /fish/test.html',
			'Allow: /test.html',
			'',
			'User-agent: a',
			'allow: /',
			'',
			'User-agent: b',
			'disallow: /test',
			'disallow: /t*t',
			'',
			'User-agent: c',
			'Disallow: /fish*.php',
			'Allow: /fish/index.php',
		],
		checks: [
			[page('/fish'), undefined, -1],
			[page('/fish/test.html'), undefined, 6],
			[page('/Test.html'), undefined, -1],
			[page('/fish/index.php'), undefined, 4],
			[page('/fish/'), undefined, 4],
			[page('/test.html'), undefined, 7],
			[page('/test.html'), 'a', 10],
			[page('/fish.php'), 'c', 17],
			[page('/fish/index.php'), 'c', 18],
		].map(([u, ua, want]) => ({ call: ['getMatchingLineNumber', u, ua], want })),
	},
	{
		name: 'should handle large wildcards efficiently',
		url: 'http://www.eXample.com/robots.txt',
		lines: ['User-agent: *', `Disallow: /${'*'.repeat(2048)}.html`],
		checks: [...allows(page(`/${'sub'.repeat(2048)}folder/index.php`)), ...disallows(page('/secret.html'))],
	},
	{
		name: 'should honor given port number',
		url: 'http://www.example.com:8080/robots.txt',
		lines: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
		checks: [
			...allows('http://www.example.com:8080/fish', 'http://www.example.com:8080/Test.html'),
			// robots-parser's own test lists these as disallowed: isDisallowed
			// is true for a URL the file does not cover.
			...disallows('http://www.example.com/fish', 'http://www.example.com/Test.html', 'http://www.example.com:80/fish', 'http://www.example.com:80/Test.html'),
		],
	},
	{
		name: 'should default to port 80 for http: if no port given',
		url: robotsTxt,
		lines: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
		checks: [
			...allows('http://www.example.com:80/fish', 'http://www.example.com:80/Test.html'),
			...disallows('http://www.example.com:80/fish/index.php', 'http://www.example.com:80/fish/', 'http://www.example.com:80/test.html'),
			...disallows('http://www.example.com:443/fish', 'http://www.example.com:443/Test.html'),
		],
	},
	{
		name: 'should default to port 443 for https: if no port given',
		url: 'https://www.example.com/robots.txt',
		lines: ['User-agent: *', 'Disallow: /fish/', 'Disallow: /test.html'],
		checks: [
			...allows('https://www.example.com:443/fish', 'https://www.example.com:443/Test.html', 'https://www.example.com/fish', 'https://www.example.com/Test.html'),
			...disallows(
				'http://www.example.com:80/fish',
				'http://www.example.com:80/Test.html',
				'http://www.example.com:443/fish/index.php',
				'http://www.example.com:443/fish/',
				'http://www.example.com:443/test.html',
			),
		],
	},
];

for (const row of rows) {
	test(row.name, () => {
		const contents = row.text !== undefined ? row.text : row.lines.join('\n');
		const rp = theirs(row.url, contents);
		const robots = ours(row.url, contents);
		try {
			for (const { call, want, ours: differs, why } of row.checks) {
				const [method, ...args] = call;
				const what = `${method}(${args.map((a) => JSON.stringify(a)).join(', ')})`;
				assert.deepEqual(rp[method](...args), want, `robots-parser: ${what}`);
				const mine = why === undefined ? want : differs;
				assert.deepEqual(robots[method](...args), mine, `${what}${why ? ` (robots-parser: ${JSON.stringify(want)}; ${why})` : ''}`);
			}
		} finally {
			robots.free();
		}
	});
}

// shape names an answer's type, telling null apart from objects.
const shape = (v) => (v === null ? 'null' : typeof v);

test('robots.txt URLs and query URLs of any type get robots-parser\'s answers', () => {
	const contents = 'User-agent: *\nDisallow: /fish\nDisallow: /undefined\n';
	const robotsURLs = [
		undefined,
		null,
		robotsTxt,
		new URL(robotsTxt),
		'/robots.txt',
		'https://ex ample.com/robots.txt',
		'http://[::1/robots.txt',
		42,
		{ toString: () => robotsTxt },
		Symbol('robots'),
	];
	const queries = [
		undefined,
		null,
		page('/fish'),
		new URL(page('/fish')),
		new URL('http://www.example.net/fish'),
		'/fish',
		'/undefined',
		'http://www.example.net/',
		'https://ex ample.com/fish',
		Symbol('url'),
	];
	let compared = 0;
	for (const url of robotsURLs) {
		const rp = theirs(url, contents);
		const robots = ours(url, contents);
		for (const q of queries) {
			for (const method of ['isAllowed', 'isDisallowed', 'getMatchingLineNumber']) {
				const what = `robotsParser(${String(url)}).${method}(${String(q)})`;
				let want;
				try {
					want = rp[method](q);
				} catch {
					// robots-parser throws (a query that does not parse, of a
					// robots.txt URL that does not either): this package may
					// answer as it likes, but must answer.
					assert.ok(['boolean', 'number', 'undefined'].includes(shape(robots[method](q))), what);
					continue;
				}
				assert.deepEqual(robots[method](q), want, what);
				compared++;
			}
		}
		robots.free();
	}
	assert.ok(compared > 200, `${compared} answers compared`);
});

test('a URL is of the file\'s origin exactly when robots-parser says so', () => {
	const contents = 'User-agent: *\nDisallow: /x\n';
	const urls = [
		'https://example.com',
		'https://example.com/',
		'https://example.com?q',
		'https://example.com#f',
		'https://example.com:443/x',
		'https://example.com:8443/x',
		'https://example.com./x',
		'https://example.com.evil.org/x',
		'https://example.comx/',
		'https://example.com@evil.org/x',
		'https://user@example.com/x',
		'https://example.com\\x',
		'https://exam\tple.com/x',
		' https://example.com/x',
		'HTTPS://EXAMPLE.COM/x',
		'http://example.com/x',
		'https://xn--mnich-kva.com/x',
		'https://example.com:8443',
		'https://example.com:65535/x',
		'http://example.com:80/x',
		'http://example.com:8080/x',
		'https://www.example.com/x',
		'http://1.2.3.4/x',
		'https://a-.b-c/x',
		'//example.com/x',
		'/x',
		'',
	];
	const robotsTxts = [
		'https://example.com/robots.txt',
		'https://EXAMPLE.com:443/robots.txt',
		'https://münich.com/robots.txt',
		'/robots.txt',
		'ftp://example.com/robots.txt',
		// Read without a URL object (core.mjs, plainOrigin), or not.
		'https://example.com:443/robots.txt',
		'https://example.com:8443/robots.txt',
		'https://example.com:65535/robots.txt',
		'https://example.com',
		'https://example.com?robots',
		'https://example.com#robots',
		'https://example.com./robots.txt',
		'http://example.com:80/robots.txt',
		'http://example.com:0080/robots.txt',
		'http://example.com:8080/robots.txt',
		'https://www.example.com/robots.txt',
		'http://1.2.3.4/robots.txt',
		'http://01.2.3.4/robots.txt',
		'https://xn--mnich-kva.com/robots.txt',
		'https://a-.b-c/robots.txt',
		'https://example.com\\robots.txt',
		'https://example.com/robots.txt ',
	];
	for (const robotsTxt of robotsTxts) {
		const rp = theirs(robotsTxt, contents);
		const robots = ours(robotsTxt, contents);
		for (const u of urls) {
			assert.equal(robots.isAllowed(u) === undefined, rp.isAllowed(u) === undefined, `robots.txt ${robotsTxt}, URL ${JSON.stringify(u)}`);
		}
		robots.free();
	}
});
