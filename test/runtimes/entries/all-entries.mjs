// An ES module consumer of every entry point (needs msw, the testing kit's peer).
import * as opslink from 'opslink';
import * as messaging from 'opslink/messaging';
import * as testing from 'opslink/testing';
import * as warehouse from 'opslink/warehouse';
import { checkEntryPoints } from './entry-points.mjs';
import { runScenario } from './scenario.mjs';

const entryPoints = await checkEntryPoints({ opslink, messaging, warehouse, testing });
const result = await runScenario(opslink, JSON.parse(process.env.OPSLINK_RUNTIME_CONFIG));
console.log(`OPSLINK_RESULT ${JSON.stringify({ ...result, entryPoints })}`);
