// n8n in queue mode, as README's "Scaling with queue mode" sets it up: Redis and PostgreSQL
// (services.ts), one main (`n8n start`: editor, REST API, webhooks, triggers and polls) and two
// workers (`n8n worker`: the executions), each with a user folder of its own in which the packed
// package is installed the way README's Installation says (`npm install` of the tarball in
// `.n8n/nodes`). All share one encryption key, and binary data goes to the database.
//
// Each process gets QUEUE_TEST_PROCESS (main, worker-1, worker-2) and may read it in expressions,
// so a workflow's `{{ $env.QUEUE_TEST_PROCESS }}` records in the execution which process ran it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { installTarball, n8nEnv, packTarball, repoRoot, runN8n, startN8n, type N8nProcess } from '../harness/n8n.mjs';
import { freePort } from '../harness/processes.mjs';
import { N8nServer, type WorkflowJson } from '../e2e/n8n';
import { ensureServerPrograms, startPostgres, startRedis, type Postgres, type Service } from './services';

export const WORKER_NAMES = ['worker-1', 'worker-2'] as const;
/** Each worker's `--concurrency`: n8n's advice is at least 5. */
export const WORKER_CONCURRENCY = 5;

const log = (line: string) => console.log(`[queue] ${line}`);
/** Where every process's output is written when it stops, for a look after a failed run. */
export const LOG_DIR = path.join(repoRoot, 'test-results', 'queue');
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A credential to import: `{id, name, type, data}` as `n8n import:credentials` takes it. */
export interface CredentialJson {
	id: string;
	name: string;
	type: string;
	data: IDataObject;
}

/** What every process needs alike, as README's "Scaling with queue mode" lists it. */
export function queueModeSettings(redis: { port: number }, postgres: Pick<Postgres, 'port' | 'database' | 'user' | 'password'>) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
		N8N_DEFAULT_BINARY_DATA_MODE: 'database',
		// Manual runs on the workers too (n8n deprecates running them on the main in queue mode).
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
}

/** A running `n8n worker`. */
export class N8nWorker {
	private constructor(
		readonly name: string,
		private readonly n8n: N8nProcess,
	) {}

	static async start(name: string, env: NodeJS.ProcessEnv, healthPort: number): Promise<N8nWorker> {
		const n8n = startN8n({ env, command: 'worker', args: [`--concurrency=${WORKER_CONCURRENCY}`], name });
		await n8n.ready({ url: `http://127.0.0.1:${healthPort}/healthz/readiness` });
		return new N8nWorker(name, n8n);
	}

	/** The executions this worker logged starting ("Worker started execution 12 (job 3)"). */
	startedExecutions(): string[] {
		return [...this.n8n.output().matchAll(/Worker started execution (\d+) /g)].map((match) => match[1]);
	}

	async stop() {
		await this.n8n.stop({ graceMs: 30_000 });
		await writeFile(path.join(LOG_DIR, `${this.name}.log`), this.n8n.output());
	}
}

export class QueueCluster {
	private constructor(
		private readonly work: string,
		private readonly tarballDir: string,
		readonly redis: Service,
		readonly postgres: Postgres,
		private readonly mainEnv: Record<string, string>,
		private readonly mainFolder: string,
		public main: N8nServer,
		readonly workers: N8nWorker[],
	) {}

