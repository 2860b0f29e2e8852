import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { checkedField, inBody } from '../../../shared/fields';
import { instance } from '../../fields';
import { checkNumberList, type CheckedNumber } from '../../validation/recipients';

const numbers = checkedField(
	{
		displayName: 'Numbers',
		name: 'numbers',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. +51 987 654 321, 51912345678',
		description:
			'Numbers with country code, separated by commas, semicolons or new lines, or an array from an expression. Normalised like a recipient; duplicates are checked once.',
	},
	checkNumberList,
	inBody('numbers', (list: CheckedNumber[]) => list.map((entry) => entry.number)),
);

export const checkNumbers = operation({
	name: 'Check Numbers',
	value: 'checkNumbers',
	action: 'Check whether numbers are on WhatsApp',
	description: 'One request per input item with all its numbers; one output item per number',
	request: { method: 'POST', path: '/chat/whatsappNumbers/{instanceName}' },
	fields: [instance, numbers],
	// One item per checked number: jid, exists, the number as the user gave it, and name when known.
	toItems(answer, { numbers: sent }) {
		const results = (Array.isArray(answer) ? answer : [answer]) as IDataObject[];
		// The server echoes each number as sent; map it back to the user's spelling.
		const given = new Map(sent.map((entry) => [entry.number, entry.given]));
		return results.map((result, index) => {
			const number = String(result.number ?? '');
			const json: IDataObject = {
				jid: result.jid,
				exists: result.exists,
				number: given.get(number) ?? sent[index]?.given ?? number,
			};
			if (result.name !== undefined && result.name !== null && result.name !== '') json.name = result.name;
			return json;
		});
	},
});
