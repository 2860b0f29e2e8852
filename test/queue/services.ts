// Redis and PostgreSQL for the queue-mode test: Debian's programs (installed with apt-get when
// missing and running as root, as CI does), each started here as a child process on a free
// loopback port with its data in a new temporary folder, and stopped with that folder removed.
// The machine's own servers, if any, are not touched.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { aptInstall, canInstall } from '../harness/debian.mjs';
import { freePort, run, startProcess, stopProcess, waitUntilReady } from '../harness/processes.mjs';

/** A server this test started. */
export interface Service {
	port: number;
	stop(): Promise<void>;
}

export interface Postgres extends Service {
	version: string;
	database: string;
	user: string;
	password: string;
	/** Runs SQL with psql; returns its rows, one line each, columns split by `|`. */
	query(sql: string): Promise<string[]>;
}

/** The highest PostgreSQL version's programs Debian installed (`/usr/lib/postgresql/<major>/bin`). */
function postgresBinDir(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!existsSync(root)) return undefined;
	const majors = readdirSync(root)
		.filter((entry) => existsSync(path.join(root, entry, 'bin', 'initdb')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length > 0 ? path.join(root, majors[0], 'bin') : undefined;
}

function redisServerPath(): string | undefined {
	return ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((file) => existsSync(file));
}

/** Installs what is missing of redis-server and postgresql (as root), or says how to. */
export function ensureServerPrograms(log: (line: string) => void) {
	const missing = [...(redisServerPath() ? [] : ['redis-server']), ...(postgresBinDir() ? [] : ['postgresql'])];
	if (missing.length === 0) return;
	if (!canInstall()) {
		throw new Error(`The queue-mode test needs Debian's ${missing.join(' and ')}: sudo apt-get install ${missing.join(' ')}`);
	}
	aptInstall(missing, log);
}

/** PostgreSQL refuses to run as root: as root, its files and process belong to Debian's `postgres` user. */
function postgresAccount(): { uid: number; gid: number } | undefined {
	if (process.getuid?.() !== 0) return undefined;
	const line = readFileSync('/etc/passwd', 'utf8')
		.split('\n')
		.find((entry) => entry.startsWith('postgres:'));
	if (!line) throw new Error('Running as root, but there is no postgres user to run PostgreSQL as (Debian\'s postgresql package creates it)');
	const [, , uid, gid] = line.split(':');
	return { uid: Number(uid), gid: Number(gid) };
}

/** Whether `port` on loopback accepts a connection now. */
const listens = (port: number) => () =>
	new Promise<boolean>((resolve) => {
		const socket = connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});

/** `redis-server` on a free port, nothing saved to disk. */
export async function startRedis(): Promise<Service> {
	const program = redisServerPath();
	if (!program) throw new Error('redis-server is not installed (ensureServerPrograms installs it)');
	const dir = await mkdtemp(path.join(tmpdir(), 'queue-redis-'));
	const port = await freePort();
	const redis = startProcess(program, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir]);
	await waitUntilReady(redis.child, 'redis-server', listens(port), redis.output, 60_000);
	return {
		port,
		stop: async () => {
			await stopProcess(redis.child);
			await rm(dir, { recursive: true, force: true });
		},
	};
}

/**
 * A new PostgreSQL cluster (initdb) on a free port with a database `n8n` owned by user `n8n`. It
 * runs without fsync: its data is thrown away at the end.
 */
export async function startPostgres(): Promise<Postgres> {
	const bin = postgresBinDir();
	if (!bin) throw new Error('PostgreSQL is not installed (ensureServerPrograms installs it)');
	const account = postgresAccount();
	const dir = await mkdtemp(path.join(tmpdir(), 'queue-postgres-'));
	await chmod(dir, 0o755);
	const data = path.join(dir, 'data');
	await mkdir(data, { mode: 0o700 });
	if (account) await chown(data, account.uid, account.gid);
	const asOwner = account ?? {};
	const user = 'n8n';
	const password = 'n8n';
	const database = 'n8n';

	await run(path.join(bin, 'initdb'), ['-D', data, '-U', user, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...asOwner, cwd: dir });

	const port = await freePort();
	const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'listen_addresses=127.0.0.1', `unix_socket_directories=${data}`];
	const postgres = startProcess(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])], { ...asOwner, cwd: dir });
	const psql = async (sql: string, db = database) => {
		const result = await run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', user, '-d', db, '-At', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
			env: { ...process.env, PGPASSWORD: password },
		});
		return result.stdout.split('\n').filter((line: string) => line !== '');
	};
	// Ready when it answers a query (it accepts connections a moment before).
	const answers = () => psql('SELECT 1', 'postgres').then(() => true, () => false);
	await waitUntilReady(postgres.child, 'postgres', answers, postgres.output, 60_000);
	await psql(`CREATE DATABASE ${database}`, 'postgres');
	const [version] = await psql('SHOW server_version');
	return {
		port,
		version,
		database,
		user,
		password,
		query: (sql) => psql(sql),
		// SIGINT: PostgreSQL's fast shutdown.
		stop: async () => {
			await stopProcess(postgres.child, { signal: 'SIGINT' });
			await rm(dir, { recursive: true, force: true });
		},
	};
}
