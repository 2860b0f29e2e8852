import { operation } from '../../../shared/contract';
import { dni } from '../../fields';
import { personRecord } from '../../output';

export const getByDni = operation({
	name: 'Get by DNI',
	value: 'getByDni',
	action: 'Get person by DNI',
	description: "1 query: the person's full name as the national registry holds it",
	notice:
		'Gives the full name (surnames first) and, when the API splits it, given names and each surname. The person\'s RUC, if they have one, is 10 + DNI + a check digit: Taxpayer → Validate gives it for free.',
	subtitle: 'Get Person by DNI',
	request: { method: 'GET', path: '/api/v2/dni/{dni}' },
	fields: [dni],
	subject: ({ dni }) => `DNI ${dni}`,
	send: async (send, { dni }) => personRecord(await send(), dni),
});
