/** A user agent, or every name a crawler answers to. */
export type UserAgent = string | readonly string[];

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
	isAllowed(url: string, ua?: UserAgent): boolean | undefined;
	isDisallowed(url: string, ua?: UserAgent): boolean | undefined;
	getMatchingLineNumber(url: string, ua?: UserAgent): number | undefined;
	getCrawlDelay(ua?: UserAgent): number | undefined;
	getSitemaps(): string[];
	getPreferredHost(): string | null;
	decide(url: string, ua?: UserAgent): Decision | undefined;
	diagnostics(): Diagnostic[];
	free(): void;
}

export default function robotsParser(url: string, contents: string | Uint8Array | null | undefined, options?: Options): Robot;
export { robotsParser };
/** In browsers, resolves once the module is compiled; robotsParser throws before. In Node.js, resolved already. */
export const ready: Promise<void>;
/** The number of parsed files the Go side holds (at most 512), for tests. */
export function liveHandles(): number;
