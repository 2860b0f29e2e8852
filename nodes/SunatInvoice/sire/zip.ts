// A ZIP reader for SUNAT's proposal files (a ZIP holding one TXT), with no dependency: the entries
// are found through the central directory (PKWARE's APPNOTE.TXT, 4.3.12 to 4.3.16), stored ones
// are taken as they are and deflated ones are inflated by the platform's
// DecompressionStream('deflate-raw') (a global since Node 18, `deflate-raw` since 20.12 and 21.2: on
// every Node the supported n8n releases run on, 20.19 to 24). Each entry's size and CRC-32 are
// checked; an archive that cannot be read whole throws a ZipError saying what is wrong, never a part
// of its entries.

/** One file of an archive: its name as stored and its bytes. */
export interface ZipEntry {
	name: string;
	data: Uint8Array;
}

/** An archive that cannot be read: the message says what is wrong with it. */
export class ZipError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ZipError';
	}
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
/** The end record's comment is at most this long, so the record is found within the last 64 KiB. */
const MAX_COMMENT = 0xffff;
const STORED = 0;
const DEFLATED = 8;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8_NAME = 0x0800;
/** Method 99 is WinZip's AES encryption (APPNOTE 4.4.5). */
const AES_ENCRYPTED = 99;

/** A central directory record: where an entry is and what it should be once read. */
interface CentralRecord {
	name: string;
	method: number;
	flags: number;
	crc32: number;
	compressedSize: number;
	size: number;
	localHeaderOffset: number;
}

/** Every file of the archive (folders left out), in the central directory's order. */
export async function unzip(bytes: Uint8Array): Promise<ZipEntry[]> {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const records = centralDirectory(bytes, view);
	const entries: ZipEntry[] = [];
	for (const record of records) {
		if (record.name.endsWith('/')) continue;
		const data = await entryData(bytes, view, record);
		if (crc32(data) !== record.crc32) {
			throw new ZipError(`The ZIP's entry "${record.name}" fails its CRC-32 check: the archive is corrupt. Download the file again.`);
		}
		entries.push({ name: record.name, data });
	}
	return entries;
}

/** The end record (found from the end: it may be followed by a comment) and the records it points to. */
function centralDirectory(bytes: Uint8Array, view: DataView): CentralRecord[] {
	const end = endRecordOffset(bytes, view);
	if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_END_LOCATOR) {
		throw new ZipError('The file is a ZIP64 archive, which is not read here: a SUNAT proposal is a plain ZIP. Check that the file is the one SUNAT sent.');
	}
	const disk = view.getUint16(end + 4, true);
	const directoryDisk = view.getUint16(end + 6, true);
	const count = view.getUint16(end + 10, true);
	const directorySize = view.getUint32(end + 12, true);
	const directoryOffset = view.getUint32(end + 16, true);
	if (disk !== 0 || directoryDisk !== 0 || view.getUint16(end + 8, true) !== count) {
		throw new ZipError('The file is one part of a ZIP split into several files, which is not read here. Download the whole file again.');
	}
	if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
		throw new ZipError('The file is a ZIP64 archive, which is not read here: a SUNAT proposal is a plain ZIP. Check that the file is the one SUNAT sent.');
	}
	if (directoryOffset + directorySize > end) {
		throw new ZipError('The ZIP is truncated: its central directory lies beyond the end of the file. Download the file again.');
	}
	const records: CentralRecord[] = [];
	let offset = directoryOffset;
	for (let index = 0; index < count; index++) {
		if (offset + CENTRAL_HEADER_SIZE > end || view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) {
			throw new ZipError(`The ZIP's central directory is damaged: entry ${index + 1} of ${count} has no valid header. Download the file again.`);
		}
		const flags = view.getUint16(offset + 8, true);
		const nameLength = view.getUint16(offset + 28, true);
		const extraLength = view.getUint16(offset + 30, true);
		const commentLength = view.getUint16(offset + 32, true);
		const nameBytes = bytes.subarray(offset + CENTRAL_HEADER_SIZE, offset + CENTRAL_HEADER_SIZE + nameLength);
		records.push({
			// Names without the UTF-8 flag are in code page 437 (APPNOTE appendix D); TextDecoder has no
			// such decoder, and windows-1252 reads the ASCII names archivers write the same way.
			name: new TextDecoder(flags & FLAG_UTF8_NAME ? 'utf-8' : 'windows-1252').decode(nameBytes),
			method: view.getUint16(offset + 10, true),
			flags,
			crc32: view.getUint32(offset + 16, true),
			compressedSize: view.getUint32(offset + 20, true),
			size: view.getUint32(offset + 24, true),
			localHeaderOffset: view.getUint32(offset + 42, true),
		});
		offset += CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
	}
	if (offset > end) {
		throw new ZipError('The ZIP is truncated: its central directory runs past its end record. Download the file again.');
	}
	return records;
}

