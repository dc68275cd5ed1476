// A CommonJS consumer of every entry point: plain require(), no import() anywhere.
// scenario.cjs and entry-points.cjs are the .mjs files turned into CommonJS by the driver.
const opslink = require('opslink');
const messaging = require('opslink/messaging');
const warehouse = require('opslink/warehouse');
const testing = require('opslink/testing');
const { checkEntryPoints } = require('./entry-points.cjs');
const { runScenario } = require('./scenario.cjs');

async function main() {
  const entryPoints = await checkEntryPoints({ opslink, messaging, warehouse, testing });
  const result = await runScenario(opslink, JSON.parse(process.env.OPSLINK_RUNTIME_CONFIG));
  console.log(`OPSLINK_RESULT ${JSON.stringify({ ...result, entryPoints })}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
