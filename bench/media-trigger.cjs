// The Messaging Trigger's Include Media Files with a big video (50 MB unless a size in MB is given),
// in a fresh process, n8n's filesystem binary mode: peak memory over an idle, active trigger (one
// small delivery already received), for the file streamed from the S3 store's link in the delivery
// (`store`: message.mediaUrl) and for it asked of the server as base64 (`server`, the path without S3);
// `floor`: the same link fetched with node:http alone and written into the same binary store, no node
// involved: what streaming any download to n8n's disk costs this process, the least the trigger can take.
// The Evolution fake runs in the parent with S3 on and the files stored; this child delivers itself
// (the harness's production webhook, with the secret the fake keeps), as Evolution would.
//   BENCH_EVOLUTION_URL=... BENCH_EVOLUTION_KEY=... BENCH_BIG_ID=... BENCH_WARM_ID=... node bench/media-trigger.cjs <store|server|floor> [MB] [as-run|prompt|held]
'use strict';
require('./register.cjs');
const { peakRssMB, resetPeakRss, runBenchChild } = require('./child.cjs');
const http = require('node:http');
const v8 = require('node:v8');

const { storeOnDisk } = require('../test/harness/binary.ts');
const { WebhookTriggerHarness } = require('../test/harness/webhook.ts');
const { mediaMessageData } = require('../fakes/evolution/events.ts');

async function main() {
	const source = process.argv[2];
	if (!['store', 'server', 'floor'].includes(source)) throw new Error(`unknown media source ${source}`);
	const fileMB = Number(process.argv[3] ?? 50);
	/**
	 * `as-run`: peaks as they come, garbage not yet collected included; `prompt`: the same with the young
	 * generation collected every 1 ms (where the socket's spent buffers die), as a busier process would;
	 * `held`: after a full GC every 5 ms.
	 */
	const variant = process.argv[4] ?? 'as-run';
	if (!['as-run', 'prompt', 'held'].includes(variant)) throw new Error(`unknown variant ${variant}`);
	const held = variant === 'held';
	const { BENCH_EVOLUTION_URL: url, BENCH_EVOLUTION_KEY: apiKey, BENCH_BIG_ID: bigId, BENCH_WARM_ID: warmId } = process.env;
	// Filesystem mode: n8n-core's BinaryDataService on a temporary folder (test/harness/binary.ts).
	await storeOnDisk(Buffer.from('filesystem mode'), 'text/plain');

	const harness = new WebhookTriggerHarness({
		type: 'messagingTrigger',
		parameters: { instanceName: { __rl: true, mode: 'list', value: 'sales' }, events: ['messageReceived'], options: { includeMedia: true } },
		credentials: { messagingApi: { serverUrl: url, apiKey } },
	});
	await harness.listen();
	await harness.activate();
	const ask = async (path, body) =>
		await (await fetch(`${url}${path}`, { method: body ? 'POST' : 'GET', headers: { apikey: apiKey, 'content-type': 'application/json' }, body: body && JSON.stringify(body) })).json();
	const secret = (await ask('/webhook/find/sales')).headers['x-n8n-messaging-secret'];
	/** The link the server stored with the message (with S3 on it is also in the delivery). */
	const linkOf = async (id) => (await ask('/chat/findMessages/sales', { where: { key: { id } } })).messages.records[0].message.mediaUrl;
	const deliver = async (id) => {
		const data = mediaMessageData({ id, mediaType: 'video', mimetype: 'video/mp4', fileLength: fileMB * 2 ** 20 });
		if (source !== 'server') data.message.mediaUrl = await linkOf(id);
		const envelope = { event: 'messages.upsert', instance: 'sales', data, destination: harness.productionUrl, date_time: new Date().toISOString(), server_url: url, apikey: apiKey };
		const delivery = await harness.deliver(envelope, { 'x-n8n-messaging-secret': secret });
		const item = delivery.items?.[0];
		if (item?.json.mediaSource !== (source === 'server' ? 'server' : 'store') || !item.binary?.data?.id) throw new Error(`delivery of ${id}: ${JSON.stringify(item?.json.mediaError ?? item?.json.mediaSource)}`);
		return item;
	};
	/** The floor: the link's answer, from node:http alone, straight into n8n's binary store (FsByteStore writes a stream as it comes). */
	const download = async (id) => {
		const link = await linkOf(id);
		const response = await new Promise((resolve, reject) => http.get(link, resolve).on('error', reject));
		if (response.statusCode !== 200) throw new Error(`floor: the bucket answered ${response.statusCode}`);
		return { binary: { data: await storeOnDisk(response, 'video/mp4') } };
	};
	const receive = source === 'floor' ? download : deliver;
	// Warm-up: module loading, first compilation and the first request are not the file's cost.
	await receive(warmId);

	global.gc?.();
	resetPeakRss();
	const before = process.memoryUsage();
	let peakHeap = 0;
	let peakHeldRssMB = 0;
	const sample = () => {
		// `held`: a full GC before each sample, so that what is counted is what the process still holds.
		if (held) global.gc();
		if (variant === 'prompt') global.gc({ type: 'minor' });
		const { used_heap_size, external_memory } = v8.getHeapStatistics();
		peakHeap = Math.max(peakHeap, used_heap_size + external_memory);
		if (held) peakHeldRssMB = Math.max(peakHeldRssMB, process.memoryUsage.rss() / 2 ** 20);
	};
	const timer = setInterval(sample, held ? 5 : 1);
	const started = process.hrtime.bigint();
	const item = await receive(bigId);
	const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
	sample();
	clearInterval(timer);
	const MB = 2 ** 20;
	await harness.close();
	return {
		source,
		variant,
		fileMB,
		// RSS sampled right after each GC (the high-water mark counts the garbage between two GCs).
		peakHeldRssMB,
		storedMB: item.binary.data.bytes / MB,
		wallMs,
		rssBeforeMB: before.rss / MB,
		peakRssMB: peakRssMB(),
		heapBeforeMB: (before.heapUsed + before.external) / MB,
		peakHeapMB: peakHeap / MB,
	};
}

runBenchChild(main);
