import { describe, expect, it } from 'vitest';

import type { Checked } from '../../../nodes/shared/checks';
import { defaultMediaFileName, extensionForMimeType, mimeTypeForFileName } from '../../../nodes/Messaging/media/mimeTypes';
import {
	MAX_MEDIA_BYTES,
	base64ByteLength,
	checkBase64Media,
	checkFileName,
	checkMediaSize,
	checkMediaType,
	checkMediaUrl,
	checkMimeType,
	formatBytes,
} from '../../../nodes/Messaging/validation/media';
import {
	checkDelay,
	checkInstanceName,
	checkMessageText,
	checkNumberList,
	checkPhoneNumber,
	splitNumberList,
} from '../../../nodes/Messaging/validation/recipients';

const value = <T>(checked: Checked<T>): T => {
	if (!checked.valid) throw new Error(`expected valid, got: ${checked.problem}`);
	return checked.value;
};
const problem = <T>(checked: Checked<T>): string => {
	if (checked.valid) throw new Error(`expected a problem, got ${JSON.stringify(checked.value)}`);
	expect(checked.hint.length).toBeGreaterThan(10);
	return checked.problem;
};

describe('checkPhoneNumber', () => {
	it.each([
		['51987654321', '51987654321'],
		['+51 987 654 321', '51987654321'],
		['+51-987-654-321', '51987654321'],
		['(51) 987.654.321', '51987654321'],
		[' +1 (415) 555-0100 ', '14155550100'],
		['12345678', '12345678'],
		['123456789012345', '123456789012345'],
		[51987654321, '51987654321'],
	])('normalises %j to %s', (raw, expected) => {
		expect(value(checkPhoneNumber(raw))).toBe(expected);
	});

	it.each([
		'51987654321@s.whatsapp.net',
		'120363025246125486@g.us',
		'123456789012345@lid',
		' 51987654321@s.whatsapp.net ',
	])('passes the WhatsApp address %j unchanged (trimmed)', (raw) => {
		expect(value(checkPhoneNumber(raw))).toBe(raw.trim());
	});

	it.each([
		['', /is empty/],
		['   ', /is empty/],
		['1234567', /has 7 digits/],
		['1234567890123456', /has 16 digits/],
		['51 987 abc', /characters other than digits/],
		['51987654321#', /characters other than digits/],
		['status@broadcast', /not a WhatsApp address/],
		['@g.us', /not a WhatsApp address/],
		['a b@g.us', /not a WhatsApp address/],
		['user@example.com', /not a WhatsApp address/],
		[undefined, /not a phone number/],
		[null, /not a phone number/],
		[{ number: 1 }, /not a phone number/],
		[5.5, /not a phone number/],
	])('rejects %j', (raw, expected) => {
		expect(problem(checkPhoneNumber(raw))).toMatch(expected);
	});
});

describe('number lists', () => {
	it('splits text at commas, semicolons and new lines, dropping empty entries', () => {
		expect(splitNumberList('51987654321, 51912345678;51911111111\n51922222222\r\n,, ;')).toEqual([
			'51987654321',
			'51912345678',
			'51911111111',
			'51922222222',
		]);
	});

	it('takes arrays as they are (one level flattened, blanks dropped) and single numbers', () => {
		expect(splitNumberList(['51987654321', ['51912345678'], ' ', 51911111111])).toEqual([
			'51987654321',
			'51912345678',
			51911111111,
		]);
		expect(splitNumberList(51987654321)).toEqual([51987654321]);
		expect(splitNumberList(undefined)).toEqual([]);
	});

	it('normalises every entry and removes duplicates, keeping the first spelling', () => {
		expect(value(checkNumberList('+51 987 654 321, 51987654321, 51912345678, 120363025246125486@g.us'))).toEqual([
			{ given: '+51 987 654 321', number: '51987654321' },
			{ given: '51912345678', number: '51912345678' },
			{ given: '120363025246125486@g.us', number: '120363025246125486@g.us' },
		]);
	});

	it('names the bad entry', () => {
		expect(problem(checkNumberList('51987654321, 123'))).toBe('has the entry "123", which has 3 digits; a number with its country code has 8 to 15');
	});

	it('rejects an empty list', () => {
		expect(problem(checkNumberList(' , ;'))).toMatch(/is empty/);
		expect(problem(checkNumberList([]))).toMatch(/is empty/);
	});
});

describe('instance, text and delay', () => {
	it('checks the instance name', () => {
		expect(value(checkInstanceName(' sales '))).toBe('sales');
		expect(problem(checkInstanceName(''))).toMatch(/is empty/);
		expect(problem(checkInstanceName(undefined))).toMatch(/is empty/);
	});

	it('keeps text as written but rejects blank text', () => {
		expect(value(checkMessageText('  hello\n'))).toBe('  hello\n');
		expect(value(checkMessageText(42))).toBe('42');
		expect(problem(checkMessageText(' \n\t'))).toMatch(/is empty/);
		expect(problem(checkMessageText(undefined))).toMatch(/is empty/);
	});

	it('checks the delay', () => {
		expect(value(checkDelay(undefined))).toBeUndefined();
		expect(value(checkDelay(1200))).toBe(1200);
		expect(value(checkDelay('1200'))).toBe(1200);
		expect(problem(checkDelay(-1))).toMatch(/0 to 300000/);
		expect(problem(checkDelay(1.5))).toMatch(/0 to 300000/);
		expect(problem(checkDelay(300001))).toMatch(/0 to 300000/);
		expect(problem(checkDelay('soon'))).toMatch(/0 to 300000/);
	});
});

