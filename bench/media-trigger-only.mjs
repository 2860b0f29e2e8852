// `node bench/media-trigger-only.mjs`: only the Messaging Trigger media case of `npm run bench`: a
// 50 MB video received with Include Media Files, n8n's filesystem binary mode, streamed from the S3
// store's link (`store`) and asked of the server as base64 (`server`), 3 runs as it runs and 1 with a full GC every 5 ms (what is held), peak memory
// over an idle trigger; writes its section into BENCHMARKS.md. BENCH_TRIGGER_MEDIA_MB changes the size.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { withSection } from './report.mjs';
import { measureTriggerMedia, triggerMediaSection } from './triggerMedia.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
require('./register.cjs');
const { startEvolutionFake } = require('../fakes/evolution/index.ts');

const rows = await measureTriggerMedia(startEvolutionFake, Number(process.env.BENCH_TRIGGER_MEDIA_MB ?? 50));
for (const row of rows) console.log(JSON.stringify(row));
// The section alone into BENCHMARKS.md (at 50 MB, the size the report states), the findings brought up to bench/findings.md.
if (rows[0].fileMB === 50) {
	const reportFile = path.join(root, 'BENCHMARKS.md');
	writeFileSync(reportFile, withSection(readFileSync(reportFile, 'utf8'), triggerMediaSection(rows), { heading: '## Messaging Trigger: a 50 MB', before: '## Exchange Rate Trigger' }));
}
