// How much of a business's catalog or collections to ask for: Evolution's `limit`, from the
// node's Return All / Limit (limit.ts).
import type { IDataObject } from 'n8n-workflow';

import type { CheckedNumber } from '../../validation/recipients';

/**
 * Get Catalog's page: the server reads up to five pages of `limit` products per request and takes
 * no cursor (2.3.6 sets it to null), so Return All asks for pages of 100 (WhatsApp's largest page
 * is not published).
 */
export const CATALOG_PAGE_SIZE = 100;
/** Get Collections: the server caps `limit` at 20 collections (and products per collection). */
export const COLLECTIONS_LIMIT = 20;

/** The body of getCatalog and getCollections: whose (none: the instance's own) and how many. */
export const businessBody = (contact: CheckedNumber | undefined, limit: number): IDataObject => ({
	...(contact ? { number: contact.number } : {}),
	limit,
});

/** What errors call the request: "the catalog of +51 944 444 444", or the instance's own. */
export const whoseList = (list: string, contact: CheckedNumber | undefined) =>
	contact ? `the ${list} of ${contact.given}` : `the instance's own ${list}`;
