// The package in a browser, as an application bundles it: test/browser/
// page.mjs bundled by esbuild (--bundle --platform=browser), webpack 5 and
// Vite, each with no configuration, served on loopback and opened in
// headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core;
// .ci/run installs it), where each page must answer.

import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';

const here = new URL('..', import.meta.url).pathname;
const bin = (name) => join(here, 'node_modules', '.bin', name);
const want = { allowed: false, line: 2, other: true };

// The bundles are made in a directory inside the package, so that the
// page's import of the package's name resolves to the package itself.
let dir;
const servers = [];
let browser;

// serve serves the files of root on loopback, each bundle at the root of
// a site of its own as it is deployed, and returns the site's URL.
async function serve(root) {
	const server = http.createServer((req, res) => {
		const path = normalize(join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
		let body;
		try {
			body = readFileSync(path.endsWith('/') ? join(path, 'index.html') : path);
		} catch {
			res.writeHead(404);
			res.end();
			return;
		}
		res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? 'application/octet-stream' });
		res.end(body);
	});
	servers.push(server);
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return `http://127.0.0.1:${server.address().port}/`;
}

const types = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

before(async () => {
	dir = mkdtempSync(join(here, '.browser-'));
	copyFileSync(join(here, 'test', 'browser', 'page.mjs'), join(dir, 'page.mjs'));
	const run = (cmd, args) => execFileSync(bin(cmd), args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
	// esbuild bundles the code only: the module is deployed beside the
	// script, where the package looks for it.
	run('esbuild', ['page.mjs', '--bundle', '--platform=browser', '--log-level=error', '--outfile=esbuild/app.js']);
	copyFileSync(join(here, 'robotstxt.wasm'), join(dir, 'esbuild', 'robotstxt.wasm'));
	writeFileSync(join(dir, 'esbuild', 'index.html'), '<!doctype html><script src="app.js"></script>\n');
	run('webpack', ['./page.mjs', '--mode', 'production', '-o', 'webpack']);
	writeFileSync(join(dir, 'webpack', 'index.html'), '<!doctype html><script src="main.js"></script>\n');
	writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./page.mjs"></script>\n');
	run('vite', ['build', '.', '--outDir', 'vite', '--logLevel', 'error']);

	browser = await chromium.launch({
		executablePath: '/usr/bin/chromium',
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
	});
});

after(async () => {
	await browser?.close();
	for (const server of servers) {
		server.close();
	}
	if (dir) {
		rmSync(dir, { recursive: true, force: true });
	}
});

for (const bundler of ['esbuild', 'webpack', 'vite']) {
	test(`a page bundled by ${bundler} answers in Chromium`, async () => {
		const context = await browser.newContext();
		try {
			const page = await context.newPage();
			const errors = [];
			page.on('pageerror', (err) => errors.push(String(err)));
			await page.goto(await serve(join(dir, bundler)));
			await page.waitForFunction(() => globalThis.answer !== undefined, null, { timeout: 15000 });
			assert.deepEqual(await page.evaluate(() => globalThis.answer), want);
			assert.deepEqual(errors, []);
		} finally {
			await context.close();
		}
	});
}
