// Types of bench/pages.mjs, for the tests that read its pages and bundlers (test/bundle-budgets.test.ts).
export declare const PAGES: Record<string, { code: string; control?: string }>;
export declare const BUNDLERS: Record<string, (dir: string, out: string) => Promise<unknown>>;
