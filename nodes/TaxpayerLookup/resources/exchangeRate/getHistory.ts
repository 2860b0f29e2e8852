import { operation } from '../../../shared/contract';
import { currency, dateRange } from '../../fields';
import { fetchRateRange, RATE_HISTORY_PATH } from '../../rates';

export const getHistory = operation({
	name: 'Get History',
	value: 'getHistory',
	action: 'Get exchange rates for date range',
	description: '1 query per year of the range: one item per business day, in order',
	notice:
		'Ranges longer than a year are fetched a year at a time (one request and one query each) and joined in date order.',
	subtitle: 'Get Rate History',
	request: { method: 'GET', path: RATE_HISTORY_PATH },
	fields: [dateRange, currency],
	subject: ({ currency, range }) => `${currency} rates from ${range.start} to ${range.end}`,
	async send(send, { currency, range }) {
		const data = await fetchRateRange(async (qs, subject) => await send({ qs }, subject), currency, range.start, range.end);
		// Shaped like one answer of the route, whose `data` the items are made of.
		return { data };
	},
});
