// Types of bench/page-bundle.mjs, for the tests that read its pages (test/bundle-budgets.test.ts).
export declare const PAGES: Record<string, { entry: string; loads: string[]; code: string }>;
export declare const PAGE_TARGETS: number[];
export interface PageBytes {
  initial: number;
  onDemand: number;
  unused: number;
  loaded: number;
}
export declare function pageBytes(code: string, options?: { loads?: string[]; alias?: unknown[]; name?: string }): Promise<PageBytes>;
export declare function measurePages(): Promise<(PageBytes & { name: string })[]>;