describe('media', () => {
	it('accepts the four media types only', () => {
		expect(value(checkMediaType('document'))).toBe('document');
		expect(problem(checkMediaType('sticker'))).toMatch(/not a media type/);
	});

	it('accepts http and https URLs only', () => {
		expect(value(checkMediaUrl(' https://example.com/a.pdf '))).toBe('https://example.com/a.pdf');
		expect(value(checkMediaUrl('http://10.0.0.5:8080/a.png'))).toBe('http://10.0.0.5:8080/a.png');
		expect(problem(checkMediaUrl('ftp://example.com/a.pdf'))).toBe('uses ftp, not http or https');
		expect(problem(checkMediaUrl('file:///etc/passwd'))).toBe('uses file, not http or https');
		expect(problem(checkMediaUrl('example.com/a.pdf'))).toBe('is not a URL');
		expect(problem(checkMediaUrl(''))).toMatch(/is empty/);
	});

	it('measures base64 without decoding it', () => {
		for (const size of [0, 1, 2, 3, 4, 5, 1000, 1001, 1002]) {
			expect(base64ByteLength(Buffer.alloc(size, 7).toString('base64'))).toBe(size);
		}
	});

	it('strips a data: prefix and line breaks from base64, and takes the prefix MIME type', () => {
		const raw = Buffer.from('hello, world: some bytes!').toString('base64');
		const wrappedText = `data:application/pdf;base64,${raw.slice(0, 10)}\n${raw.slice(10, 20)}\r\n${raw.slice(20)}`;
		expect(value(checkBase64Media(wrappedText))).toEqual({ base64: raw, mimeType: 'application/pdf', bytes: 25 });
		expect(value(checkBase64Media(`DATA:image/png;name=a.png;base64,${raw}`)).mimeType).toBe('image/png');
		expect(value(checkBase64Media(raw))).toEqual({ base64: raw, mimeType: undefined, bytes: 25 });
	});

	it('adds missing padding', () => {
		expect(value(checkBase64Media('aGk')).base64).toBe('aGk=');
		expect(value(checkBase64Media('aA')).base64).toBe('aA==');
	});

	it('rejects invalid base64', () => {
		expect(problem(checkBase64Media('not base64!'))).toMatch(/not valid base64/);
		expect(problem(checkBase64Media('aGVsbG8-_w=='))).toMatch(/not valid base64/);
		expect(problem(checkBase64Media('abcde'))).toMatch(/looks cut off/);
		expect(problem(checkBase64Media('https://example.com/a.png'))).toMatch(/not valid base64/);
		expect(problem(checkBase64Media(''))).toMatch(/is empty/);
		expect(problem(checkBase64Media('data:image/png;base64,'))).toMatch(/is empty/);
	});

	it('applies the 15 MB limit to base64 content, at the byte', () => {
		expect(MAX_MEDIA_BYTES).toBe(15_728_640);
		expect(value(checkMediaSize(MAX_MEDIA_BYTES))).toBe(MAX_MEDIA_BYTES);
		expect(problem(checkMediaSize(MAX_MEDIA_BYTES + 1))).toBe(
			'is 15.00 MB (15,728,641 bytes), over the 15.00 MB (15,728,640 bytes) limit for media',
		);
		expect(problem(checkBase64Media('AAAAAAAA', 5))).toMatch(/is 6 bytes \(6 bytes\), over the 5 bytes/);
		expect(value(checkBase64Media('AAAAAAAA', 6)).bytes).toBe(6);
	});

	it('formats sizes', () => {
		expect(formatBytes(512)).toBe('512 bytes');
		expect(formatBytes(2048)).toBe('2.0 KB');
		expect(formatBytes(16 * 1024 * 1024)).toBe('16.00 MB');
	});

	it('checks MIME types and file names', () => {
		expect(value(checkMimeType(' Application/PDF '))).toBe('application/pdf');
		expect(value(checkMimeType(''))).toBeUndefined();
		expect(value(checkMimeType('application/vnd.openxmlformats-officedocument.wordprocessingml.document'))).toMatch(/wordprocessingml/);
		expect(problem(checkMimeType('pdf'))).toMatch(/not a MIME type/);
		expect(value(checkFileName(' invoice 2024.pdf '))).toBe('invoice 2024.pdf');
		expect(value(checkFileName(undefined))).toBeUndefined();
		expect(problem(checkFileName('../etc/passwd'))).toMatch(/not a plain file name/);
	});

	it('maps MIME types and extensions both ways', () => {
		expect(extensionForMimeType('application/pdf')).toBe('pdf');
		expect(extensionForMimeType('image/jpeg; charset=binary')).toBe('jpg');
		expect(extensionForMimeType('application/x-unknown')).toBeUndefined();
		expect(mimeTypeForFileName('Report.PDF')).toBe('application/pdf');
		expect(mimeTypeForFileName('photo.jpeg')).toBe('image/jpeg');
		expect(mimeTypeForFileName('noextension')).toBeUndefined();
	});

	it('defaults a file name from the MIME type', () => {
		expect(defaultMediaFileName('document', 'application/pdf')).toBe('document.pdf');
		expect(defaultMediaFileName('document', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('document.xlsx');
		expect(defaultMediaFileName('image', 'image/heic')).toBe('image.heic');
		expect(defaultMediaFileName('document', 'application/x-something-long')).toBe('document.bin');
		expect(defaultMediaFileName('document')).toBe('document.bin');
	});
});
