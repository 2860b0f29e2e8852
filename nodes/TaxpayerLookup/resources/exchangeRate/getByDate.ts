import { operation } from '../../../shared/operation';
import { currency, date } from '../../fields';

export const getByDate = operation({
	name: 'Get by Date',
	value: 'getByDate',
	action: 'Get the exchange rate for a date',
	description:
		'The SBS buy and sell rate of one day. Rates exist from 2010 and only for business days: a weekend or holiday has none.',
	request: { method: 'GET', path: '/api/v2/tipo-cambio/sbs' },
	fields: [date, currency],
	subject: ({ currency, date }) => `${currency} rate for ${date}`,
});
