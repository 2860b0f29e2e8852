// Types of n8n.mjs, for the TypeScript tests that import it.
import type { ChildProcess } from 'node:child_process';

import type { RunOptions, RunResult, StopOptions } from './processes.mjs';

export type { RunOptions, RunResult } from './processes.mjs';

export declare const repoRoot: string;
export declare const PINNED_N8N_VERSION: string;
export declare const N8N_VERSION: string;
export declare const releasesDir: string;
export declare const releasesCacheRoot: string;
export declare const cacheDir: string;
export declare function releaseHasModule(name: string): boolean;
export declare const n8nBin: string;
export declare const PACKAGE_NAME: string;
export declare const DEV_ENCRYPTION_KEY: string;
export declare const SANDBOX_CREDENTIALS: {
	lookup: { id: string; name: string; type: 'taxpayerLookupApi' };
	messaging: { id: string; name: string; type: 'messagingApi' };
	sunat: { id: string; name: string; type: 'sunatApi' };
	sunatSire: { id: string; name: string; type: 'sunatSireApi' };
	openAi: { id: string; name: string; type: 'openAiApi' };
};

/** The sandbox's instance for trying a Messaging Trigger (no example listens on it). */
export declare const SANDBOX_PLAYGROUND_INSTANCE: string;

export declare const SANDBOX_FAKE_OPTIONS: {
	messaging: {
		unregistered: string[];
		contacts: Record<string, string>;
		instances: Array<{ name: string; connectionStatus: 'open' | 'close' | 'connecting' }>;
		deliverTo: string;
	};
};

export declare function n8nEnv(options: {
	userFolder: string;
	port: number;
	brokerPort: number;
	extra?: Record<string, string>;
}): NodeJS.ProcessEnv;

export declare function packTarball(): Promise<string>;
export declare function packPackage(): Promise<string>;
export declare function installTarball(userFolder: string, tarball: string): Promise<void>;
export declare function installCommunityPackage(userFolder: string, unpackedDir: string): Promise<string>;
export declare function listFiles(dir: string): Promise<string[]>;

/** A running n8n server (see startN8n). */
export interface N8nProcess {
	child: ChildProcess;
	/** Everything it printed so far; empty with `inherit`. */
	output(): string;
	/** Waits until `url` (default its /healthz/readiness) answers 2xx; default 120 s. */
	ready(options?: { url?: string; timeoutMs?: number }): Promise<void>;
	stop(options?: StopOptions): Promise<void>;
}

export declare function startN8n(options: {
	env: NodeJS.ProcessEnv;
	/** Default `start`. */
	command?: string;
	args?: string[];
	/** Print to this process's stdout and stderr instead of collecting. */
	inherit?: boolean;
	/** What errors call it; default `n8n <command>`. */
	name?: string;
}): N8nProcess;
export declare function runN8n(args: string[], options: RunOptions & { env: NodeJS.ProcessEnv }): Promise<RunResult>;
export declare function bcryptHash(password: string): Promise<string>;
