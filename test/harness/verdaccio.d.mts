// Types of verdaccio.mjs, for the TypeScript tests that import it.
export declare const VERDACCIO_VERSION: string;
export declare const verdaccioDir: string;
export declare const verdaccioBin: string;
