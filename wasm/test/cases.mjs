// The conformance records of ../../testdata/conformance (described in
// ../../testdata/README.md), read for the tests and the comparison.

import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';

const dir = new URL('../../testdata/conformance/', import.meta.url);

function readJSON(name) {
	return JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
}

// generate joins the parts of a robots_gen or url_gen field, each a text
// or count repetitions of repeat, and checks the result's length and
// SHA-256 against the record's.
function generate(gen, id) {
	const s = gen.parts.map((p) => p.text ?? p.repeat.repeat(p.count)).join('');
	const b = Buffer.from(s, 'utf8');
	if (b.length !== gen.length || createHash('sha256').update(b).digest('hex') !== gen.sha256) {
		throw new Error(`${id}: the generated text does not have the record's length and SHA-256`);
	}
	return s;
}

/**
 * The records of google_match.json: {id, contents (a string, or a Buffer
 * for robots_hex), url, agents, allowed, line (0: none)}.
 */
export function googleCases() {
	return readJSON('google_match.json').map((r) => ({
		id: r.id,
		contents:
			r.robots_hex !== undefined
				? Buffer.from(r.robots_hex, 'hex')
				: r.robots_gen
					? generate(r.robots_gen, r.id)
					: r.robots,
		url: r.url_gen ? generate(r.url_gen, r.id) : r.url,
		agents: r.agents,
		allowed: r.allowed,
		line: r.line,
	}));
}

/** RFC mode's answers where they are not Google's: a Map from id to allowed. */
export function rfcDifferences() {
	return new Map(readJSON('rfc_differences.json').map((d) => [d.id, d.allowed]));
}

/**
 * The robots.txt URL that covers url: its origin's, or a relative one for
 * a URL that is not absolute ("", "foo.bar/a"), which then covers it the
 * way robots-parser reads relative URLs.
 */
export function robotsURL(url) {
	try {
		return new URL('/robots.txt', url).href;
	} catch {
		return '/robots.txt';
	}
}
