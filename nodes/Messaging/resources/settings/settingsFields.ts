// The instance's behaviour settings as Evolution names them (SettingsDto), and the check of the
// ones an Update changes.
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { bad, ok, showValue, type Checked } from '../../../shared/checks';
import type { Field } from '../../../shared/contract';

/** The six settings `POST /settings/set` requires (its schema's `required`), all booleans. */
export const REQUIRED_SETTINGS = ['rejectCall', 'groupsIgnore', 'alwaysOnline', 'readMessages', 'readStatus', 'syncFullHistory'] as const;

/** The server stores the call reply in a VARCHAR(100): a longer one fails there with a 500. */
export const MSG_CALL_MAX = 100;

export type SettingsChange = Partial<Record<(typeof REQUIRED_SETTINGS)[number], boolean>> & { msgCall?: string };

const flag = (displayName: string, name: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'boolean',
	default: false,
	description,
});

const SETTING_OPTIONS: INodeProperties[] = [
	flag('Always Online', 'alwaysOnline', 'Whether the number shows as online all the time'),
	{
		displayName: 'Call Rejection Message',
		name: 'msgCall',
		type: 'string',
		default: '',
		placeholder: 'e.g. No atendemos llamadas, escríbenos por aquí',
		description: 'The message sent to whoever calls when Reject Calls is on; empty sends none (at most 100 characters)',
	},
	flag('Ignore Groups', 'groupsIgnore', 'Whether messages from groups are ignored (no webhook events for them)'),
	flag('Read Messages', 'readMessages', 'Whether received messages are marked as read at once'),
	flag('Read Status', 'readStatus', "Whether contacts' status updates are marked as seen"),
	flag('Reject Calls', 'rejectCall', 'Whether incoming WhatsApp calls are rejected'),
	flag('Sync Full History', 'syncFullHistory', 'Whether the whole chat history is synced when the number connects'),
];

const LABELS: Record<string, string> = Object.fromEntries(SETTING_OPTIONS.map((option) => [option.name, option.displayName]));
const HINT = 'Turn the setting on or off, or give true or false from an expression.';

function checkFlag(raw: unknown): Checked<boolean> {
	if (typeof raw === 'boolean') return ok(raw);
	if (raw === 'true' || raw === 'false') return ok(raw === 'true');
	return bad('is not true or false', HINT);
}

function checkMsgCall(raw: unknown): Checked<string> {
	if (raw === undefined || raw === null) return ok('');
	if (typeof raw !== 'string' && typeof raw !== 'number') return bad('is not text', 'Give the text to send to callers, or leave it empty.');
	const message = String(raw);
	if (message.length > MSG_CALL_MAX)
		return bad(`is ${message.length} characters long: the server stores at most ${MSG_CALL_MAX}`, 'Shorten the message.');
	return ok(message);
}

/** The settings to change: only those added to the collection; the others keep their value on the server. */
export const settingsChange: Field<'settings', SettingsChange> = {
	name: 'settings',
	properties: [
		{
			displayName: 'Settings to Change',
			name: 'settings',
			type: 'collection',
			placeholder: 'Add Setting',
			default: {},
			description: 'Only the settings added here change; the others keep their current value',
			options: SETTING_OPTIONS,
		},
	],
	read(item) {
		const raw = item.parameter('settings', {});
		if (!raw || typeof raw !== 'object' || Object.keys(raw).length === 0)
			return item.require('Settings to Change', raw, bad<SettingsChange>('is empty: nothing to change', 'Add at least one setting, with the value it should have.'));
		const change: SettingsChange = {};
		for (const [name, value] of Object.entries(raw as IDataObject)) {
			const label = LABELS[name];
			if (!label) return item.require('Settings to Change', raw, bad<SettingsChange>(`has the unknown setting ${showValue(name)}`, 'Remove it and add the setting again from the list.'));
			if (name === 'msgCall') change.msgCall = item.require(label, value, checkMsgCall(value));
			else change[name as (typeof REQUIRED_SETTINGS)[number]] = item.require(label, value, checkFlag(value));
		}
		return change;
	},
};
