import { operation } from '../../../shared/contract';
import { inPath, pickerField } from '../../../shared/fields';
import { BOOKS } from '../../sire/books';
import { saysNoData } from '../../sire/errors';
import { book, period } from '../../sire/fields';
import { SUMMARY_TYPES, summaryItems } from '../../sire/summary';

const summaryType = pickerField(
	{
		displayName: 'Summary Of',
		name: 'summaryType',
		type: 'options',
		options: SUMMARY_TYPES,
		default: 1,
		description: 'Which of the period\'s summaries SUNAT gives (codTipoResumen)',
	},
	{ problem: 'is not one of SUNAT\'s summaries', hint: 'Use 1 (proposal) to 7 (non-domiciled).' },
	inPath('summaryType'),
);

export const getSummary = operation({
	name: 'Get Summary',
	value: 'getSummary',
	action: "Get a SIRE register's period summary (RVIE or RCE resumen): totals per receipt type",
	description: "A register's period summary: receipts and totals per type, and the total",
	request: { method: 'GET', path: '/rvierce/resumen/web/resumencomprobantes/{period}/{summaryType}/0/exporta' },
	fields: [book, period(), summaryType],
	adjustRequest: (request) => {
		request.json = false;
		request.encoding = 'arraybuffer';
	},
	subject: ({ book, period }) => `the summary of the ${BOOKS[book].title} of ${period}`,
	send: async (send, { book }) => {
		const answer = await send({ qs: { codLibro: BOOKS[book].code } });
		// A period without receipts: SUNAT refuses the summary with 1070 or 1518, which is no line.
		return saysNoData(answer) ? '' : answer;
	},
	toItems: (answer, values) => summaryItems(answer, values),
});
