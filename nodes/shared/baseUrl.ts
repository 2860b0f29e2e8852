// How a credential's server address becomes a base URL: one list of clean-ups, applied both by an
// n8n expression (request defaults, credential tests) and by code (requests outside routing).

export interface BaseUrlRule {
	/** The rule as an n8n expression over `$credentials.<parameter>` (empty without a credential). */
	expression: string;
	/** The rule applied to a value. */
	apply(raw: unknown): string;
}

export function baseUrlRule(parameter: string, cleanups: RegExp[]): BaseUrlRule {
	const replaces = cleanups.map((pattern) => `.replace(${String(pattern)}, "")`).join('');
	return {
		// No credential (an operation that needs none) gives an empty base URL, not an expression error.
		expression: `={{ String(($credentials || {}).${parameter} || "").trim()${replaces} }}`,
		apply: (raw) => cleanups.reduce((url, pattern) => url.replace(pattern, ''), String(raw ?? '').trim()),
	};
}
