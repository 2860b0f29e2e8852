// The servers the end-to-end and queue-mode tests start as child processes (n8n's main and
// workers, Redis, PostgreSQL): waiting until one is ready, and stopping it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Starts a long-running process, collecting everything it prints (stdout and stderr, in order). */
export function startProcess(command: string, args: string[], options: SpawnOptions = {}) {
	const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
	let output = '';
	const collect = (chunk: Buffer) => {
		output += chunk.toString();
	};
	child.stdout?.on('data', collect);
	child.stderr?.on('data', collect);
	return { child, output: () => output };
}

/**
 * Resolves once `isReady()` says so; throws with the tail of the process's `output()` if it exits
 * first or is not ready within `timeoutMs` (then it is killed).
 */
export async function waitUntilReady(child: ChildProcess, what: string, isReady: () => Promise<boolean>, output: () => string, timeoutMs = 120_000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${output().slice(-3000)}`);
		if (Date.now() > deadline) {
			child.kill('SIGKILL');
			throw new Error(`${what} not ready after ${timeoutMs / 1000} s:\n${output().slice(-3000)}`);
		}
		if (await isReady()) return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
}

/** Whether `url` answers 2xx now. */
export const answersOk = (url: string) => () => fetch(url).then((response) => response.ok, () => false);

/** Sends `signal` and waits for the process to exit; SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 20_000) {
	if (child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise((resolve) => child.once('exit', resolve));
	child.kill(signal);
	const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
	await exited;
	clearTimeout(timer);
}
