// ZIP archives made at test time by standard tools, for the ZIP reader's tests: Python's zipfile
// (python3, which CI has) always, Info-ZIP's `zip` when the machine has it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One file to put in an archive: its name and its text or bytes. */
export interface ArchiveFile {
	name: string;
	content: string | Uint8Array;
}

/** What Python's zipfile writes: stored or deflated entries, bzip2 (a method the reader refuses), a comment, ZIP64. */
export interface PythonArchive {
	method: 'stored' | 'deflated' | 'bzip2';
	files: ArchiveFile[];
	comment?: string;
	/** Write ZIP64 end records although the archive is small (zipfile does when it holds 65,535+ entries). */
	zip64?: boolean;
}

const PYTHON_WRITER = `
import base64, json, sys, zipfile
spec = json.load(sys.stdin)
if spec.get('zip64'):
    zipfile.ZIP_FILECOUNT_LIMIT = 0
method = {'stored': zipfile.ZIP_STORED, 'deflated': zipfile.ZIP_DEFLATED, 'bzip2': zipfile.ZIP_BZIP2}[spec['method']]
with zipfile.ZipFile(spec['out'], 'w', compression=method) as archive:
    for entry in spec['files']:
        if entry['name'].endswith('/'):
            archive.writestr(zipfile.ZipInfo(entry['name']), b'')
        else:
            archive.writestr(entry['name'], base64.b64decode(entry['base64']))
    if spec.get('comment'):
        archive.comment = spec['comment'].encode()
`;

function inTempFolder<T>(make: (folder: string) => T): T {
	const folder = mkdtempSync(path.join(tmpdir(), 'zip-test-'));
	try {
		return make(folder);
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

const bytesOf = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content));

/** An archive written by Python's zipfile. */
export function pythonZip(spec: PythonArchive): Uint8Array {
	return inTempFolder((folder) => {
		const out = path.join(folder, 'archive.zip');
		const files = spec.files.map((file) => ({ name: file.name, base64: bytesOf(file.content).toString('base64') }));
		execFileSync('python3', ['-c', PYTHON_WRITER], { input: JSON.stringify({ ...spec, files, out }) });
		return new Uint8Array(readFileSync(out));
	});
}

/** Whether Info-ZIP's `zip` is on this machine. */
export const hasInfoZip = (() => {
	try {
		execFileSync('zip', ['-v'], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
})();

/** An archive written by Info-ZIP's `zip` with its arguments (`-0` stores, `-P` encrypts), the files given by name. */
export function infoZip(args: string[], files: ArchiveFile[]): Uint8Array {
	return inTempFolder((folder) => {
		for (const file of files) writeFileSync(path.join(folder, file.name), bytesOf(file.content));
		execFileSync('zip', ['-q', '-X', ...args, 'archive.zip', ...files.map((file) => file.name)], { cwd: folder });
		return new Uint8Array(readFileSync(path.join(folder, 'archive.zip')));
	});
}

/** An archive `zip` streams from its standard input: one entry named "-", sizes and CRC in a data descriptor after the data. */
export function infoZipFromStdin(content: string): Uint8Array {
	return new Uint8Array(execFileSync('zip', ['-q', '-', '-'], { input: content }));
}

/** Text of a given size that deflates well but not to nothing (a few hundred kilobytes make several inflated chunks). */
export function sampleText(lines: number): string {
	return Array.from({ length: lines }, (_, index) => `20100066603|EMPRESA ${index % 97}|202501|F001|${String(index).padStart(8, '0')}|${(index * 37.5).toFixed(2)}\n`).join('');
}
