// init-url.mjs, in a module of its own, for a URL that fails: the URL
// in the query of this module's own URL, for test/browser-entry.test.mjs.
import robotsParser, { init, ready } from '../../index.mjs?missing';

export const initialised = init({ wasm: new URL(import.meta.url).searchParams.get('wasm') });
export { robotsParser, ready };