	/**
	 * Starts everything, with the credentials and workflows imported (inactive) before n8n starts.
	 * If a step fails, what was started is stopped.
	 */
	static async start(setup: { credentials: CredentialJson[]; workflows: WorkflowJson[] }): Promise<QueueCluster> {
		const started = Date.now();
		const stoppers: Array<() => Promise<void>> = [];
		const work = await mkdtemp(path.join(tmpdir(), 'n8n-queue-'));
		await rm(LOG_DIR, { recursive: true, force: true });
		await mkdir(LOG_DIR, { recursive: true });
		try {
			ensureServerPrograms(log);
			const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
			stoppers.push(redis.stop, postgres.stop);
			log(`Redis on ${redis.port}, PostgreSQL ${postgres.version} on ${postgres.port} (${seconds(started)})`);

			const tarball = await packTarball();
			stoppers.push(() => rm(path.dirname(tarball), { recursive: true, force: true }));
			const folders = Object.fromEntries(['main', ...WORKER_NAMES].map((name) => [name, path.join(work, name)]));
			await Promise.all(Object.values(folders).map((folder) => installTarball(folder, tarball)));
			log(`${path.basename(tarball)} installed with npm in ${Object.keys(folders).join(', ')} (${seconds(started)})`);

			const shared = {
				...queueModeSettings(redis, postgres),
				// Lets `$env.QUEUE_TEST_PROCESS` say in an execution's data which process ran it.
				N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
			};
			const envOf = async (name: string, port: number, extra: Record<string, string> = {}) =>
				n8nEnv({
					userFolder: folders[name],
					port,
					brokerPort: await freePort(),
					extra: { ...shared, QUEUE_TEST_PROCESS: name, ...extra },
				});

			// The import also creates n8n's tables in PostgreSQL, before any server starts.
			const importEnv = await envOf('main', await freePort());
			await writeFile(path.join(work, 'credentials.json'), JSON.stringify(setup.credentials, null, 2));
			await writeFile(path.join(work, 'workflows.json'), JSON.stringify(setup.workflows, null, 2));
			await runN8n(['import:credentials', `--input=${path.join(work, 'credentials.json')}`], { env: importEnv, timeoutMs: 180_000 });
			await runN8n(['import:workflow', `--input=${path.join(work, 'workflows.json')}`], { env: importEnv, timeoutMs: 180_000 });
			log(`database migrated, ${setup.credentials.length} credentials and ${setup.workflows.length} workflows imported (${seconds(started)})`);

			const mainEnv = { ...shared, QUEUE_TEST_PROCESS: 'main' };
			// All three start together; if one fails, the others are waited for so that all get stopped.
			const mainStarting = N8nServer.start(folders.main, path.join(LOG_DIR, 'main.log'), { env: mainEnv });
			const workersStarting = WORKER_NAMES.map(async (name) => {
				const healthPort = await freePort();
				const env = await envOf(name, await freePort(), { QUEUE_HEALTH_CHECK_ACTIVE: 'true', QUEUE_HEALTH_CHECK_PORT: String(healthPort) });
				return await N8nWorker.start(name, env, healthPort);
			});
			const settled = await Promise.allSettled<N8nServer | N8nWorker>([mainStarting, ...workersStarting]);
			for (const result of settled) if (result.status === 'fulfilled') stoppers.push(() => result.value.stop());
			const failure = settled.find((result) => result.status === 'rejected');
			if (failure) throw failure.reason;
			const main = await mainStarting;
			const workers = await Promise.all(workersStarting);
			log(`main on ${main.url} and ${workers.length} workers ready (${seconds(started)})`);
			return new QueueCluster(work, path.dirname(tarball), redis, postgres, mainEnv, folders.main, main, workers);
		} catch (error) {
			for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
			await rm(work, { recursive: true, force: true });
			throw error;
		}
	}

	/**
	 * Stops the main, runs `whileStopped` (what happens in the world meanwhile), and starts the main
	 * again on the same port; the workers, Redis and PostgreSQL go on.
	 */
	async restartMain(whileStopped: () => void | Promise<void> = () => undefined) {
		const started = Date.now();
		const port = Number(new URL(this.main.url).port);
		await this.main.stop();
		await whileStopped();
		this.main = await N8nServer.start(this.mainFolder, path.join(LOG_DIR, 'main-restarted.log'), { port, env: this.mainEnv });
		log(`main restarted (${seconds(started)})`);
	}

	/** The worker that ran an execution, from the workers' logs; undefined if none logged it. */
	workerThatRan(executionId: string): string | undefined {
		return this.workers.find((worker) => worker.startedExecutions().includes(executionId))?.name;
	}

	/** Stops the n8n processes, then Redis and PostgreSQL, and removes their folders. */
	async stop() {
		await Promise.all([this.main.stop(), ...this.workers.map((worker) => worker.stop())]);
		await Promise.all([this.redis.stop(), this.postgres.stop()]);
		await rm(this.tarballDir, { recursive: true, force: true });
		if (!process.env.E2E_KEEP) await rm(this.work, { recursive: true, force: true });
	}
}
