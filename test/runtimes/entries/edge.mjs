// Vercel's edge runtime (@edge-runtime/vm): bundled by esbuild to a script that leaves a
// function on the global object for the host to call.
import * as opslink from 'opslink';
import { runScenario } from './scenario.mjs';

globalThis.__opslinkRunScenario = (config) => runScenario(opslink, config);
