// Child processes, for the tests and the scripts alike: a command run to its end with its output
// collected (`run`), a long-running server started (`startProcess`), waited for until it is ready
// (`waitUntilReady`) and stopped (`stopProcess`), and free loopback ports to give it. n8n's own start
// (`startN8n`) is built on these in n8n.mjs. Plain JavaScript, so that the scripts (run by Node
// without a build) and the TypeScript tests share it; types in processes.d.mts beside this file.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A TCP port free on loopback right now. */
export async function freePort() {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.unref();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
			server.close(() => resolve(port));
		});
	});
}

/** Whether `port` can be listened on (on all interfaces, as n8n does). */
export async function portIsFree(port) {
	return await new Promise((resolve) => {
		const server = createServer();
		server.unref();
		server.once('error', () => resolve(false));
		server.listen(port, () => server.close(() => resolve(true)));
	});
}

/** Calls `onLine` with each whole line of the chunks it is given; `flush` passes on the rest. */
function lineSplitter(onLine) {
	let rest = '';
	return (chunk, flush = false) => {
		if (!onLine) return;
		rest += chunk;
		const lines = rest.split('\n');
		rest = flush ? '' : lines.pop();
		for (const line of lines) if (line || !flush) onLine(line);
	};
}

/**
 * Runs a command, collecting its output. Rejects when it exits non-zero unless `allowFailure`.
 * `onLine` sees every output line as it comes (for progress).
 */
export function run(command, args, { cwd, env, uid, gid, allowFailure = false, onLine, timeoutMs } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd, env: env ?? process.env, uid, gid, stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let stderr = '';
		const outLines = lineSplitter(onLine);
		const errLines = lineSplitter(onLine);
		child.stdout.setEncoding('utf8').on('data', (chunk) => {
			stdout += chunk;
			outLines(chunk);
		});
		child.stderr.setEncoding('utf8').on('data', (chunk) => {
			stderr += chunk;
			errLines(chunk);
		});
		const timer = timeoutMs
			? setTimeout(() => {
					stderr += `\n[killed after ${timeoutMs} ms]`;
					child.kill('SIGKILL');
				}, timeoutMs)
			: undefined;
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			outLines('', true);
			errLines('', true);
			const result = { code: code ?? 1, signal, stdout, stderr };
			if (result.code !== 0 && !allowFailure) {
				const tail = (stderr || stdout).trim().split('\n').slice(-30).join('\n');
				reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}:\n${tail}`));
			} else resolve(result);
		});
	});
}

/**
 * Starts a long-running process. Its output (stdout and stderr, in order) is collected for
 * `output()`, and each line is passed to `onLine` if given; with `inherit` it goes to this process's
 * own stdout and stderr instead (then `output()` stays empty). `keepChars` bounds what `output()`
 * keeps to the newest characters, for a process that runs for hours.
 */
export function startProcess(command, args, { inherit = false, onLine, keepChars = Infinity, ...options } = {}) {
	const child = spawn(command, args, { ...options, stdio: inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'] });
	let output = '';
	const collector = () => {
		const lines = lineSplitter(onLine);
		return (chunk) => {
			output += chunk.toString();
			if (output.length > keepChars * 2) output = output.slice(-keepChars);
			lines(chunk.toString());
		};
	};
	child.stdout?.on('data', collector());
	child.stderr?.on('data', collector());
	return { child, output: () => output };
}

/** Whether the process has ended (exited, or killed by a signal). */
const ended = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * Resolves once `isReady()` says so; throws with the tail of the process's `output()` if it ends
 * first or is not ready within `timeoutMs` (then it is killed).
 */
export async function waitUntilReady(child, what, isReady, output, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (ended(child)) throw new Error(`${what} exited (${child.exitCode ?? child.signalCode}):\n${output().slice(-3000)}`);
		if (Date.now() > deadline) {
			child.kill('SIGKILL');
			throw new Error(`${what} not ready after ${timeoutMs / 1000} s:\n${output().slice(-3000)}`);
		}
		if (await isReady()) return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/** Whether `url` answers 2xx now. */
export const answersOk = (url) => () => fetch(url).then((response) => response.ok, () => false);

/**
 * Stops a process and waits until it has exited: after `waitFirstMs` (time to end by itself, say
 * after a Ctrl-C the terminal already sent it), `signal`; SIGKILL after `graceMs` more, to its whole
 * process group with `group` (a process started `detached`, with children of its own).
 */
export async function stopProcess(child, { signal = 'SIGTERM', graceMs = 20_000, waitFirstMs = 0, group = false } = {}) {
	if (ended(child)) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	const kill = () => {
		if (group) {
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {
				// the group is gone already
			}
		} else child.kill('SIGKILL');
	};
	let killTimer;
	const signalTimer = setTimeout(() => {
		child.kill(signal);
		killTimer = setTimeout(kill, graceMs);
	}, waitFirstMs);
	await exited;
	clearTimeout(signalTimer);
	clearTimeout(killTimer);
}
