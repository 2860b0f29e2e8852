import { operation } from '../../../shared/operation';
import { currency, date } from '../../fields';

export const getByDate = operation({
	name: 'Get by Date',
	value: 'getByDate',
	action: 'Get exchange rate for date',
	description: '1 query: the SBS buy and sell rate of one business day',
	notice:
		'Rates exist from 2010 and only for business days: a weekend or holiday has none (use Get History for a span).',
	subtitle: 'Get Rate by Date',
	request: { method: 'GET', path: '/api/v2/tipo-cambio/sbs' },
	fields: [date, currency],
	subject: ({ currency, date }) => `${currency} rate for ${date}`,
});
