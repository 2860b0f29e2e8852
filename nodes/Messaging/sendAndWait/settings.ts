// What Send and Wait for Response asks besides the recipient and the message: the Response Type
// (top-level, named as n8n's send-and-wait nodes name it: n8n's human-review tool hides it by that
// name) and its settings, which live in the message Options (one property for the resource, nothing
// per item unless set): the approval's buttons, the form's labels and Limit Wait Time.
import { WAIT_INDEFINITELY, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { bad, ok, pickerCheck, type Checked, type PickerOption } from '../../shared/checks';

export type ResponseType = 'approval' | 'freeText' | 'customForm';

const RESPONSE_TYPE_OPTIONS: Array<PickerOption<ResponseType>> = [
	{ name: 'Approval', value: 'approval', description: 'The recipient approves (or declines) from a link in the message' },
	{ name: 'Free Text', value: 'freeText', description: 'The recipient answers in a form opened from a link in the message' },
	{ name: 'Custom Form', value: 'customForm', description: 'The recipient fills a form of your fields, opened from a link in the message' },
];

export const RESPONSE_TYPE: INodeProperties = {
	displayName: 'Response Type',
	name: 'responseType',
	type: 'options',
	default: 'approval',
	options: RESPONSE_TYPE_OPTIONS,
};

export const checkResponseType = pickerCheck(RESPONSE_TYPE_OPTIONS, { problem: 'is not a response type', hint: 'Pick Approval, Free Text or Custom Form.' });

const forResponse = (...types: ResponseType[]) => ({ show: { '/responseType': types } });

/** The settings of the Options: each shown for the response types it is about. */
export const SEND_AND_WAIT_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Type of Approval',
		name: 'approvalType',
		type: 'options',
		default: 'single',
		options: [
			{ name: 'Approve Only', value: 'single' },
			{ name: 'Approve and Decline', value: 'double' },
		],
		displayOptions: forResponse('approval'),
	},
	{
		displayName: 'Approve Button Label',
		name: 'approveLabel',
		type: 'string',
		default: '✓ Approve',
		description: 'The words before the approve link in the message',
		displayOptions: forResponse('approval'),
	},
	{
		displayName: 'Decline Button Label',
		name: 'disapproveLabel',
		type: 'string',
		default: '✗ Decline',
		description: 'The words before the decline link',
		displayOptions: { show: { '/responseType': ['approval'], approvalType: ['double'] } },
	},
	{
		displayName: 'Message Button Label',
		name: 'messageButtonLabel',
		type: 'string',
		default: 'Respond',
		description: "The words before the form's link in the message",
		displayOptions: forResponse('freeText', 'customForm'),
	},
	{
		displayName: 'Response Form Title',
		name: 'responseFormTitle',
		type: 'string',
		default: '',
		description: 'The title of the form the recipient opens',
		displayOptions: forResponse('freeText', 'customForm'),
	},
	{
		displayName: 'Response Form Description',
		name: 'responseFormDescription',
		type: 'string',
		default: '',
		description: 'Shown under the title; default: the message',
		displayOptions: forResponse('freeText', 'customForm'),
	},
	{
		displayName: 'Response Form Button Label',
		name: 'responseFormButtonLabel',
		type: 'string',
		default: 'Submit',
		displayOptions: forResponse('freeText', 'customForm'),
	},
	{
		displayName: 'Limit Wait Time',
		name: 'limitWaitTime',
		type: 'fixedCollection',
		description: 'Whether to go on without an answer after a time: the node then outputs its input items',
		default: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } },
		options: [
			{
				displayName: 'Values',
				name: 'values',
				values: [
					{
						displayName: 'Limit Type',
						name: 'limitType',
						type: 'options',
						default: 'afterTimeInterval',
						options: [
							{ name: 'After Time Interval', value: 'afterTimeInterval', description: 'Waits for a certain amount of time' },
							{ name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Waits until the set date and time' },
						],
					},
					{
						displayName: 'Amount',
						name: 'resumeAmount',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 2 },
						default: 1,
						description: 'The time to wait',
						displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					},
					{
						displayName: 'Unit',
						name: 'resumeUnit',
						type: 'options',
						default: 'hours',
						options: [
							{ name: 'Minutes', value: 'minutes' },
							{ name: 'Hours', value: 'hours' },
							{ name: 'Days', value: 'days' },
						],
						displayOptions: { show: { limitType: ['afterTimeInterval'] } },
					},
					{
						displayName: 'Max Date and Time',
						name: 'maxDateAndTime',
						type: 'dateTime',
						default: '',
						description: 'Go on without an answer at this date and time',
						displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
					},
				],
			},
		],
	},
];

/** The links the message carries: each label, and whether it approves. */
export interface ResponseLink {
	label: string;
	approved: boolean;
}

/** The links of a response type, from the Options set (labels trimmed; an empty one is the default). */
export function responseLinks(type: ResponseType, options: IDataObject): ResponseLink[] {
	const label = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value.trim() : fallback);
	if (type !== 'approval') return [{ label: label(options.messageButtonLabel, 'Respond'), approved: true }];
	const approve = { label: label(options.approveLabel, '✓ Approve'), approved: true };
	return options.approvalType === 'double' ? [approve, { label: label(options.disapproveLabel, '✗ Decline'), approved: false }] : [approve];
}

const UNIT_MS: Record<string, number> = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 };

/**
 * When the execution goes on without an answer, from Limit Wait Time (none set: it waits until
 * answered). Checked before the message goes out: a limit that cannot be read sends nothing.
 */
export function checkWaitTill(raw: unknown, now = Date.now()): Checked<Date> {
	const limit = (raw as { values?: IDataObject } | undefined)?.values;
	if (!limit || Object.keys(limit).length === 0) return ok(WAIT_INDEFINITELY);
	if (limit.limitType === 'atSpecifiedTime') {
		const at = limit.maxDateAndTime;
		const date = typeof at === 'string' || typeof at === 'number' || at instanceof Date ? new Date(at) : new Date(Number.NaN);
		if (at === '' || Number.isNaN(date.getTime())) {
			return bad('has no date and time that can be read', 'Pick a Max Date and Time, or an expression giving an ISO date such as 2026-03-01T18:00:00-05:00.');
		}
		return ok(date);
	}
	const amount = typeof limit.resumeAmount === 'string' ? Number(limit.resumeAmount) : (limit.resumeAmount ?? 1);
	const unit = UNIT_MS[String(limit.resumeUnit ?? 'hours')];
	if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0 || !unit) {
		return bad('is not an amount of minutes, hours or days of 0 or more', 'Give an Amount such as 45 and a Unit, or remove the option to wait until answered.');
	}
	return ok(new Date(now + amount * unit));
}
