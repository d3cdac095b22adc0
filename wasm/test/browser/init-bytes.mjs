// The browser entry given the module's bytes by init, in the task that
// imports it, for test/browser-entry.test.mjs.
import { readFileSync } from 'node:fs';
import robotsParser, { init, ready } from '../../index.mjs?bytes';

export const initialised = init({ wasm: readFileSync(new URL('../../robotstxt.wasm', import.meta.url)) });
export { robotsParser, ready };
