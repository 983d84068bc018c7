// Types of server-build.mjs for the TypeScript that imports it (benchmarks, browser tests).
export declare const SERVER_DIST: string;
export declare const SERVER_ENTRY: string;
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare function serverBuildIsStale(): boolean;
export declare function buildServerIfStale(): Promise<void>;
