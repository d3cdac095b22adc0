// The browser entry told by init where to fetch the module from: the URL
// in the query of this module's own URL, for test/browser-entry.test.mjs.
import robotsParser, { init, ready } from '../../index.mjs?url';

export const initialised = init({ wasm: new URL(import.meta.url).searchParams.get('wasm') });
export { robotsParser, ready };
