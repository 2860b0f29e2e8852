// The fields of the group resource: the group (picked from the instance's groups or given by
// address), its subject and description, its settings and disappearing messages, as Evolution's
// group routes take them (src/validate/group.schema.ts).
import { bad, ok, type Checked } from '../../../shared/checks';
import { valueOf, type Field, type Simplified } from '../../../shared/contract';
import { checkedField, inBody, inQuery, pickerField } from '../../../shared/fields';
import { checkGroupJid } from '../../validation/messageKeys';

/** The group a Group operation acts on; every route but Send Invite reads it from the query. */
export const group = checkedField(
	{
		displayName: 'Group',
		name: 'groupJid',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'A group the instance\'s number is in',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a group...',
				typeOptions: { searchListMethod: 'getGroups', searchable: true },
			},
			{
				displayName: 'ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 120363025246125486@g.us',
			},
		],
	},
	checkGroupJid,
	inQuery('groupJid'),
	{ extractValue: true, about: (jid) => ({ group: jid }) },
);

/** The same group, in the body: Send Invite's validator reads `groupJid` nowhere else. */
export const groupInBody: Field<'groupJid', string> = { ...group, to: inBody('groupJid') };

const checkText =
	(what: string, hint: string) =>
	(raw: unknown): Checked<string> => {
		if (typeof raw === 'number') raw = String(raw);
		if (typeof raw !== 'string') return bad('is not text', hint);
		return raw.trim() ? ok(raw.trim()) : bad(`is empty: ${what} is required`, hint);
	};

/** The group's name (WhatsApp calls it the subject). */
export const groupSubject = checkedField(
	{
		displayName: 'Subject',
		name: 'groupSubject',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. Clientes Bodega Lima',
		description: "The group's name, as members see it",
	},
	checkText('a group name', 'Give the name the group should have.'),
	inBody('subject'),
);

/** The group's description: optional when creating (left out when empty), the change itself for Update Description. */
export const groupDescription: Field<'description', string | undefined> = {
	name: 'description',
	properties: [
		{
			displayName: 'Description',
			name: 'groupDescription',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			placeholder: 'e.g. Pedidos y ofertas de la semana',
			description: "The group's description, shown under its name (optional when creating a group)",
		},
	],
	read(item) {
		const raw = item.parameter('groupDescription', '');
		if (raw === undefined || raw === null || raw === '') return undefined;
		return item.require('Description', raw, typeof raw === 'string' || typeof raw === 'number' ? ok(String(raw)) : bad('is not text', 'Give the description as text.'));
	},
	to: inBody('description'),
};

/** Update Description needs one: the server refuses an empty description. Listed after `groupDescription`. */
export const descriptionRequired: Field<'descriptionGiven', string> = {
	name: 'descriptionGiven',
	properties: [],
	read(item, before) {
		const description = valueOf(before, groupDescription) ?? '';
		return item.require(
			'Description',
			description,
			description.trim() ? ok(description) : bad('is empty: the server does not take an empty description', 'Write the new description.'),
		);
	},
};

/** Who may send messages and who may edit the group's info (Evolution's updateSetting actions). */
export const groupSetting = pickerField(
	{
		displayName: 'Setting',
		name: 'groupSetting',
		type: 'options',
		options: [
			{ name: 'All Members Edit Group Info', value: 'unlocked', description: 'Anyone in the group may change its name, picture, description and disappearing messages' },
			{ name: 'All Members Send Messages', value: 'not_announcement' },
			{ name: 'Only Admins Edit Group Info', value: 'locked', description: 'Only admins may change its name, picture, description and disappearing messages' },
			{ name: 'Only Admins Send Messages', value: 'announcement', description: 'The others can read but not write' },
		],
		default: 'announcement',
		description: 'The setting to turn on; only admins may change it',
	},
	{ problem: 'is not a group setting', hint: 'Pick one from the list, or give announcement, not_announcement, locked or unlocked.' },
	inBody('action'),
);

/** Who may add members (2.4's updateMemberAddModeSchema: `admin_add`, `all_member_add`). */
export const memberAddMode = pickerField(
	{
		displayName: 'Who May Add Members',
		name: 'memberAddMode',
		type: 'options',
		options: [
			{ name: 'All Members', value: 'all_member_add', description: 'Anyone in the group may add people' },
			{ name: 'Only Admins', value: 'admin_add' },
		],
		default: 'admin_add',
		description: 'Who may add people to the group; only admins may change it',
	},
	{ problem: 'is not a member add mode', hint: 'Pick one from the list, or give admin_add or all_member_add.' },
	inBody('mode'),
);

/** The durations toggleEphemeralSchema allows, in seconds (the options): off, 24 hours, 7 days, 90 days. */
export const disappearingMessages = pickerField(
	{
		displayName: 'Messages Disappear After',
		name: 'disappearingMessages',
		type: 'options',
		options: [
			{ name: 'Off', value: 0 },
			{ name: '24 Hours', value: 86_400 },
			{ name: '7 Days', value: 604_800 },
			{ name: '90 Days', value: 7_776_000 },
		],
		default: 604_800,
		description: 'How long new messages stay in the group; Off keeps them',
	},
	{
		problem: 'is not one of the durations WhatsApp offers',
		hint: 'Pick one from the list, or give 0 (off), 86400 (24 hours), 604800 (7 days) or 7776000 (90 days) seconds.',
	},
	inBody('expiration'),
);

/**
 * What Simplify keeps of a group (Get Many, Get, Get Invite Info: Baileys' group metadata, 14 to 18
 * fields): its address, name, owner and settings under names that say them, and the members when
 * the answer has them; the subject's and description's authors, times and IDs left out.
 */
export const SIMPLIFIED_GROUP: Simplified = {
	groupJid: 'id',
	subject: 'subject',
	description: 'desc',
	owner: 'owner',
	size: 'size',
	creation: 'creation',
	onlyAdminsSend: 'announce',
	onlyAdminsEditInfo: 'restrict',
	isCommunity: 'isCommunity',
	participants: 'participants',
};
