// Cloudflare Workers (workerd via miniflare): bundled with esbuild, the config as a binding.
import * as opslink from 'opslink';
import { runScenario } from './scenario.mjs';

export default {
  async fetch(_request, env) {
    try {
      return Response.json(await runScenario(opslink, JSON.parse(env.OPSLINK_RUNTIME_CONFIG)));
    } catch (error) {
      return Response.json({ ok: false, error: `${error?.name}: ${error?.message}`, stack: String(error?.stack) });
    }
  },
};
