/**
 * Runs the esbuild bundle of entries/edge.mjs in Vercel's edge runtime (@edge-runtime/vm):
 * a V8 context with only the web primitives, no `require`, no Node globals and code
 * generation (eval, new Function) off, as in a deployed edge function.
 * Usage: node edge.mjs <bundle.js> <runtimesDir>; config from OPSLINK_RUNTIME_CONFIG.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [bundlePath, runtimesDir] = process.argv.slice(2);
const require = createRequire(join(runtimesDir, 'package.json'));
const { EdgeVM } = require('@edge-runtime/vm');
const primitives = require('@edge-runtime/primitives/package.json').version;
console.log(`OPSLINK_VERSION @edge-runtime/vm ${require('@edge-runtime/vm/package.json').version}, primitives ${primitives}`);

const vm = new EdgeVM();
const context = vm.evaluate('({ process: typeof process, require: typeof require, runtime: typeof EdgeRuntime })');
vm.evaluate(await readFile(bundlePath, 'utf8'));
const config = JSON.parse(process.env.OPSLINK_RUNTIME_CONFIG);
const result = await vm.evaluate(`__opslinkRunScenario(${JSON.stringify(config)})`);
console.log(`OPSLINK_RESULT ${JSON.stringify({ ...result, context })}`);
