// Types of processes.mjs, for the TypeScript tests that import it.
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export declare function freePort(): Promise<number>;
export declare function portIsFree(port: number): Promise<boolean>;

export interface RunResult {
	code: number;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

export interface RunOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Run as this user and group (a root process only). */
	uid?: number;
	gid?: number;
	allowFailure?: boolean;
	onLine?: (line: string) => void;
	timeoutMs?: number;
}

export declare function run(command: string, args: string[], options?: RunOptions): Promise<RunResult>;

export interface StartedProcess {
	child: ChildProcess;
	/** Everything it printed so far (stdout and stderr, in order); empty with `inherit`. */
	output(): string;
}

export interface StartOptions extends Omit<SpawnOptions, 'stdio'> {
	/** Print to this process's stdout and stderr instead of collecting. */
	inherit?: boolean;
	/** Sees each line of output as it comes. */
	onLine?: (line: string) => void;
}

export declare function startProcess(command: string, args: string[], options?: StartOptions): StartedProcess;

export declare function waitUntilReady(
	child: ChildProcess,
	what: string,
	isReady: () => Promise<boolean>,
	output: () => string,
	timeoutMs?: number,
): Promise<void>;

export declare function answersOk(url: string): () => Promise<boolean>;

export interface StopOptions {
	/** Default SIGTERM. */
	signal?: NodeJS.Signals;
	/** SIGKILL this long after `signal`; default 20 s. */
	graceMs?: number;
	/** Wait this long for the process to end by itself before sending `signal`; default 0. */
	waitFirstMs?: number;
	/** SIGKILL its whole process group (a process started `detached`). */
	group?: boolean;
}

export declare function stopProcess(child: ChildProcess, options?: StopOptions): Promise<void>;
