// Binary data as n8n keeps it, for tests that pass files between nodes. In memory mode (no
// BinaryDataService manager) an item carries its file as base64 in `data`; in filesystem mode the
// file is stored on disk and the item carries an `id`. `storeOnDisk` sets filesystem mode up once,
// in a temporary folder, through n8n-core's own BinaryDataService.
import { mkdtempSync } from 'node:fs';
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

/** A file stored the way n8n's filesystem mode stores it: on disk, the item holding its id. */
export async function storeOnDisk(content: Buffer, mimeType: string, fileName?: string): Promise<IBinaryData> {
	const binaryData = await filesystemService();
	return await binaryData.store({ type: 'execution', workflowId: 'test-workflow', executionId: 'test-execution' }, content, {
		data: '',
		mimeType,
		fileName,
	});
}
