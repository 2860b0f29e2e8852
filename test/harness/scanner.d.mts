export declare const SCANNER_VERSION: string;
export declare const scannerDir: string;
export declare const scannerModule: string;
export declare const TARBALL_FILE_PATTERNS: string[];

export interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

/** Lints `dir` with n8n's scanner: the attested source, or the unpacked tarball. */
export declare function scan(dir: string, leg: 'source' | 'tarball'): Promise<ScanResult>;
