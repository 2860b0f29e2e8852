// Binary data as n8n keeps it, for tests that pass files between nodes. In memory mode (no
// BinaryDataService manager) an item carries its file as base64 in `data`; in filesystem mode the
// file is stored on disk and the item carries an `id`. `storeOnDisk` sets filesystem mode up once,
// in a temporary folder, through n8n-core's own BinaryDataService.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Container } from '@n8n/di';
import { BinaryDataConfig, BinaryDataService } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';

/** A file the way n8n's memory mode stores it on an item. */
export function memoryBinary(content: Buffer, mimeType: string, fileName?: string): IBinaryData {
	const binary: IBinaryData = {
		data: content.toString('base64'),
		mimeType,
		fileSize: `${content.length} B`,
		bytes: content.length,
	};
	if (fileName) {
		binary.fileName = fileName;
		const extension = /\.([^.]+)$/.exec(fileName)?.[1];
		if (extension) binary.fileExtension = extension;
	}
	return binary;
}

let service: Promise<BinaryDataService> | undefined;

function filesystemService(): Promise<BinaryDataService> {
	service ??= (async () => {
		const config = Container.get(BinaryDataConfig);
		config.mode = 'filesystem';
		config.localStoragePath = mkdtempSync(join(tmpdir(), 'n8n-binary-'));
		const binaryData = Container.get(BinaryDataService);
		await binaryData.init();
		return binaryData;
	})();
	return service;
}

/** A file stored the way n8n's filesystem mode stores it: on disk, the item holding its id. A stream is written as it comes. */
export async function storeOnDisk(content: Buffer | Readable, mimeType: string, fileName?: string): Promise<IBinaryData> {
	const binaryData = await filesystemService();
	return await binaryData.store({ type: 'execution', workflowId: 'test-workflow', executionId: 'test-execution' }, content, {
		data: '',
		mimeType,
		fileName,
	});
}

/** The bytes of an output file: from the item (memory mode) or from n8n's binary store (its id). */
export async function bytesOf(binary: IBinaryData): Promise<Buffer> {
	if (!binary.id) return Buffer.from(binary.data, 'base64');
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

/** Files kept as n8n's database mode keeps them (a row of `binary_data`), by file ID. */
const rows = new Map<string, Buffer>();

/**
 * n8n's database mode (n8n's DatabaseManager, 2.x: `packages/cli/src/binary-data/database.manager.ts`)
 * without a database: each read copies the row's bytes into a new Buffer, as a query does, and
 * `getAsStream` is `Readable.from(buffer)` of that copy, as n8n's is.
 */
async function databaseService(): Promise<BinaryDataService> {
	const binaryData = await filesystemService();
	binaryData.setManager('database', {
		init: async () => {},
		store: async () => {
			throw new Error('store with storeInDatabase');
		},
		getPath: (fileId: string) => `database://${fileId}`,
		getAsBuffer: async (fileId: string) => Buffer.from(rows.get(fileId)!),
		getAsStream: async (fileId: string) => Readable.from(Buffer.from(rows.get(fileId)!)),
		getMetadata: async (fileId: string) => ({ fileSize: rows.get(fileId)!.length }),
		deleteMany: async () => {},
		deleteManyByFileId: async (ids: string[]) => ids.forEach((id) => rows.delete(id)),
		copyByFileId: async () => {
			throw new Error('not used');
		},
		copyByFilePath: async () => {
			throw new Error('not used');
		},
		rename: async () => {},
	} as unknown as Parameters<BinaryDataService['setManager']>[1]);
	return binaryData;
}

/** A file stored the way n8n's database mode stores it (emulated in memory, above), the item holding its id. */
export async function storeInDatabase(content: Buffer, mimeType: string, fileName?: string): Promise<IBinaryData> {
	await databaseService();
	const fileId = randomUUID();
	rows.set(fileId, Buffer.from(content));
	return { id: `database:${fileId}`, data: 'database', mimeType, fileName, fileSize: `${content.length} B`, bytes: content.length };
}
