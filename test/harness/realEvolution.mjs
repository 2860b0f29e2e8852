// The real Evolution server's recorded answers, and the fake held to them: the fixed list of
// requests (test/fixtures/evolution-real/requests.json) replayed in order against a server, values
// captured from earlier answers (an instance's token, a bot's id) put into later requests, answers
// masked (ids, tokens, dates, the build's file and line) so that two runs of one release record the
// same, and the shape comparison the fake's test makes. Plain JavaScript, so that
// scripts/realevo/record.mjs (run by Node without a build) and the TypeScript test share it; types in
// realEvolution.d.mts beside this file.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'evolution-real');

/** What a masked value reads in a recording: any string matches it. */
export const MASKED = '<masked>';

/** The request list: `requests` for 2.3.x, `gate` for a 2.4 server without a licence. */
export function loadRequests() {
	return JSON.parse(readFileSync(join(FIXTURES, 'requests.json'), 'utf8'));
}

/**
 * Issue 42's routes (every chatbot's configuration, OpenAI's credentials and models, S3's media) as
 * scenarios, each recorded on a server started with its own environment (`env`, appended to the
 * harness's; the fake gets `integrationsOff`): test/fixtures/evolution-real/chatbots.json.
 */
export function loadChatbotScenarios() {
	return JSON.parse(readFileSync(join(FIXTURES, 'chatbots.json'), 'utf8')).scenarios;
}

/** The recording of one release (`answers.json`, `gate.json` or `chatbots.json` under its folder), or undefined. */
export function loadRecording(release, file = 'answers.json') {
	try {
		return JSON.parse(readFileSync(join(FIXTURES, release, file), 'utf8'));
	} catch (error) {
		if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return undefined;
		throw error;
	}
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CUID = /^c[a-z0-9]{20,32}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;
const DATA_URL = /^data:[\w/+.-]+;base64,/;
/** Keys whose string values differ from run to run whatever they look like. */
const MASKED_KEYS = new Set(['id', 'instanceId', 'hash', 'createdAt', 'updatedAt', 'instance_id', 'botId', 'sessionId', 'openaiCredsId']);
/** A stack frame or error text quoting the build's own file and line. */
const BUILD_PATH = /(?:file:\/\/)?\/[^\s'"()]*\/(?:dist|src|node_modules)\/[^\s'"():]+(?::\d+){1,2}/g;
/** The loopback port the server or the fake happened to listen on. */
const LOOPBACK_PORT = /\b(127\.0\.0\.1|localhost):\d+/g;

/** The body with what changes from run to run replaced by MASKED (strings) or kept (other types). */
export function mask(value, key) {
	if (Array.isArray(value)) return value.map((item) => mask(item));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]));
	}
	if (typeof value !== 'string') return value;
	if ((key !== undefined && MASKED_KEYS.has(key) && value !== '') || UUID.test(value) || CUID.test(value) || ISO_DATE.test(value) || DATA_URL.test(value)) {
		return MASKED;
	}
	return value.replace(BUILD_PATH, '<build file:line>').replace(LOOPBACK_PORT, '$1:<port>');
}

function dig(body, path) {
	return path.split('.').reduce((at, key) => (at === null || at === undefined ? undefined : at[key]), body);
}

function fill(value, captured) {
	if (typeof value === 'string') {
		return value.replace(/\{(\w+)\}/g, (whole, name) => (name in captured ? String(captured[name]) : whole));
	}
	if (Array.isArray(value)) return value.map((item) => fill(item, captured));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, captured)]));
	}
	return value;
}

/**
 * Sends the requests in order to `url` and answers `[{name, method, path, status, body}]`, bodies
 * masked. `keys.global` is the server's key, `keys.wrong` one it does not know.
 */
export async function replay(requests, { url, keys }) {
	const captured = {};
	const answers = [];
	for (const request of requests) {
		const path = fill(request.path, captured);
		const key = request.key === 'global' ? keys.global : request.key === 'wrong' ? keys.wrong : request.key === 'none' ? undefined : fill(request.key, captured);
		const headers = { accept: 'application/json' };
		if (key !== undefined) headers.apikey = key;
		let payload;
		if (request.raw !== undefined) payload = request.raw;
		else if (request.body !== undefined) payload = JSON.stringify(fill(request.body, captured));
		if (payload !== undefined) headers['content-type'] = 'application/json';
		const response = await fetch(`${url}${path}`, { method: request.method, headers, body: payload });
		const text = await response.text();
		let body;
		try {
			body = text === '' ? undefined : JSON.parse(text);
		} catch {
			body = text;
		}
		for (const [name, at] of Object.entries(request.capture ?? {})) {
			const value = dig(body, at);
			if (value !== undefined && value !== null) captured[name] = value;
		}
		// No body at all (Express's res.json(undefined)) is recorded as `empty`, apart from JSON null.
		answers.push({ name: request.name, method: request.method, path: request.path, status: response.status, ...(body === undefined ? { empty: true } : { body: mask(body) }) });
	}
	return answers;
}

function kind(value) {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value;
}

/**
 * Where `actual` does not have the shape of `recorded`: keys and value types, recursively; an array
 * by its elements' shapes (each element of one must have the shape of some element of the other;
 * empty only where the other is empty); MASKED as any string. Answers `["<path>: <what>"]`.
 */
export function shapeDifferences(recorded, actual, path = '$') {
	if (recorded === MASKED) return typeof actual === 'string' ? [] : [`${path}: a string expected, got ${kind(actual)}`];
	if (kind(recorded) !== kind(actual)) return [`${path}: ${kind(recorded)} expected, got ${kind(actual)}`];
	if (Array.isArray(recorded)) {
		if ((recorded.length === 0) !== (actual.length === 0)) return [`${path}: ${recorded.length === 0 ? 'an empty' : 'a non-empty'} array expected`];
		const unmatched = (from, to, label) =>
			from.flatMap((item, index) => (to.some((other) => shapeDifferences(label === 'fake' ? other : item, label === 'fake' ? item : other).length === 0) ? [] : [`${path}[${index}]: no element of the ${label === 'fake' ? 'recording' : 'fake'}'s array has the ${label}'s element's shape`]));
		const fromFake = unmatched(actual, recorded, 'fake');
		if (fromFake.length > 0) {
			// Say why, against the first recorded element.
			const index = actual.findIndex((item) => !recorded.some((other) => shapeDifferences(other, item).length === 0));
			return [...fromFake.slice(0, 1), ...shapeDifferences(recorded[0], actual[index], `${path}[${index}]`)];
		}
		return unmatched(recorded, actual, 'recording').slice(0, 1);
	}
	if (kind(recorded) === 'object') {
		const differences = [];
		for (const key of Object.keys(recorded)) {
			if (!(key in actual)) differences.push(`${path}.${key}: missing`);
			else differences.push(...shapeDifferences(recorded[key], actual[key], `${path}.${key}`));
		}
		for (const key of Object.keys(actual)) if (!(key in recorded)) differences.push(`${path}.${key}: not in the recording`);
		return differences;
	}
	return [];
}
