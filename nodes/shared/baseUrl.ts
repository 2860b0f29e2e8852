// How a credential's server address becomes a base URL: one list of clean-ups, applied by code
// where a request is made (the runner reads it once per run, the trigger and editor lists per call).

export interface BaseUrlRule {
	/** The rule applied to a value (empty for no value). */
	apply(raw: unknown): string;
}

export function baseUrlRule(cleanups: RegExp[]): BaseUrlRule {
	return {
		apply: (raw) => cleanups.reduce((url, pattern) => url.replace(pattern, ''), String(raw ?? '').trim()),
	};
}
