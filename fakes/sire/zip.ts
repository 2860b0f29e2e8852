// The ZIP archives the SIRE fake hands out, written byte by byte after PKWARE's APPNOTE.TXT
// (section 4.3: local file header, file data, central directory header, end of central directory
// record), so that the node's reader is tested on an archive it did not write itself. One method
// per archive: stored (0) or deflated (8, raw deflate from node:zlib). No ZIP64, no data
// descriptors, no encryption: SUNAT's archives are small enough not to need them.
import { deflateRawSync } from 'node:zlib';

export type ZipMethod = 'stored' | 'deflated';

export interface ZipEntry {
	name: string;
	content: Buffer;
}

/** The CRC-32 of ZIP (polynomial 0xEDB88320, reflected), as APPNOTE.TXT 4.4.7 asks. */
const CRC_TABLE = (() => {
	const table = new Uint32Array(256);
	for (let n = 0; n < 256; n++) {
		let c = n;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		table[n] = c >>> 0;
	}
	return table;
})();

export function crc32(data: Buffer): number {
	let crc = 0xffffffff;
	for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

/** 2025-01-01 00:00 in MS-DOS time and date (APPNOTE.TXT 4.4.6): a fixed stamp keeps archives byte-identical. */
const DOS_TIME = 0;
const DOS_DATE = ((2025 - 1980) << 9) | (1 << 5) | 1;

/** A ZIP archive of `entries`, each stored or deflated. */
export function zip(entries: ZipEntry[], method: ZipMethod = 'deflated'): Buffer {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const entry of entries) {
		const name = Buffer.from(entry.name, 'utf8');
		const data = method === 'deflated' ? deflateRawSync(entry.content) : entry.content;
		const crc = crc32(entry.content);
		const methodCode = method === 'deflated' ? 8 : 0;
		// General purpose bit 11: the name is UTF-8.
		const flags = 0x0800;
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
		local.writeUInt16LE(flags, 6);
		local.writeUInt16LE(methodCode, 8);
		local.writeUInt16LE(DOS_TIME, 10);
		local.writeUInt16LE(DOS_DATE, 12);
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(data.length, 18);
		local.writeUInt32LE(entry.content.length, 22);
		local.writeUInt16LE(name.length, 26);
		local.writeUInt16LE(0, 28); // extra field length
		locals.push(local, name, data);

		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4); // version made by
		central.writeUInt16LE(20, 6); // version needed
		central.writeUInt16LE(flags, 8);
		central.writeUInt16LE(methodCode, 10);
		central.writeUInt16LE(DOS_TIME, 12);
		central.writeUInt16LE(DOS_DATE, 14);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(data.length, 20);
		central.writeUInt32LE(entry.content.length, 24);
		central.writeUInt16LE(name.length, 28);
		// extra field, comment, disk number, internal and external attributes: 0
		central.writeUInt32LE(offset, 42);
		centrals.push(central, name);
		offset += local.length + name.length + data.length;
	}
	const directory = Buffer.concat(centrals);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(entries.length, 8);
	end.writeUInt16LE(entries.length, 10);
	end.writeUInt32LE(directory.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, directory, end]);
}

/**
 * Ways to break an archive for the node's error path: cut short (a download that stopped), a
 * wrong CRC-32 in both headers (damaged data), or not a ZIP at all (an HTML error page).
 */
export type BrokenZip = 'truncated' | 'badCrc' | 'notZip';

export function broken(archive: Buffer, how: BrokenZip): Buffer {
	if (how === 'truncated') return archive.subarray(0, Math.floor(archive.length / 2));
	if (how === 'notZip') return Buffer.from('<html><body>Error interno</body></html>', 'utf8');
	const copy = Buffer.from(archive);
	// The first entry's CRC in its local header (offset 14) and in the central directory.
	copy.writeUInt32LE((copy.readUInt32LE(14) ^ 0xffffffff) >>> 0, 14);
	const centralAt = copy.readUInt32LE(copy.length - 22 + 16);
	copy.writeUInt32LE((copy.readUInt32LE(centralAt + 16) ^ 0xffffffff) >>> 0, centralAt + 16);
	return copy;
}