/** Where the end-of-central-directory record starts: the last signature whose comment ends the file. */
function endRecordOffset(bytes: Uint8Array, view: DataView): number {
	const last = bytes.length - END_RECORD_SIZE;
	for (let offset = last; offset >= 0 && offset >= last - MAX_COMMENT; offset--) {
		if (view.getUint32(offset, true) === END_OF_CENTRAL_DIRECTORY && offset + END_RECORD_SIZE + view.getUint16(offset + 20, true) === bytes.length) {
			return offset;
		}
	}
	throw new ZipError(
		bytes.length >= 4 && view.getUint32(0, true) === LOCAL_FILE_HEADER
			? 'The ZIP is truncated: it has no end-of-central-directory record. Download the file again.'
			: 'The file is not a ZIP archive: it has no end-of-central-directory record. Check that the file is the one SUNAT sent.',
	);
}

/** An entry's bytes: found through its local header, then taken as stored or inflated. */
async function entryData(bytes: Uint8Array, view: DataView, record: CentralRecord): Promise<Uint8Array> {
	const { name, localHeaderOffset: local } = record;
	if (record.flags & FLAG_ENCRYPTED || record.method === AES_ENCRYPTED) {
		throw new ZipError(`The ZIP's entry "${name}" is encrypted, which is not read here. Use the file as SUNAT sent it, without a password.`);
	}
	if (record.method !== STORED && record.method !== DEFLATED) {
		throw new ZipError(`The ZIP's entry "${name}" is compressed with method ${record.method}; only stored (0) and deflated (8) entries are read. Check that the file is the one SUNAT sent.`);
	}
	if (local + LOCAL_HEADER_SIZE > bytes.length || view.getUint32(local, true) !== LOCAL_FILE_HEADER) {
		throw new ZipError(`The ZIP's entry "${name}" has no valid local header where the central directory says. Download the file again.`);
	}
	const start = local + LOCAL_HEADER_SIZE + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
	if (start + record.compressedSize > bytes.length) {
		throw new ZipError(`The ZIP is truncated: the entry "${name}" ends past the end of the file. Download the file again.`);
	}
	const packed = bytes.subarray(start, start + record.compressedSize);
	if (record.method === STORED) {
		if (record.compressedSize !== record.size) {
			throw new ZipError(`The ZIP's entry "${name}" is stored with two different sizes (${record.compressedSize} and ${record.size} bytes): the archive is corrupt. Download the file again.`);
		}
		return packed;
	}
	return await inflate(packed, record);
}

/** A deflated entry inflated into one array of its declared size: more or fewer bytes is an error. */
async function inflate(packed: Uint8Array, { name, size }: CentralRecord): Promise<Uint8Array> {
	const output = new Uint8Array(size);
	const filled = await inflateInto(packed, output).catch((error: unknown) => ({ error }));
	if (typeof filled !== 'number') {
		throw new ZipError(`The ZIP's entry "${name}" cannot be inflated (${zlibReason(filled.error)}): the archive is corrupt or truncated. Download the file again.`);
	}
	if (filled === OVERFLOW) {
		throw new ZipError(`The ZIP's entry "${name}" inflates to more than its declared ${size} bytes: the archive is corrupt. Download the file again.`);
	}
	if (filled !== size) {
		throw new ZipError(`The ZIP's entry "${name}" inflates to ${filled} bytes instead of its declared ${size}: the archive is corrupt. Download the file again.`);
	}
	return output;
}

/** What inflateInto gives when the data inflates to more than the output holds. */
const OVERFLOW = -1;

/** Inflates raw deflate data into `output`, chunk by chunk: the bytes written, or OVERFLOW (stopping there). */
async function inflateInto(packed: Uint8Array, output: Uint8Array): Promise<number> {
	const stream = new DecompressionStream('deflate-raw');
	const writer = stream.writable.getWriter();
	const reader = stream.readable.getReader();
	// The write fails when the read does; the read's failure is the one reported.
	const written = writer.write(packed).then(async () => await writer.close());
	written.catch(() => undefined);
	let filled = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		if (filled + value.length > output.length) {
			await reader.cancel();
			return OVERFLOW;
		}
		output.set(value, filled);
		filled += value.length;
	}
	await written;
	return filled;
}

/** zlib's words for a failed inflate: Node 20 gives them as the message, Node 24 as the cause of a TypeError with none. */
function zlibReason(error: unknown): string {
	const { message, cause, code } = (error ?? {}) as { message?: unknown; cause?: { message?: unknown }; code?: unknown };
	for (const reason of [message, cause?.message, code]) if (typeof reason === 'string' && reason !== '') return reason;
	return 'no reason given';
}

const CRC_TABLE = crcTable();

function crcTable(): Uint32Array {
	const table = new Uint32Array(256);
	for (let byte = 0; byte < 256; byte++) {
		let value = byte;
		for (let bit = 0; bit < 8; bit++) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
		table[byte] = value;
	}
	return table;
}

/** CRC-32 as ZIP uses it (polynomial 0xEDB88320, APPNOTE 4.4.7). */
export function crc32(data: Uint8Array): number {
	let crc = 0xffffffff;
	for (let index = 0; index < data.length; index++) crc = CRC_TABLE[(crc ^ data[index]) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}
