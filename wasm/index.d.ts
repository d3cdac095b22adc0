/** A user agent, or every name a crawler answers to. */
export type UserAgent = string | readonly string[];

/**
 * A URL: a string, or a URL object (read as its href). robots-parser
 * reads any value as its text, as URL does: so does this package.
 */
export type URLInput = string | { readonly href: string; toString(): string };

export interface Options {
	/** "rfc" (the default): RFC 9309; "google": the answers of Google's library. */
	mode?: 'rfc' | 'google';
	/** How much of the file is read: 0 (the default) is 500 KiB, negative is all of it. */
	maxBytes?: number;
}

export interface Rule {
	allow: boolean;
	/** The path pattern as written in the file. */
	pattern: string;
	/** 1-based line number. */
	line: number;
}

export interface Decision {
	allowed: boolean;
	/** The rule that decided, or null when none matched. */
	rule: Rule | null;
}

export interface Diagnostic {
	line: number;
	severity: 'info' | 'warning' | 'error';
	/** A stable identifier, such as "key-typo". */
	code: string;
	message: string;
}

export interface Robot {
	/** Whether ua may fetch url; undefined for a URL of another origin. */
	isAllowed(url: URLInput, ua?: UserAgent): boolean | undefined;
	/** The opposite of isAllowed; true for a URL of another origin, as in robots-parser. */
	isDisallowed(url: URLInput, ua?: UserAgent): boolean;
	/** The deciding rule's 1-based line; -1 when none matched or for another origin. */
	getMatchingLineNumber(url: URLInput, ua?: UserAgent): number;
	getCrawlDelay(ua?: UserAgent): number | undefined;
	getSitemaps(): string[];
	getPreferredHost(): string | null;
	/** The verdict and the deciding rule; undefined for a URL of another origin. */
	decide(url: URLInput, ua?: UserAgent): Decision | undefined;
	diagnostics(): Diagnostic[];
	free(): void;
}

/** robots-parser's function. */
export interface RobotsParser {
	(url: URLInput | null | undefined, contents: string | Uint8Array | null | undefined, options?: Options): Robot;
}

/**
 * Parses contents, the robots.txt file served at url. It is also its own
 * property `default`, which is how robots-parser's types give its function
 * to an ES module under moduleResolution nodenext.
 */
declare const robotsParser: RobotsParser & { readonly default: RobotsParser };
export default robotsParser;
export { robotsParser };
/** In browsers, resolves once the module is compiled; robotsParser throws before. In Node.js, resolved already. */
export const ready: Promise<void>;
export interface InitOptions {
	/**
	 * Where robotstxt.wasm is: a URL (a string or a URL object), a
	 * Response or a promise of one, the module's bytes (an ArrayBuffer or a
	 * view of one), or a compiled WebAssembly.Module. Typed as any object,
	 * so that the types need neither the DOM's nor Node.js's.
	 */
	wasm?: string | object;
}
/**
 * In browsers, says where to load robotstxt.wasm from, in the task that
 * imports the package, and returns ready; in Node.js, the package reads
 * it from its own directory, and this resolves at once.
 */
export function init(options?: InitOptions): Promise<void>;
/** The number of parsed files the Go side holds, for tests. */
export function liveHandles(): number;
/** The number of files parsed since the module loaded, for tests. */
export function parseCount(): number;
