import { describe, expect, it } from 'vitest';

import { isLookupSuccess, routeKindOf, serverReason } from '../../../nodes/shared/lookup/errors';

describe('lookup API errors', () => {
	it('knows which routes ask SUNAT live', () => {
		expect(routeKindOf('/api/v2/ruc/20131312955')).toBe('taxpayer');
		expect(routeKindOf('/api/v2/ruc-actividad/20131312955')).toBe('taxpayer');
		expect(routeKindOf('/api/v2/ruc/20131312955/actividad-economica')).toBe('taxpayer');
		expect(routeKindOf('/api/v2/ruc/20131312955/sunat')).toBe('liveTaxpayer');
		expect(routeKindOf('/api/v2/ruc/20131312955/representantes-legales')).toBe('liveTaxpayer');
		expect(routeKindOf('/api/v2/ruc/20131312955/deuda-coactiva')).toBe('liveTaxpayer');
		expect(routeKindOf('/api/v2/tipo-cambio/sbs/ultimo?moneda=USD')).toBe('exchangeRate');
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
