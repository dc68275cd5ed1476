// Types of bench/page-bundle.mjs, for the diagnostics that read its pages.
export declare const PAGES: Record<string, { loads: string[]; code: string }>;
export interface PageBytes {
  initial: number;
  onDemand: number;
  unused: number;
  loaded: number;
}
export declare function pageBytes(code: string, options?: { loads?: string[]; alias?: unknown[]; name?: string }): Promise<PageBytes>;
export declare function measurePages(): Promise<(PageBytes & { name: string })[]>;
