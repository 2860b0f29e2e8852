import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { limited, returnAllOrLimit } from '../../limit';
import { whoseProfile } from '../profile/profileFields';
import { businessBody, COLLECTIONS_LIMIT, whoseList } from './businessFields';

export const getCollections = operation({
	name: 'Get Collections',
	value: 'getCollections',
	action: 'Get product collections of business',
	description: "A WhatsApp Business account's collections, each with its products (up to 20)",
	subtitle: 'Get Collections',
	request: { method: 'POST', path: '/business/getCollections/{instanceName}' },
	fields: [instance, whoseProfile, returnAllOrLimit],
	subject: ({ profileOf }) => whoseList('collections', profileOf),
	async send(send, { profileOf, limit }) {
		return await send({ body: businessBody(profileOf, Math.min(limit ?? COLLECTIONS_LIMIT, COLLECTIONS_LIMIT)) });
	},
	toItems: (answer, { limit }) => limited((answer as { collections: IDataObject[] }).collections, limit),
});
