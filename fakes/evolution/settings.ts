// The settings routes (the node's settings resource): settings/find and settings/set, as
// Evolution 2.3's settings router and SettingsService answer them, on the fake's per-instance
// settings (fake.settings).
import { internalError, schemaFailure } from './answers.ts';
import { isNotEmpty, type JsonSchema } from './schema.ts';
import type { CannedAnswer, FakeInstance, FakeSettings, FakeState } from './types.ts';

/** The settings an instance is created with (instance.controller: every flag false, empty texts). */
export const DEFAULT_SETTINGS: Readonly<FakeSettings> = {
	rejectCall: false,
	msgCall: '',
	groupsIgnore: false,
	alwaysOnline: false,
	readMessages: false,
	readStatus: false,
	syncFullHistory: false,
	wavoipToken: '',
};

const FLAGS = ['rejectCall', 'groupsIgnore', 'alwaysOnline', 'readMessages', 'readStatus', 'syncFullHistory'];

/** The settings' keys in src/validate/settings.schema.ts (instance.schema.ts lists them too, in this order). */
export const SETTINGS_PROPERTIES: Record<string, JsonSchema> = {
	rejectCall: { type: 'boolean' },
	msgCall: { type: 'string' },
	groupsIgnore: { type: 'boolean' },
	alwaysOnline: { type: 'boolean' },
	readMessages: { type: 'boolean' },
	readStatus: { type: 'boolean' },
	syncFullHistory: { type: 'boolean' },
	wavoipToken: { type: 'string' },
};

/** The settings a created instance gets from its body: a flag is on only when given true, a text empty unless given. */
export function settingsFrom(fields: Record<string, unknown>): FakeSettings {
	const settings = { ...DEFAULT_SETTINGS };
	for (const flag of FLAGS) (settings as unknown as Record<string, unknown>)[flag] = fields[flag] === true;
	if (typeof fields.msgCall === 'string') settings.msgCall = fields.msgCall;
	if (typeof fields.wavoipToken === 'string') settings.wavoipToken = fields.wavoipToken;
	return settings;
}

/** src/validate/settings.schema.ts. */
const SETTINGS_SCHEMA: JsonSchema = {
	type: 'object',
	properties: SETTINGS_PROPERTIES,
	required: FLAGS,
	...isNotEmpty(...FLAGS),
};

/** The Setting row's msgCall and wavoipToken are VARCHAR(100): Prisma fails the upsert, uncaught. */
const VARCHAR_MAX = 100;

/** GET /settings/find: the stored row's eight fields, or JSON null when the instance has none. */
export function findSettings(state: FakeState, instance: FakeInstance): CannedAnswer {
	const settings = state.fake.settings.get(instance.name);
	return { status: 200, body: settings ? { ...settings } : null };
}

/**
 * POST /settings/set: every flag required; the row is upserted with what was given (a text left
 * out keeps its stored value, as Prisma ignores undefined); 201 `{settings: {instanceName, settings: <body>}}`.
 */
export function setSettings(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const invalid = schemaFailure(body, SETTINGS_SCHEMA);
	if (invalid) return invalid;
	for (const column of ['msgCall', 'wavoipToken'])
		if (typeof body[column] === 'string' && (body[column] as string).length > VARCHAR_MAX)
			return internalError(`The provided value for the column is too long for the column's type. Column: ${column}`);
	const stored = state.fake.settings.get(instance.name) ?? { ...DEFAULT_SETTINGS };
	const next: FakeSettings = { ...stored };
	for (const flag of FLAGS) (next as unknown as Record<string, unknown>)[flag] = body[flag];
	if (typeof body.msgCall === 'string') next.msgCall = body.msgCall;
	if (typeof body.wavoipToken === 'string') next.wavoipToken = body.wavoipToken;
	state.fake.settings.set(instance.name, next);
	return { status: 201, body: { settings: { instanceName: instance.name, settings: body } } };
}
