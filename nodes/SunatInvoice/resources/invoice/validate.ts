import { operation } from '../../../shared/contract';
import { amount, issueDate, issuerRuc, receiptNumber, receiptType, series } from '../../fields';
import { invoiceItem } from '../../output';

export const validate = operation({
	name: 'Validate',
	value: 'validate',
	action: 'Validate invoice with SUNAT',
	description: 'Free official check: the receipt exists and is valid, its issuer active',
	notice:
		"One free request per receipt to SUNAT. `valid` is true only when SUNAT accepted (or authorised) the receipt, the issuer's RUC is ACTIVO and its domicile HABIDO.",
	subtitle: 'Validate Invoice',
	request: { method: 'POST', path: '/validarcomprobante' },
	fields: [issuerRuc, receiptType, series, receiptNumber, issueDate, amount],
	subject: ({ receiptType, series, receiptNumber, issuerRuc }) => `receipt ${receiptType} ${series}-${receiptNumber} of RUC ${issuerRuc}`,
	toItems: (answer, values) => [
		invoiceItem(answer, {
			issuerRuc: values.issuerRuc,
			type: values.receiptType,
			series: values.series,
			number: values.receiptNumber,
			issueDate: values.issueDate,
			amount: values.amount,
		}),
	],
});
