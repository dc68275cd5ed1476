export declare const CORE_ENTRIES: string[];
export declare const TESTING_ENTRIES: string[];
export interface BuiltinViolation {
  entry: string;
  file: string;
  kind: 'static' | 'require' | 'dynamic' | 'string';
  specifier: string;
  reason?: string;
}
export declare function specifiersOf(source: string): { kind: 'static' | 'require' | 'dynamic'; specifier: string }[];
export declare function isNodeBuiltin(specifier: string): boolean;
export declare function checkNoNodeBuiltins(distDir: string): { files: string[]; violations: BuiltinViolation[] };
