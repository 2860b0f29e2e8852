import { describe, expect, it } from 'vitest';

import { crc32, unzip, ZipError } from '../../../../nodes/SunatInvoice/sire/zip';
import { hasInfoZip, infoZip, infoZipFromStdin, pythonZip, sampleText } from './archives';

const text = (data: Uint8Array) => Buffer.from(data).toString('utf8');
const readable = async (bytes: Uint8Array) => (await unzip(bytes)).map((entry) => ({ name: entry.name, text: text(entry.data) }));

const PROPOSAL = 'LE2010006660320250100140400001OIE2.txt';
const LARGE = sampleText(6000);

/** The error unzip rejects with: a ZipError with exactly these words. */
async function refusal(bytes: Uint8Array): Promise<{ name: string; message: string }> {
	const error = await unzip(bytes).then(
		() => undefined,
		(failure: unknown) => failure,
	);
	expect(error).toBeInstanceOf(ZipError);
	return { name: (error as ZipError).name, message: (error as ZipError).message };
}

/** A copy of an archive with a little-endian field at `offset` set to `value`. */
function patched(bytes: Uint8Array, offset: number, value: number, width: 2 | 4): Uint8Array {
	const copy = bytes.slice();
	const view = new DataView(copy.buffer);
	if (width === 2) view.setUint16(offset, value, true);
	else view.setUint32(offset, value, true);
	return copy;
}

/** Where the central directory's first record starts (the end record's offset field). */
function centralOffset(bytes: Uint8Array): number {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	return view.getUint32(bytes.length - 22 + 16, true);
}

describe('unzip: archives written by Python zipfile', () => {
	it('reads stored entries, in the archive order, folders left out', async () => {
		const bytes = pythonZip({
			method: 'stored',
			files: [
				{ name: 'folder/', content: '' },
				{ name: PROPOSAL, content: '\ufeffRUC|Periodo\n20100066603|202501\n' },
				{ name: 'empty.txt', content: '' },
			],
		});
		expect(await readable(bytes)).toEqual([
			{ name: PROPOSAL, text: '\ufeffRUC|Periodo\n20100066603|202501\n' },
			{ name: 'empty.txt', text: '' },
		]);
	});

	it('inflates deflated entries, a large one in several chunks, with a UTF-8 name and an archive comment', async () => {
		const bytes = pythonZip({
			method: 'deflated',
			comment: 'Exportado por SUNAT',
			files: [
				{ name: 'Año 2025 — compras.txt', content: 'Razón social|Ñandú S.A.C.\n' },
				{ name: 'large.txt', content: LARGE },
			],
		});
		expect(bytes.length).toBeLessThan(LARGE.length / 3);
		expect(await readable(bytes)).toEqual([
			{ name: 'Año 2025 — compras.txt', text: 'Razón social|Ñandú S.A.C.\n' },
			{ name: 'large.txt', text: LARGE },
		]);
	});

	it('reads an archive that sits inside a larger buffer (a view with an offset)', async () => {
		const bytes = pythonZip({ method: 'deflated', files: [{ name: 'a.txt', content: 'hola' }] });
		const padded = new Uint8Array(bytes.length + 16);
		padded.set(bytes, 7);
		expect(await readable(padded.subarray(7, 7 + bytes.length))).toEqual([{ name: 'a.txt', text: 'hola' }]);
	});

	it('gives no entries for an empty archive', async () => {
		expect(await unzip(pythonZip({ method: 'stored', files: [] }))).toEqual([]);
	});
});

describe.skipIf(!hasInfoZip)('unzip: archives written by Info-ZIP zip', () => {
	it('reads deflated and stored (-0) entries', async () => {
		const files = [
			{ name: 'ventas.txt', content: LARGE },
			{ name: 'compras.txt', content: 'RUC|Periodo\n' },
		];
		expect(await readable(infoZip([], files))).toEqual([
			{ name: 'ventas.txt', text: LARGE },
			{ name: 'compras.txt', text: 'RUC|Periodo\n' },
		]);
		expect(await readable(infoZip(['-0'], files))).toEqual([
			{ name: 'ventas.txt', text: LARGE },
			{ name: 'compras.txt', text: 'RUC|Periodo\n' },
		]);
	});

	it('reads an entry streamed from standard input (sizes in a data descriptor, a ZIP64 extra field in its local header)', async () => {
		expect(await readable(infoZipFromStdin(LARGE))).toEqual([{ name: '-', text: LARGE }]);
	});

	it('refuses an encrypted entry (zip -P)', async () => {
		expect(await refusal(infoZip(['-P', 'secreto'], [{ name: 'ventas.txt', content: 'RUC|Periodo\n' }]))).toEqual({
			name: 'ZipError',
			message: 'The ZIP\'s entry "ventas.txt" is encrypted, which is not read here. Use the file as SUNAT sent it, without a password.',
		});
	});
});

