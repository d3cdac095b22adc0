// The shipped types accept what robots-parser's accept: test/types/'s
// programs, written against robots-parser's index.d.ts, compile with
// tsc --strict against it, and, with their import changed, against this
// package's index.d.ts (import) and index.d.cts (require). And the types
// of what this package adds are checked the same way.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('..', import.meta.url).pathname;
const tsc = join(here, 'node_modules', '.bin', 'tsc');

// The settings programs are compiled with: a project for bundlers, and
// Node.js's own module resolution, of ES modules and CommonJS, with the
// DOM's types and without.
const settings = {
	bundler: { module: 'esnext', moduleResolution: 'bundler' },
	nodenext: { module: 'nodenext', moduleResolution: 'nodenext', esModuleInterop: true },
	// Without the DOM's types: the package's own must not need them.
	'nodenext, lib es2022 only': { module: 'nodenext', moduleResolution: 'nodenext', esModuleInterop: true, lib: ['es2022'] },
};

// compile writes files into a directory of its own inside the package,
// so that the package's name resolves to itself, and runs tsc --strict on
// them with the settings named; it returns tsc's output, empty when they
// compile.
function compile(files, setting) {
	const dir = mkdtempSync(join(here, '.types-'));
	try {
		for (const [name, text] of Object.entries(files)) {
			writeFileSync(join(dir, name), text);
		}
		const config = {
			compilerOptions: { strict: true, noEmit: true, target: 'es2022', skipLibCheck: false, types: [], ...settings[setting] },
			files: Object.keys(files),
		};
		writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
		try {
			execFileSync(tsc, ['-p', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
			return '';
		} catch (err) {
			return `${err.stdout}${err.stderr}`;
		}
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

const program = (name) => readFileSync(new URL(`types/${name}`, import.meta.url), 'utf8');
const ours = (text) => text.replaceAll("from 'robots-parser'", "from '@rfc9309/robotstxt'");

// Each program compiled against robots-parser's types, so that it is one
// they accept, and against this package's, in one run of tsc each.
const programs = {
	bundler: ['program.ts'],
	nodenext: ['program.mts', 'program.cts'],
	'nodenext, lib es2022 only': ['program.mts', 'program.cts'],
};
for (const [setting, names] of Object.entries(programs)) {
	test(`programs written for robots-parser's types compile against this package's (${setting})`, () => {
		const files = {};
		for (const name of names) {
			const dot = name.lastIndexOf('.');
			files[`theirs-${name}`] = program(name);
			files[`ours-${name.slice(0, dot)}${name.slice(dot)}`] = ours(program(name));
		}
		assert.equal(compile(files, setting), '');
	});
}

test('the types say what this package adds, and refuse what it refuses', () => {
	const good = `import robotsParser, { init, ready, liveHandles, type Decision } from '@rfc9309/robotstxt';
await init({ wasm: '/static/robotstxt.wasm' });
await ready;
const robots = robotsParser(new URL('https://example.com/robots.txt'), new Uint8Array(0), { mode: 'google', maxBytes: -1 });
const d: Decision | undefined = robots.decide(new URL('https://example.com/'), ['a', 'b']);
const n: number = robots.getMatchingLineNumber(new URL('https://example.com/'));
const b: boolean = robots.isDisallowed('https://example.com/');
robotsParser(undefined, null).free();
export const all = [d, n, b, liveHandles()];
const bad = robotsParser('https://example.com/robots.txt', '', {
	// @ts-expect-error: an unknown mode
	mode: 'bing',
});
// @ts-expect-error: the contents must be text or bytes
robotsParser('https://example.com/robots.txt', 42);
export { bad };
`;
	assert.equal(compile({ 'good.mts': good }, 'nodenext'), '');
});
