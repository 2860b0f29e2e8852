// Types of install.mjs, for the TypeScript tests that import it (test/install/).
export declare const VERDACCIO_VERSION: string;
export declare const verdaccioDir: string;
export declare const verdaccioBin: string;
export declare function verdaccioIsInstalled(): Promise<boolean>;
export declare function ensureVerdaccio(options?: { log?: (line: string) => void }): Promise<void>;