describe('unzip: a broken archive throws a ZipError saying what is wrong', () => {
	const deflated = pythonZip({ method: 'deflated', files: [{ name: PROPOSAL, content: LARGE }] });
	const stored = pythonZip({ method: 'stored', files: [{ name: PROPOSAL, content: LARGE }] });

	it('a file that is not a ZIP', async () => {
		expect(await refusal(new TextEncoder().encode('{"cod":"500","msg":"Error interno"}'))).toEqual({
			name: 'ZipError',
			message: 'The file is not a ZIP archive: it has no end-of-central-directory record. Check that the file is the one SUNAT sent.',
		});
		expect((await refusal(new Uint8Array(0))).message).toBe(
			'The file is not a ZIP archive: it has no end-of-central-directory record. Check that the file is the one SUNAT sent.',
		);
	});

	it('a truncated archive: its end cut off, or its central directory beyond the end', async () => {
		expect((await refusal(deflated.subarray(0, deflated.length - 10))).message).toBe(
			'The ZIP is truncated: it has no end-of-central-directory record. Download the file again.',
		);
		const offset = centralOffset(stored);
		expect((await refusal(patched(stored, stored.length - 22 + 16, offset + 1000, 4))).message).toBe(
			'The ZIP is truncated: its central directory lies beyond the end of the file. Download the file again.',
		);
	});

	it("an entry whose data ends past the file's end", async () => {
		// The central directory says the entry is 1,000,000 bytes long.
		const offset = centralOffset(stored);
		expect((await refusal(patched(patched(stored, offset + 20, 1_000_000, 4), offset + 24, 1_000_000, 4))).message).toBe(
			`The ZIP is truncated: the entry "${PROPOSAL}" ends past the end of the file. Download the file again.`,
		);
	});

	it('a bad signature: in the central directory, or at the local header it points to', async () => {
		const offset = centralOffset(deflated);
		expect((await refusal(patched(deflated, offset, 0x12345678, 4))).message).toBe(
			"The ZIP's central directory is damaged: entry 1 of 1 has no valid header. Download the file again.",
		);
		expect((await refusal(patched(deflated, 0, 0x12345678, 4))).message).toBe(
			`The ZIP's entry "${PROPOSAL}" has no valid local header where the central directory says. Download the file again.`,
		);
	});

	it('a CRC mismatch: one byte of a stored entry changed', async () => {
		const broken = stored.slice();
		broken[100] ^= 0x01;
		expect(await refusal(broken)).toEqual({
			name: 'ZipError',
			message: `The ZIP's entry "${PROPOSAL}" fails its CRC-32 check: the archive is corrupt. Download the file again.`,
		});
	});

	it('deflated data that is corrupt, or inflates to another size than declared', async () => {
		const broken = deflated.slice();
		for (let index = 80; index < 120; index++) broken[index] = 0xff;
		expect((await refusal(broken)).message).toBe(
			`The ZIP's entry "${PROPOSAL}" cannot be inflated (invalid bit length repeat): the archive is corrupt or truncated. Download the file again.`,
		);
		const offset = centralOffset(deflated);
		expect((await refusal(patched(deflated, offset + 24, LARGE.length - 1, 4))).message).toBe(
			`The ZIP's entry "${PROPOSAL}" inflates to more than its declared ${LARGE.length - 1} bytes: the archive is corrupt. Download the file again.`,
		);
		expect((await refusal(patched(deflated, offset + 24, LARGE.length + 1, 4))).message).toBe(
			`The ZIP's entry "${PROPOSAL}" inflates to ${LARGE.length} bytes instead of its declared ${LARGE.length + 1}: the archive is corrupt. Download the file again.`,
		);
	});

	it('deflated data cut short, the sizes kept', async () => {
		// The entry's compressed size and the data shrunk together: the stream ends before its last block.
		const offset = centralOffset(deflated);
		const compressedSize = new DataView(deflated.buffer).getUint32(offset + 20, true);
		const start = 30 + PROPOSAL.length;
		const shortened = new Uint8Array(deflated.length - 50);
		shortened.set(deflated.subarray(0, start + compressedSize - 50));
		shortened.set(deflated.subarray(start + compressedSize), start + compressedSize - 50);
		const view = new DataView(shortened.buffer);
		view.setUint32(18, compressedSize - 50, true);
		view.setUint32(offset - 50 + 20, compressedSize - 50, true);
		view.setUint32(shortened.length - 22 + 16, offset - 50, true);
		expect((await refusal(shortened)).message).toBe(
			`The ZIP's entry "${PROPOSAL}" cannot be inflated (unexpected end of file): the archive is corrupt or truncated. Download the file again.`,
		);
	});

	it('an unsupported method (bzip2, written by zipfile)', async () => {
		expect((await refusal(pythonZip({ method: 'bzip2', files: [{ name: PROPOSAL, content: 'RUC|Periodo\n' }] }))).message).toBe(
			`The ZIP's entry "${PROPOSAL}" is compressed with method 12; only stored (0) and deflated (8) entries are read. Check that the file is the one SUNAT sent.`,
		);
	});

	it('an encrypted entry (the flag set in the central directory)', async () => {
		const offset = centralOffset(stored);
		expect((await refusal(patched(stored, offset + 8, 0x0001, 2))).message).toBe(
			`The ZIP's entry "${PROPOSAL}" is encrypted, which is not read here. Use the file as SUNAT sent it, without a password.`,
		);
	});

	it('a ZIP64 archive (zipfile made to write its ZIP64 end records)', async () => {
		expect((await refusal(pythonZip({ method: 'deflated', zip64: true, files: [{ name: PROPOSAL, content: 'RUC\n' }] }))).message).toBe(
			'The file is a ZIP64 archive, which is not read here: a SUNAT proposal is a plain ZIP. Check that the file is the one SUNAT sent.',
		);
	});

	it('one part of a split archive', async () => {
		expect((await refusal(patched(stored, stored.length - 22 + 4, 1, 2))).message).toBe(
			'The file is one part of a ZIP split into several files, which is not read here. Download the whole file again.',
		);
	});
});

describe('crc32', () => {
	it("gives ZIP's CRC-32 (the check value of the standard test string)", () => {
		expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
		expect(crc32(new Uint8Array(0))).toBe(0);
	});
});
