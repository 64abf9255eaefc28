export declare const ROOT: string;
export declare const WEB_DIST_DIR: string;
export declare function webBuildStaleReason(): string | null;
export declare function ensureWebBuilt(options?: { log?: (message: string) => void }): boolean;
