// A CommonJS consumer of the core entry points on the oldest supported Node (22.0, which
// cannot require() an ES module): plain require(), the shared scenario, no opslink/testing.
const opslink = require('opslink');
const messaging = require('opslink/messaging');
const warehouse = require('opslink/warehouse');
const { runScenario } = require('./scenario.cjs');

async function main() {
  if (messaging.OpslinkError !== opslink.OpslinkError || warehouse.OpslinkError !== opslink.OpslinkError) {
    throw new Error('the entry points do not share one OpslinkError class');
  }
  const result = await runScenario(opslink, JSON.parse(process.env.OPSLINK_RUNTIME_CONFIG));
  console.log(`OPSLINK_RESULT ${JSON.stringify(result)}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
