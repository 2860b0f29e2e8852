import { describe, expect, it } from 'vitest';

import { SANDBOX_SIRE_CLIENT } from '../../../../fakes/sire';
import { unzip } from '../../../../nodes/SunatInvoice/sire/zip';
import { jsonOf, runRegister, useSireFake } from './sire';

const sire = useSireFake({ now: new Date('2025-05-10T15:00:00Z') });

describe('SUNAT › Register (SIRE) › Download Proposal', () => {
	it("puts SUNAT's ZIP, as it came, in the item's binary field", async () => {
		const result = await runRegister(sire.fake, { operation: 'downloadProposal', parameters: { book: 'RCE', period: '202503' } });

		expect(result.error).toBeUndefined();
		const { numTicket, reportName, contentName } = sire.fake.tickets.all[0];
		expect(jsonOf(result)).toEqual([{ register: 'RCE', period: '202503', ticket: numTicket, fileName: reportName, empty: false }]);
		const file = result.items[0].binary?.data;
		expect(file).toMatchObject({ fileName: reportName, mimeType: 'application/zip', fileExtension: 'zip' });
		const entries = await unzip(Buffer.from(file!.data, 'base64'));
		expect(entries.map((entry) => entry.name)).toEqual([contentName]);
		expect(Buffer.from(entries[0].data).toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(6);
	});

	it('or the TXT inside it, in the field named, byte for byte as SUNAT wrote it (its BOM too)', async () => {
		const result = await runRegister(sire.fake, { operation: 'downloadProposal', parameters: { book: 'RVIE', period: '202502', fileForm: 'txt', binaryPropertyName: 'proposal' } });

		expect(result.error).toBeUndefined();
		const { numTicket, contentName } = sire.fake.tickets.all[0];
		expect(jsonOf(result)).toEqual([{ register: 'RVIE', period: '202502', ticket: numTicket, fileName: contentName, empty: false }]);
		const file = result.items[0].binary?.proposal;
		expect(file).toMatchObject({ fileName: contentName, mimeType: 'text/plain' });
		const bytes = Buffer.from(file!.data, 'base64');
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/).filter(Boolean);
		expect(lines).toHaveLength(2);
		expect(lines[1]).toMatch(new RegExp(`^${SANDBOX_SIRE_CLIENT.ruc}\\|EMPRESA SANDBOX S\\.A\\.C\\.\\|202502\\|`));
	});

	it('an empty period gives an item without a file', async () => {
		const result = await runRegister(sire.fake, { operation: 'downloadProposal', parameters: { book: 'RVIE', period: '202504' } });
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toEqual([{ register: 'RVIE', period: '202504', ticket: null, fileName: null, empty: true }]);
		expect(result.items[0].binary).toBeUndefined();
	});
});
