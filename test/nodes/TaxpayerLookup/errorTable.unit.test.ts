import { describe, expect, it } from 'vitest';

import { isLookupSuccess, serverReason } from '../../../nodes/TaxpayerLookup/errors';
import { exchangeRate } from '../../../nodes/TaxpayerLookup/resources/exchangeRate';
import { person } from '../../../nodes/TaxpayerLookup/resources/person';
import { taxpayer } from '../../../nodes/TaxpayerLookup/resources/taxpayer';
import type { Values } from '../../../nodes/shared/contract';

/** The error-table kind of the operation on a route, as the operation declares it for an item's values. */
function routeKindOf(path: string, values: Values = {}): string | undefined {
	for (const resource of [taxpayer, exchangeRate, person]) {
		const operation = resource.operations.find((op) => op.request?.path === path);
		if (!operation) continue;
		return operation.routeKindOf ? operation.routeKindOf(values) : (operation.routeKind ?? resource.value);
	}
	return undefined;
}

describe('lookup API errors', () => {
	it('knows which routes ask SUNAT live', () => {
		expect(routeKindOf('/api/v2/ruc/{ruc}')).toBe('taxpayer');
		expect(routeKindOf('/api/v2/ruc-actividad/{ruc}')).toBe('taxpayer');
		expect(routeKindOf('/api/v2/ruc/{ruc}/actividad-economica')).toBe('taxpayer');
		expect(routeKindOf('/api/v2/ruc/{ruc}/sunat')).toBe('liveTaxpayer');
		expect(routeKindOf('/api/v2/ruc/{ruc}/representantes-legales')).toBe('liveTaxpayer');
		expect(routeKindOf('/api/v2/ruc/{ruc}/deuda-coactiva')).toBe('liveTaxpayer');
		expect(routeKindOf('/api/v2/tipo-cambio/{source}/ultimo', { rate: { source: 'sbs', currency: 'EUR' } })).toBe('exchangeRate');
		expect(routeKindOf('/api/v2/tipo-cambio/{source}/ultimo', { rate: { source: 'sunat', currency: 'USD' } })).toBe('sunatRate');
		expect(routeKindOf('/api/v2/tipo-cambio/{source}', { rate: { source: 'sunat', currency: 'USD' } })).toBe('sunatRate');
		expect(routeKindOf('/api/v2/dni/{dni}')).toBe('person');
	});

	it('treats only a 2xx JSON object without success: false as success', () => {
		expect(isLookupSuccess(200, { success: true })).toBe(true);
		expect(isLookupSuccess(200, { fecha: '2024-01-01' })).toBe(true);
		expect(isLookupSuccess(200, { success: false })).toBe(false);
		expect(isLookupSuccess(200, '<html>')).toBe(false);
		expect(isLookupSuccess(200, null)).toBe(false);
		expect(isLookupSuccess(404, { success: true })).toBe(false);
	});

	it('keeps the server reason: message, field errors, HTML title', () => {
		expect(serverReason({ message: 'Unauthenticated.' })).toBe('Unauthenticated.');
		expect(serverReason({ success: false, message: 'Invalid.', errors: { fecha: ['a', 'b'], moneda: 'c' } })).toBe(
			'Invalid.; fecha: a b; moneda: c',
		);
		expect(serverReason('<html><title> 504 Gateway Time-out </title></html>')).toBe('an HTML page titled "504 Gateway Time-out"');
		expect(serverReason('<p>oops</p>')).toBe('an HTML page saying "oops"');
		expect(serverReason('<br/>')).toBe('an HTML page');
		expect(serverReason(undefined)).toBe('');
	});
});
