import { operation } from '../../../shared/contract';
import { rateRouteKind, sourcedCurrency } from '../../fields';
import { LATEST_RATE_OF_SOURCE_PATH, sunatRecord } from '../../rates';

export const getLatest = operation({
	name: 'Get Latest',
	value: 'getLatest',
	action: 'Get latest exchange rate',
	description: '1 query: the most recently published SBS or SUNAT rate',
	notice: 'New rates appear on business days between 00:00 and 06:00 Lima time. SUNAT publishes the US dollar only.',
	subtitle: 'Get Latest Rate',
	request: { method: 'GET', path: LATEST_RATE_OF_SOURCE_PATH },
	fields: [sourcedCurrency],
	subject: ({ rate }) => (rate.source === 'sunat' ? 'latest SUNAT USD rate' : `latest ${rate.currency} rate`),
	routeKindOf: rateRouteKind,
	send: async (send, { rate }) => (rate.source === 'sunat' ? sunatRecord(await send()) : await send()),
});
