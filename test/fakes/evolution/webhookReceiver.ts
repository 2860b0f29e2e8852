// A webhook receiver for the fake's own tests: answers every delivery 200 on loopback (a free port),
// from the file's first test to its last; what the fake sent is in `fake.webhookAttempts`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll } from 'vitest';

/** The receiver's URL (`.url`), set before the file's first test. */
export function useWebhookReceiver(): { url: string } {
	const receiver = { url: '' };
	let server: Server;
	beforeAll(async () => {
		server = createServer((request, response) => request.resume().on('end', () => response.end('ok')));
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));
	return receiver;
}
