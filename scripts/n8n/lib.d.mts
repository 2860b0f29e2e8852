// Types of lib.mjs, for the TypeScript end-to-end tests that import it.
export declare const repoRoot: string;
export declare const N8N_VERSION: string;
export declare const cacheDir: string;
export declare const n8nBin: string;
export declare const PACKAGE_NAME: string;
export declare const DEV_ENCRYPTION_KEY: string;
export declare const SANDBOX_CREDENTIALS: {
	lookup: { id: string; name: string; type: 'taxpayerLookupApi' };
	messaging: { id: string; name: string; type: 'messagingApi' };
};

export declare const SANDBOX_FAKE_OPTIONS: {
	messaging: { unregistered: string[]; contacts: Record<string, string> };
};

export declare function freePort(): Promise<number>;
export declare function portIsFree(port: number): Promise<boolean>;

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
export declare function runN8n(args: string[], options: RunOptions & { env: NodeJS.ProcessEnv }): Promise<RunResult>;
export declare function bcryptHash(password: string): Promise<string>;
