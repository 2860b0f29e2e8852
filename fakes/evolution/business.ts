// The business routes (the node's Business resource): getCatalog and getCollections, as the
// Baileys channel answers them, inside the router's catch that answers every error (its schema's
// too) in Meta's envelope (createMetaErrorResponse). The Cloud API channel has neither method.
import { CONNECTION_CLOSED, metaErrorResponse } from './answers.ts';
import { isCloudApi } from './instance.ts';
import { createJid } from './numbers.ts';
import { validateSchema, type JsonSchema } from './schema.ts';
import { isOpen } from './state.ts';
import type { CannedAnswer, FakeInstance, FakeState } from './types.ts';

/** src/validate/business.schema.ts: catalogSchema and collectionsSchema are the same. */
const SCHEMA: JsonSchema = { type: 'object', properties: { number: { type: 'string' }, limit: { type: 'number' } } };

/** How many more pages the service reads after the first, whatever the catalog holds. */
const MORE_PAGES = 4;

type Context = 'business_catalog' | 'business_collections';

/** The checks both routes make before reading: schema, channel, connection, the number on WhatsApp. */
function whose(state: FakeState, instance: FakeInstance, body: Record<string, unknown>, context: Context): CannedAnswer | { jid: string } {
	const errors = validateSchema(body, SCHEMA);
	if (errors.length) return metaErrorResponse({ message: [errors.map((error) => error.message)] }, context);
	if (isCloudApi(instance)) {
		const method = context === 'business_catalog' ? 'fetchCatalog' : 'fetchCollections';
		return metaErrorResponse({ message: `this.waMonitor.waInstances[instanceName].${method} is not a function` }, context);
	}
	if (!isOpen(instance) || !instance.ownerJid) return metaErrorResponse({ message: CONNECTION_CLOSED }, context);
	const jid = typeof body.number === 'string' && body.number ? createJid(body.number) : instance.ownerJid;
	// whatsappNumber was given the JID, so its entry's `number` is the JID.
	if (state.fake.unregistered.has(jid.split('@')[0])) return metaErrorResponse({ message: [{ jid, exists: false, number: jid }] }, context);
	return { jid };
}

const isAnswer = (value: CannedAnswer | { jid: string }): value is CannedAnswer => 'status' in value;

/**
 * POST /business/getCatalog (200): up to five pages of `limit` (default 10) products, read by the
 * service itself (it takes no cursor). A number with no catalog (not a business, or WhatsApp
 * failed) is the catch's `{wuid, name: null, isBusiness: false}`.
 */
export function getCatalog(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const checked = whose(state, instance, body, 'business_catalog');
	if (isAnswer(checked)) return checked;
	const { jid } = checked;
	const products = state.fake.catalogs.get(jid.split('@')[0]);
	if (!products) return { status: 200, body: { wuid: jid, name: null, isBusiness: false } };
	const limit = typeof body.limit === 'number' && body.limit ? body.limit : 10;
	const catalog = products.slice(0, limit * (1 + MORE_PAGES));
	return {
		status: 200,
		body: { wuid: jid, numberExists: true, isBusiness: state.fake.businessProfiles.has(jid.split('@')[0]), catalogLength: catalog.length, catalog },
	};
}

/**
 * POST /business/getCollections (200): at most 20 collections (`limit`, capped; none given is
 * 20), each with at most as many products; no collections is the catch's answer, as Get Catalog's.
 */
export function getCollections(state: FakeState, instance: FakeInstance, body: Record<string, unknown>): CannedAnswer {
	const checked = whose(state, instance, body, 'business_collections');
	if (isAnswer(checked)) return checked;
	const { jid } = checked;
	const digits = jid.split('@')[0];
	const all = state.fake.collections.get(digits);
	if (!all) return { status: 200, body: { wuid: jid, name: null, isBusiness: false } };
	const limit = typeof body.limit === 'number' && body.limit <= 20 ? body.limit : 20;
	const collections = all.slice(0, limit).map((collection) => ({ ...collection, products: collection.products.slice(0, limit) }));
	return {
		status: 200,
		body: {
			wuid: jid,
			name: state.fake.contacts.get(digits),
			numberExists: true,
			isBusiness: state.fake.businessProfiles.has(digits),
			collectionsLength: collections.length,
			collections,
		},
	};
}
