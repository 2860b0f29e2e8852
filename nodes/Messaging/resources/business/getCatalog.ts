import type { IDataObject } from 'n8n-workflow';

import { operation } from '../../../shared/contract';
import { instance } from '../../fields';
import { keep } from '../../../shared/simplify';
import { limited, returnAllOrLimit } from '../../limit';
import { whoseProfile } from '../profile/profileFields';
import { businessBody, CATALOG_PAGE_SIZE, whoseList } from './businessFields';

export const getCatalog = operation({
	name: 'Get Catalog',
	value: 'getCatalog',
	action: 'Get product catalog of business',
	description: "A WhatsApp Business account's products: name, price, images, link",
	subtitle: 'Get Catalog',
	request: { method: 'POST', path: '/business/getCatalog/{instanceName}' },
	fields: [instance, whoseProfile, returnAllOrLimit],
	subject: ({ profileOf }) => whoseList('catalog', profileOf),
	// One request: the server pages through the catalog itself (five pages of `limit` at most).
	async send(send, { profileOf, limit }) {
		return await send({ body: businessBody(profileOf, Math.min(limit ?? CATALOG_PAGE_SIZE, CATALOG_PAGE_SIZE)) });
	},
	toItems: (answer, { limit }) => limited((answer as { catalog: IDataObject[] }).catalog, limit),
	// 11 fields: one image (WhatsApp's resized one, else the original) and no review status.
	simplify: {
		...keep('id', 'name', 'description', 'price', 'currency', 'availability', 'retailerId', 'url'),
		imageUrl: ['imageUrls.requested', 'imageUrls.original'],
		...keep('isHidden'),
	},
});
