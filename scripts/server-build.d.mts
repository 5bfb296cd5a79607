export declare const ROOT: string;
export declare const DIST: string;
export declare function isServerBuildFresh(): boolean;
export declare function compiledModule(sourcePath: string): string | null;
export declare function buildServer(options?: { outDir?: string }): Promise<{ files: number; ms: number }>;
