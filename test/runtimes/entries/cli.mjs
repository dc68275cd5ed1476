// Node, Deno and Bun: the consumer's own `import` of the installed package, the config from
// the environment, one result line on stdout.
import * as opslink from 'opslink';
import { runScenario } from './scenario.mjs';

const env = globalThis.Deno ? globalThis.Deno.env.get('OPSLINK_RUNTIME_CONFIG') : globalThis.process.env.OPSLINK_RUNTIME_CONFIG;
const result = await runScenario(opslink, JSON.parse(env));
console.log(`OPSLINK_RESULT ${JSON.stringify(result)}`);
