// SUNAT proposal files for the SIRE bench (bench/sire.mjs): a TXT of N receipts in SUNAT's layout
// for each book (docs/sunat-sire-layouts.md), as SUNAT's export writes it (a BOM, a header, CRLF),
// and the ZIP SUNAT's download gives (one deflated entry). Deterministic: receipt i is always the same.
import { crc32, deflateRawSync } from 'node:zlib';

import { LAYOUTS, type Book } from '../nodes/SunatInvoice/sire/layouts';

const TAXPAYER = ['20131312955', 'EMPRESA DEMOSTRATIVA DEL PERÚ S.A.C.', '202501'];
/** 2,000 counterparts: receipts repeat them, as a company's suppliers and customers repeat. */
const COUNTERPARTS = 2000;
const WORDS = ['DISTRIBUIDORA', 'COMERCIAL', 'INVERSIONES', 'SERVICIOS', 'ÑANDÚ', 'ANDINA', 'DEL SUR', 'LOGÍSTICA', 'TRANSPORTES', 'INDUSTRIAL'];

const pad = (value: number, width: number) => String(value).padStart(width, '0');
const counterpart = (i: number) => {
	const who = (i * 7919) % COUNTERPARTS;
	return { ruc: String(20100000000 + who * 4093), name: `${WORDS[who % 10]} ${WORDS[(who >> 3) % 10]} ${who} S.A.C.` };
};
const day = (i: number, month = '01') => `${pad(1 + (i % 28), 2)}/${month}/2025`;
const money = (value: number) => value.toFixed(2);

/** Receipt i: a factura, every tenth a credit note cancelling the one before it, every fifth in dollars. */
function receipt(i: number) {
	const note = i % 10 === 9;
	const base = 10 + ((i * 37) % 100_000) / 10;
	const sign = note ? -1 : 1;
	return {
		note,
		who: counterpart(note ? i - 1 : i),
		series: `F${pad(1 + (i % 40), 3)}`,
		number: String(1 + i),
		base: money(sign * base),
		igv: money(sign * Math.round(base * 18) / 100),
		total: money(sign * (base + Math.round(base * 18) / 100)),
		dollars: i % 5 === 0,
		modified: note ? [day(i - 1), '01', `F${pad(1 + ((i - 1) % 40), 3)}`, String(i)] : ['', '', '', ''],
	};
}

function salesLine(i: number): string {
	const r = receipt(i);
	const [modifiedDate, modifiedType, modifiedSeries, modifiedNumber] = r.modified;
	return [
		...TAXPAYER, `${TAXPAYER[0]}${r.note ? '07' : '01'}${r.series}${pad(Number(r.number), 10)}`, day(i), i % 3 ? '' : day(i, '02'),
		r.note ? '07' : '01', r.series, r.number, '', '6', r.who.ruc, r.who.name, '0.00', r.base, '0.00', r.igv, '0.00', '0.00', '0.00', '0.00',
		'0.00', '0.00', '0.00', '0.00', r.total, r.dollars ? 'USD' : 'PEN', r.dollars ? '3.712' : '1.000', modifiedDate, modifiedType,
		modifiedSeries, modifiedNumber, '', r.note ? '01' : '', '1', '0.00', '0.00', r.note ? '' : '0101', '', '',
	].join('|');
}

function purchaseLine(i: number): string {
	const r = receipt(i);
	const [modifiedDate, modifiedType, modifiedSeries, modifiedNumber] = r.modified;
	return [
		...TAXPAYER, `${r.who.ruc}${r.note ? '07' : '01'}${r.series}${pad(Number(r.number), 10)}`, day(i), i % 3 ? '' : day(i, '02'),
		r.note ? '07' : '01', r.series, '', r.number, '', '6', r.who.ruc, r.who.name, r.base, r.igv, '0.00', '0.00', '0.00', '0.00', '0.00',
		'0.00', '0.00', '0.00', r.total, r.dollars ? 'USD' : 'PEN', r.dollars ? '3.712' : '1.000', modifiedDate, modifiedType, modifiedSeries,
		'', modifiedNumber, '1', '', '', '0.00', '', '', r.note ? '01' : '', '1', '0', ...Array<string>(39).fill(''),
	].join('|');
}

const HEADERS: Record<Book, string> = {
	RVIE: [...LAYOUTS.RVIE.columns.map((column) => column.sunat), 'CLU'].join('|'),
	RCE: [...LAYOUTS.RCE.columns.map((column) => column.sunat), ...Array.from({ length: 39 }, (_, index) => `CLU${index + 1}`)].join('|'),
};

/** The proposal TXT's bytes: UTF-8 with a BOM, a header line, N receipts, CRLF line ends. */
export function proposalText(book: Book, n: number): Buffer {
	const line = book === 'RVIE' ? salesLine : purchaseLine;
	const lines = [HEADERS[book]];
	for (let i = 0; i < n; i++) lines.push(line(i));
	return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A ZIP of one deflated entry, as SUNAT's download is: local header, data, central directory, end record. */
export function zipOf(name: string, data: Buffer): Buffer {
	const packed = deflateRawSync(data);
	const fileName = Buffer.from(name, 'utf8');
	const crc = crc32(data);
	const header = (size: number) => Buffer.alloc(size);
	const local = header(30);
	local.writeUInt32LE(0x04034b50, 0);
	local.writeUInt16LE(20, 4);
	local.writeUInt16LE(8, 8);
	local.writeUInt32LE(crc, 14);
	local.writeUInt32LE(packed.length, 18);
	local.writeUInt32LE(data.length, 22);
	local.writeUInt16LE(fileName.length, 26);
	const central = header(46);
	central.writeUInt32LE(0x02014b50, 0);
	central.writeUInt16LE(20, 4);
	central.writeUInt16LE(20, 6);
	central.writeUInt16LE(8, 10);
	central.writeUInt32LE(crc, 16);
	central.writeUInt32LE(packed.length, 20);
	central.writeUInt32LE(data.length, 24);
	central.writeUInt16LE(fileName.length, 28);
	const directoryOffset = local.length + fileName.length + packed.length;
	const end = header(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(1, 8);
	end.writeUInt16LE(1, 10);
	end.writeUInt32LE(central.length + fileName.length, 12);
	end.writeUInt32LE(directoryOffset, 16);
	return Buffer.concat([local, fileName, packed, central, fileName, end]);
}

/** SUNAT's name for a proposal file (LE + RUC + period + book + …), as public clients show it. */
export const proposalName = (book: Book) => `LE${TAXPAYER[0]}${TAXPAYER[2]}00${LAYOUTS[book].code.slice(0, 4)}00001OIE2.txt`;
