#!/usr/bin/env node
/**
 * npm run test:runtimes — "Runs everywhere it says it does".
 *
 * Packs opslink as it is published, installs the tarball into a fresh consumer folder per
 * runtime (`npm install <tgz>`, plus msw only where the consumer uses opslink/testing: one
 * install per set, copied to each folder) and runs the same scenario (test/runtimes/scenario.mjs)
 * in each, two rows at a time, each against a mock server of its own started here from the
 * packed opslink/testing (the page rows share one Chromium):
 *   Node 22, 24, 26 (ESM; CJS and ESM consumers of every entry point), Deno, Bun,
 *   Cloudflare workerd (miniflare), Vercel's edge runtime (@edge-runtime/vm),
 *   Chromium (a Vite build: MSW's service worker in the page, and real HTTP with CORS),
 *   tsc with moduleResolution node16 / nodenext / bundler against the packed types,
 *   and a scan of the packed core for Node built-ins.
 * The runtimes (~1 GB unpacked) are installed on demand into .tmp/runtimes/ (its own
 * package.json, versions pinned below) and kept there between runs.
 *
 * Options: --only a,b (rows whose name contains a or b)   --keep (keep the temp folders)
 * Env: OPSLINK_RUNTIMES_DIR (cache folder), OPSLINK_RUNTIME_LANES (rows at a time, default 2), CHROMIUM_PATH (default /usr/bin/chromium; installed
 * with apt-get when missing and running as root), OPSLINK_RUNTIME_TIMEOUT_MS (per row).
 * Prints a table, writes test/runtimes/versions.md (in CI: .tmp/runtimes-versions.md) and .tmp/runtimes-report.json (every
 * row's result as the runtime printed it), and ends with `N passed, N failed`.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = join(repo, 'test/runtimes');
const { checkNoNodeBuiltins } = await import(pathToFileURL(join(fixtures, 'builtins-check.mjs')).href);
const { verifyRun } = await import(pathToFileURL(join(fixtures, 'verify.mjs')).href);
const { typescriptConsumers } = await import(pathToFileURL(join(fixtures, 'typescript.mjs')).href);
const { CHROMIUM_ARGS } = await import(pathToFileURL(join(fixtures, 'hosts/chromium-args.mjs')).href);

/** The runtimes, pinned. Change a version here; the cache reinstalls on the next run. */
const RUNTIME_PACKAGES = {
  // The oldest Node the package supports: no require() of ES modules there (that came in 22.12).
  node22_0: 'npm:node@22.0.0',
  node22: 'npm:node@22.23.3',
  node24: 'npm:node@24.21.0',
  node26: 'npm:node@26.10.0',
  deno: '2.9.6',
  bun: '1.4.5',
  miniflare: '4.20260730.0',
  '@edge-runtime/vm': '5.0.0',
};
// npm 11 runs a dependency's install script only when allowScripts lists it: these fetch
// or link the runtime binaries (the node packages' preinstall, deno's and bun's postinstall).
const RUNTIME_ALLOW_SCRIPTS = { node: true, deno: true, bun: true, workerd: true, sharp: true, esbuild: true };

const args = process.argv.slice(2);
const only = (args.includes('--only') ? args[args.indexOf('--only') + 1] : '').split(',').filter(Boolean);
const keep = args.includes('--keep');
const runtimesDir = resolve(process.env.OPSLINK_RUNTIMES_DIR || join(repo, '.tmp/runtimes'));
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const timeoutOverride = Number(process.env.OPSLINK_RUNTIME_TIMEOUT_MS) || undefined;
const repoRequire = createRequire(join(repo, 'package.json'));
const repoVersion = (name) => JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version;
const wanted = (name) => only.length === 0 || only.some((part) => name.includes(part));

const startedAt = Date.now();
const rows = [];
const children = new Set();
let tempRoot;
/** The lanes' mock servers. */
const servers = [];
let chromiumReady;
/** The Chromium the page rows connect to (playwright-core's browser server), once started. */
let browserServer;
/** Rows at a time: the runtimes are mostly waiting on a child process; CI machines here have 2 cores. */
const LANES = Math.max(1, Number(process.env.OPSLINK_RUNTIME_LANES) || 2);

// ---------------------------------------------------------------------------- helpers

const log = (line) => process.stderr.write(`[runtimes] ${line}\n`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs a command with a timeout, in its own process group (so a runtime's own children,
 * workerd or Chromium, end with it). Resolves { code, stdout, stderr, timedOut, ms }.
 */
function run(command, commandArgs, { cwd = repo, env = {}, timeout = 120_000 } = {}) {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(command, commandArgs, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeout);
    child.on('error', (error) => {
      stderr += `\n${error.message}`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolvePromise({ code: code ?? (signal ? 128 : 1), stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    try {
      child.kill('SIGKILL');
    } catch {}
  }
}

/** `npm` as the user runs it (npm's own Node; `node` on PATH is the repo's Node 24 under npm run). */
const npm = (npmArgs, options) => run('npm', [...npmArgs, '--no-audit', '--no-fund', '--loglevel=error'], options);

const tail = (text, lines = 12) => text.trim().split('\n').slice(-lines).join('\n');

async function inPool(items, size, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(size, queue.length) }, async () => {
      while (queue.length > 0) await work(queue.shift());
    }),
  );
}

function cleanup() {
  for (const child of children) killGroup(child);
  if (tempRoot && !keep) rmSync(tempRoot, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: cleaning up`);
    cleanup();
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------- 1. build and pack

/** The build CI made before (or a contributor's), unless src/ changed since: scripts/build-stamp.mjs. */
async function buildIfNeeded() {
  const result = await run(process.execPath, [join(repo, 'scripts/build-stamp.mjs'), 'ensure'], { timeout: 240_000 });
  if (result.code !== 0) throw new Error(`npm run build failed:\n${tail(result.stdout + result.stderr, 30)}`);
  log(result.stdout.trim().split('\n').at(-1));
}

async function pack() {
  const result = await npm(['pack', '--json', '--pack-destination', tempRoot], { timeout: 120_000 });
  if (result.code !== 0) throw new Error(`npm pack failed:\n${tail(result.stderr)}`);
  const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('[')));
  const files = info.files.map((file) => file.path);
  for (const required of ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts', 'dist/testing/index.d.cts']) {
    if (!files.includes(required)) throw new Error(`the tarball lacks ${required}`);
  }
  log(`packed ${info.filename} (${(info.size / 1024).toFixed(0)} KB, ${files.length} files)`);
  return { tarball: join(tempRoot, info.filename), version: info.version };
}

// ---------------------------------------------------------------------------- 2. runtimes cache

async function ensureRuntimes() {
  mkdirSync(runtimesDir, { recursive: true });
  const manifest = {
    name: 'opslink-runtimes-cache',
    private: true,
    description: 'Written by scripts/runtimes/run.mjs: the runtimes npm run test:runtimes uses. Safe to delete.',
    dependencies: RUNTIME_PACKAGES,
    allowScripts: RUNTIME_ALLOW_SCRIPTS,
  };
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const stamp = join(runtimesDir, 'node_modules/.opslink-runtimes-stamp');
  const binaries = ['node22_0', 'node22', 'node24', 'node26'].map((n) => join(runtimesDir, 'node_modules', n, 'bin/node'));
  binaries.push(join(runtimesDir, 'node_modules/.bin/deno'), join(runtimesDir, 'node_modules/.bin/bun'));
  const ready = existsSync(stamp) && readFileSync(stamp, 'utf8') === text && binaries.every((file) => existsSync(file));
  if (ready) {
    log(`runtimes cache ready: ${relative(repo, runtimesDir) || runtimesDir}`);
    return;
  }
  writeFileSync(join(runtimesDir, 'package.json'), text);
  log(`installing the runtimes into ${runtimesDir} (first run: ~400 MB download, a few minutes)`);
  const result = await npm(['install'], { cwd: runtimesDir, timeout: 480_000 });
  const missing = binaries.filter((file) => !existsSync(file));
  if (result.code !== 0 || missing.length > 0) {
    throw new Error(
      `installing the runtimes failed (${missing.join(', ') || `exit ${result.code}`}):\n${tail(result.stdout + result.stderr, 30)}`,
    );
  }
  writeFileSync(stamp, text);
}

const runtimeBin = {
  node: (major) => join(runtimesDir, 'node_modules', `node${major}`, 'bin/node'),
  deno: () => join(runtimesDir, 'node_modules/.bin/deno'),
  bun: () => join(runtimesDir, 'node_modules/.bin/bun'),
};

// ---------------------------------------------------------------------------- 3. consumers

/**
 * The tarball installed as a user installs it (`npm install <tgz>`, plus msw where the consumer
 * uses opslink/testing), once per set of packages: every consumer with the same set would get
 * the same node_modules, so the others copy it (13 installs were 13 × npm's own start-up).
 */
const installs = new Map();
function installed(msw, tarball) {
  const key = msw ? 'with-msw' : 'plain';
  if (!installs.has(key)) installs.set(key, installOnce(key, msw, tarball));
  return installs.get(key);
}

async function installOnce(key, msw, tarball) {
  const dir = join(tempRoot, `.install-${key}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: `consumer-${key}`, private: true }, null, 2)}\n`);
  const packages = [tarball];
  if (msw) packages.push(`msw@${repoPackage.devDependencies.msw}`);
  const result = await npm(['install', '--prefer-offline', ...packages], { cwd: dir, timeout: 240_000 });
  if (result.code !== 0) throw new Error(`npm install ${packages.join(' ')} failed:\n${tail(result.stderr)}`);
  log(`npm install ${key}: ${seconds(result.ms)}`);
  return dir;
}

/**
 * `from` again at `to`, its files hard-linked (a copy of 31 MB of small files took seconds per
 * consumer here). Nothing a row runs writes into an installed package's files; new files
 * (a Vite or Deno cache) land in the consumer's own directories. Symbolic links
 * (node_modules/.bin) are made again with the same, relative, target.
 */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else linkSync(source, target);
  }
}

/** A fresh app folder with the tarball installed (and msw when it uses opslink/testing). */
async function makeConsumer(name, { msw = false, files = {}, type = 'module', extra = {} } = {}, tarball) {
  const from = await installed(msw, tarball);
  const dir = join(tempRoot, name);
  mkdirSync(dir, { recursive: true });
  linkTree(join(from, 'node_modules'), join(dir, 'node_modules'));
  copyFileSync(join(from, 'package-lock.json'), join(dir, 'package-lock.json'));
  const { dependencies } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `consumer-${name}`, private: true, type, ...extra, dependencies }, null, 2)}\n`,
  );
  for (const [target, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, target)), { recursive: true });
    if (typeof source === 'string') copyFileSync(source, join(dir, target));
    else writeFileSync(join(dir, target), source.text);
  }
  const installedPackage = JSON.parse(readFileSync(join(dir, 'node_modules/opslink/package.json'), 'utf8'));
  if (!existsSync(join(dir, 'node_modules/opslink/dist/index.js')))
    throw new Error(`${name}: opslink ${installedPackage.version} installed without dist/`);
  if (!msw && existsSync(join(dir, 'node_modules/msw'))) throw new Error(`${name}: msw was installed though nothing asked for it`);
  return dir;
}

/** scenario.mjs and entry-points.mjs as CommonJS, for the require() consumer. */
function toCommonJs(path) {
  const source = readFileSync(path, 'utf8');
  const names = [...source.matchAll(/^export (?:async )?function (\w+)/gm)].map((match) => match[1]);
  if (/^\s*(?:import|export)\s(?!(?:async )?function)/m.test(source))
    throw new Error(`${path} has imports or exports toCommonJs cannot convert`);
  return {
    text: `'use strict';\n${source.replace(/^export (async )?function/gm, '$1function')}\nmodule.exports = { ${names.join(', ')} };\n`,
  };
}

const fixture = (path) => join(fixtures, path);
const repoPackage = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

function consumerSpecs() {
  const scenario = { 'scenario.mjs': fixture('scenario.mjs') };
  const cli = { ...scenario, 'main.mjs': fixture('entries/cli.mjs') };
  const specs = {
    server: { msw: true },
    node22: { files: cli },
    node24: { files: cli },
    node26: { files: cli },
    deno: { files: cli },
    bun: { files: cli },
    workerd: { files: { ...scenario, 'worker.mjs': fixture('entries/worker.mjs') } },
    edge: { files: { ...scenario, 'edge.mjs': fixture('entries/edge.mjs') } },
    modules: {
      msw: true,
      files: {
        ...scenario,
        'entry-points.mjs': fixture('entry-points.mjs'),
        'all-entries.mjs': fixture('entries/all-entries.mjs'),
        'all-entries.cjs': fixture('entries/all-entries.cjs'),
        'core-entries.cjs': fixture('entries/core-entries.cjs'),
        'scenario.cjs': toCommonJs(fixture('scenario.mjs')),
        'entry-points.cjs': toCommonJs(fixture('entry-points.mjs')),
      },
    },
    browser: {
      msw: true,
      files: {
        ...scenario,
        'verify.mjs': fixture('verify.mjs'),
        'index.html': fixture('browser/index.html'),
        'main.mjs': fixture('browser/main.mjs'),
      },
    },
  };
  for (const consumer of typescriptConsumers()) {
    const files = { 'tsconfig.json': { text: `${JSON.stringify(consumer.tsconfig, null, 2)}\n` } };
    for (const [name, text] of Object.entries(consumer.files)) files[name] = { text };
    specs[`tsc-${consumer.name}`] = { msw: true, files };
  }
  return specs;
}

// ---------------------------------------------------------------------------- 4. the mock server

/** Starts one server from the packed opslink/testing, logging each request the mocks handle. */
async function startServer(serverDir) {
  const testing = await import(pathToFileURL(createRequire(join(serverDir, 'package.json')).resolve('opslink/testing')).href);
  const messaging = testing.createMessagingMock();
  const warehouse = testing.createWarehouseMock({ inboundOrders: 12, shipments: 3 });
  const requests = [];
  const logged = (mock) => ({
    baseUrl: mock.baseUrl,
    webhookUrl: mock.webhookUrl,
    handle: async (request) => {
      const response = await mock.handle(request);
      if (response !== undefined) requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return response;
    },
  });
  const http = await testing.startMockServer({ messaging: logged(messaging), warehouse: logged(warehouse) });
  log(`mock server on ${http.url}`);
  return {
    http,
    messaging,
    warehouse,
    requests,
    config: (runtime) => ({
      runtime,
      messagingBaseUrl: http.messagingBaseUrl,
      botKey: messaging.botKey,
      webhookUrl: http.webhookUrl,
      employeeEmail: messaging.state.employees[0].email,
      warehouseBaseUrl: http.warehouseBaseUrl,
      apiKey: warehouse.apiKey,
      warehouseId: warehouse.warehouseId,
    }),
  };
}

// ---------------------------------------------------------------------------- 5. bundles

async function bundle(dir, entry, outfile, { format, conditions }) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: [join(dir, entry)],
    outfile: join(dir, outfile),
    bundle: true,
    format,
    platform: 'browser',
    conditions,
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  if (!inputs.some((input) => input.startsWith('node_modules/opslink/dist/')))
    throw new Error(`${outfile} does not contain the packed opslink`);
  const externals = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((i) => i.external).map((i) => i.path));
  if (externals.length > 0) throw new Error(`${outfile} leaves imports to the runtime: ${externals.join(', ')}`);
  return join(dir, outfile);
}

/** Chromium from Debian's packages, as .ci/run installs it, when it is missing. */
async function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get'))
    throw new Error(`no Chromium at ${chromiumPath}: apt-get install chromium, or set CHROMIUM_PATH`);
  log('installing Chromium (apt-get install chromium)');
  const result = await run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium'], {
    timeout: 480_000,
  });
  if (result.code !== 0 || !existsSync(chromiumPath))
    throw new Error(`apt-get install chromium failed:\n${tail(result.stdout + result.stderr)}`);
}

async function viteBuild(dir) {
  await chromiumReady;
  const vite = await import('vite');
  await npx(['msw', 'init', 'public', '--save=false'], dir);
  await vite.build({ root: dir, configFile: false, logLevel: 'warn', build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' } });
  if (!existsSync(join(dir, 'dist/mockServiceWorker.js'))) throw new Error('mockServiceWorker.js is not in the Vite build');
  return join(dir, 'dist');
}

/** One Chromium for the page rows: hosts/browser.mjs connects to it (OPSLINK_CHROMIUM_WS) instead of starting its own. */
async function launchBrowserServer() {
  await chromiumReady;
  const { chromium } = await import('playwright-core');
  browserServer = await chromium.launchServer({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  return browserServer.wsEndpoint();
}

async function npx(npxArgs, cwd) {
  const result = await run('npx', ['--no-install', ...npxArgs], { cwd, timeout: 60_000 });
  if (result.code !== 0) throw new Error(`npx ${npxArgs.join(' ')} failed:\n${tail(result.stdout + result.stderr)}`);
  return result;
}

// ---------------------------------------------------------------------------- 6. rows

/** A row that runs the scenario in a child process against the server and verifies it. */
function scenarioRow(name, prepare) {
  return {
    name,
    async run(ctx) {
      const { command, commandArgs, cwd, timeout = 90_000, versionOf, env = {} } = await prepare(ctx);
      const version = versionOf ? await versionOf() : undefined;
      ctx.server.requests.length = 0;
      ctx.server.messaging.faults.reset();
      ctx.server.warehouse.faults.reset();
      // The 429 step: the next announcement answers 429 with Retry-After: 1.
      ctx.server.messaging.faults.status('POST /api/bot/announcements', 429, { retryAfter: 1, times: 1 });
      const config = ctx.server.config(name.replace(/[^a-z0-9]+/gi, '-'));
      const child = await run(command, commandArgs, {
        cwd,
        timeout: timeoutOverride ?? timeout,
        env: { OPSLINK_RUNTIME_CONFIG: JSON.stringify(config), CHROMIUM_PATH: chromiumPath, ...env },
      });
      const parsed = parseOutput(child);
      const problems =
        parsed.problems.length > 0
          ? parsed.problems
          : verifyRun({ result: parsed.result, ...ctx.server, requests: [...ctx.server.requests] });
      return { version: parsed.version ?? version, problems, detail: parsed.result };
    },
  };
}

function parseOutput(child) {
  const lines = child.stdout.split('\n');
  const version = lines
    .find((line) => line.startsWith('OPSLINK_VERSION '))
    ?.slice(16)
    .trim();
  const resultLine = lines.find((line) => line.startsWith('OPSLINK_RESULT '));
  const problems = [];
  let result;
  if (child.timedOut) problems.push(`timed out after ${seconds(child.ms)}`);
  if (resultLine) {
    try {
      result = JSON.parse(resultLine.slice(15));
    } catch (error) {
      problems.push(`unreadable result line: ${error.message}`);
    }
  } else {
    problems.push(`no result line (exit ${child.code}):\n${tail(`${child.stdout}\n${child.stderr}`)}`);
  }
  if (child.code !== 0 && problems.length === 0) problems.push(`exit ${child.code}:\n${tail(child.stderr)}`);
  if (result && result.ok !== true) problems.push(`scenario failed: ${result.error ?? ''}\n${result.stack ?? ''}`.trim());
  return { version, result, problems };
}

const firstLine = async (command, commandArgs, transform = (s) => s) => {
  const result = await run(command, commandArgs, { timeout: 30_000 });
  return transform(result.stdout.trim().split('\n')[0] ?? '');
};

function rowsToRun() {
  const list = [];
  for (const major of [22, 24, 26]) {
    list.push(
      scenarioRow(`node ${major}`, ({ dirs }) => ({
        command: runtimeBin.node(major),
        commandArgs: ['main.mjs'],
        cwd: dirs[`node${major}`],
        versionOf: () => firstLine(runtimeBin.node(major), ['--version'], (v) => `Node ${v}`),
      })),
    );
  }
  for (const major of [22, 24, 26]) {
    list.push(
      scenarioRow(`node ${major} · esm, every entry`, ({ dirs }) => ({
        command: runtimeBin.node(major),
        commandArgs: ['all-entries.mjs'],
        cwd: dirs.modules,
        versionOf: () => firstLine(runtimeBin.node(major), ['--version'], (v) => `Node ${v}`),
      })),
      scenarioRow(`node ${major} · cjs, every entry`, ({ dirs }) => ({
        command: runtimeBin.node(major),
        commandArgs: ['all-entries.cjs'],
        cwd: dirs.modules,
        versionOf: () => firstLine(runtimeBin.node(major), ['--version'], (v) => `Node ${v}`),
      })),
    );
  }
  // Node 22.0–22.11 cannot require() an ES module: the CommonJS build must not need one
  // (ky is bundled into it). opslink/testing is left out: msw 3 itself is ESM-only.
  list.push(
    scenarioRow('node 22.0 · cjs, core entries', ({ dirs }) => ({
      command: runtimeBin.node('22_0'),
      commandArgs: ['core-entries.cjs'],
      cwd: dirs.modules,
      versionOf: () => firstLine(runtimeBin.node('22_0'), ['--version'], (v) => `Node ${v}`),
    })),
  );
  list.push(
    scenarioRow('deno', ({ dirs }) => ({
      command: runtimeBin.deno(),
      commandArgs: ['run', '--allow-net=127.0.0.1', '--allow-read', '--allow-env', '--no-lock', 'main.mjs'],
      cwd: dirs.deno,
      // Deno's caches stay in the runtimes folder; with a package.json and node_modules in the
      // consumer it resolves `opslink` from node_modules, as a Deno user of npm packages does.
      env: { DENO_DIR: join(runtimesDir, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1' },
      versionOf: () => firstLine(runtimeBin.deno(), ['--version'], (v) => v.replace(/^deno /, 'Deno ').replace(/ \(.*$/, '')),
    })),
    scenarioRow('bun', ({ dirs }) => ({
      command: runtimeBin.bun(),
      commandArgs: ['main.mjs'],
      cwd: dirs.bun,
      versionOf: () => firstLine(runtimeBin.bun(), ['--version'], (v) => `Bun ${v}`),
    })),
    scenarioRow('workerd (miniflare)', async ({ dirs }) => ({
      command: runtimeBin.node(24),
      commandArgs: [
        fixture('hosts/workerd.mjs'),
        await bundle(dirs.workerd, 'worker.mjs', 'dist/worker.mjs', { format: 'esm', conditions: ['workerd', 'worker', 'browser'] }),
        runtimesDir,
      ],
      cwd: dirs.workerd,
    })),
    scenarioRow('edge-runtime (vercel)', async ({ dirs }) => ({
      command: runtimeBin.node(24),
      commandArgs: [
        fixture('hosts/edge.mjs'),
        await bundle(dirs.edge, 'edge.mjs', 'dist/edge.js', { format: 'iife', conditions: ['edge-light', 'worker', 'browser'] }),
        runtimesDir,
      ],
      cwd: dirs.edge,
    })),
    scenarioRow('chromium · http + cors', async (ctx) => ({
      command: runtimeBin.node(24),
      commandArgs: [fixture('hosts/browser.mjs'), await ctx.pageDist(), 'http'],
      cwd: repo,
      timeout: 120_000,
      env: { OPSLINK_CHROMIUM_WS: await ctx.browserEndpoint() },
    })),
    {
      name: 'chromium · msw worker',
      async run(ctx) {
        const dist = await ctx.pageDist();
        ctx.server.requests.length = 0;
        const child = await run(runtimeBin.node(24), [fixture('hosts/browser.mjs'), dist, 'msw'], {
          timeout: timeoutOverride ?? 120_000,
          env: { CHROMIUM_PATH: chromiumPath, OPSLINK_CHROMIUM_WS: await ctx.browserEndpoint() },
        });
        const parsed = parseOutput(child);
        const problems = [...parsed.problems, ...(parsed.result?.problems ?? [])];
        if (ctx.server.requests.length > 0) problems.push(`the MSW page reached the real server (${ctx.server.requests.length} requests)`);
        return { version: parsed.version, problems, detail: parsed.result };
      },
    },
  );
  for (const consumer of typescriptConsumers()) {
    list.push({
      name: `tsc · ${consumer.name}`,
      async run({ dirs }) {
        const tsc = repoRequire.resolve('typescript/bin/tsc');
        const version = `TypeScript ${repoVersion('typescript')}`;
        const dir = dirs[`tsc-${consumer.name}`];
        const traced = await run(runtimeBin.node(24), [tsc, '-p', 'tsconfig.json', '--traceResolution'], {
          cwd: dir,
          timeout: timeoutOverride ?? 120_000,
        });
        const problems = [];
        if (traced.code !== 0)
          problems.push(
            `tsc failed:\n${tail(
              traced.stdout
                .split('\n')
                .filter((l) => /error TS/.test(l))
                .join('\n') || traced.stdout,
              20,
            )}`,
          );
        // Where 'opslink' resolved: the packed types in node_modules, never the repo's src/.
        const resolved = [...traced.stdout.matchAll(/Module name '(opslink[^']*)' was successfully resolved to '([^']+)'/g)];
        const targets = new Set(resolved.map((match) => relative(dir, match[2])));
        if (resolved.length === 0) problems.push('tsc resolved no opslink import');
        for (const target of targets) if (!target.startsWith('node_modules/opslink/dist/')) problems.push(`opslink resolved to ${target}`);
        const kinds = [...targets].map((t) => (t.endsWith('.d.cts') ? 'd.cts' : 'd.ts'));
        // A .cts file must have read the CommonJS types, an .mts or .ts file the ESM ones.
        const names = Object.keys(consumer.files);
        if (names.some((n) => n.endsWith('.cts')) && !kinds.includes('d.cts'))
          problems.push('the .cts consumer did not read the .d.cts types');
        if (!kinds.includes('d.ts')) problems.push('the ESM consumer did not read the .d.ts types');
        return { version, problems, detail: { typeFiles: [...targets].sort(), cts: kinds.includes('d.cts'), ts: kinds.includes('d.ts') } };
      },
    });
  }
  list.push({
    name: 'core has no node built-in',
    async run({ dirs }) {
      const { files, violations } = checkNoNodeBuiltins(join(dirs.node24, 'node_modules/opslink/dist'));
      const problems = violations.map((v) => `${v.file}: ${v.kind} ${v.specifier}${v.reason ? ` (${v.reason})` : ''}`);
      if (files.length < 6) problems.push(`only ${files.length} files scanned`);
      return { version: `${files.length} packed files`, problems };
    },
  });
  return list.filter((row) => wanted(row.name));
}

// ---------------------------------------------------------------------------- main

function printTable() {
  const header = ['runtime', 'version', 'result', 'ms'];
  const body = rows.map((row) => [row.name, row.version ?? '-', row.problems.length === 0 ? 'pass' : 'FAIL', String(row.ms)]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => (i === 3 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 3 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const cells of body) console.log(line(cells));
}

/** A Markdown table with padded columns (as the repo's formatter leaves it). */
function markdownTable(header, body) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)];
}

function writeVersions(packed) {
  const lines = [
    '# Runtimes tested',
    '',
    `Written by \`npm run test:runtimes\` (scripts/runtimes/run.mjs) on ${new Date().toISOString().slice(0, 10)},`,
    `against the packed opslink ${packed?.version ?? '?'}: every row installs the tarball into a fresh folder.`,
    '',
    ...markdownTable(
      ['runtime', 'version', 'result'],
      rows.map((row) => [row.name, row.version ?? '-', row.problems.length === 0 ? 'pass' : 'FAIL']),
    ),
    '',
    `Bundlers: esbuild ${repoVersion('esbuild')} (workerd, edge), Vite ${repoVersion('vite')} (Chromium page);`,
    `msw ${repoVersion('msw')}, playwright-core ${repoVersion('playwright-core')} driving ${chromiumPath}.`,
    '',
  ];
  // The committed record is refreshed by a contributor's run; CI writes its own beside its other
  // reports, so a CI run leaves the clone as it found it.
  const target = process.env.CI ? join(repo, '.tmp', 'runtimes-versions.md') : join(fixtures, 'versions.md');
  writeFileSync(target, lines.join('\n'));
}

async function main() {
  tempRoot = mkdtempSync(join(tmpdir(), 'opslink-runtimes-'));
  let packed;
  try {
    await buildIfNeeded();
    packed = await pack();
    const runtimes = ensureRuntimes();
    runtimes.catch(() => {});
    chromiumReady = only.length === 0 || wanted('chromium') ? ensureChromium() : Promise.resolve();
    chromiumReady.catch(() => {});
    const selected = rowsToRun();
    const specs = consumerSpecs();
    const needed = new Set(['server', 'node24']);
    for (const row of selected) {
      const name = row.name;
      if (/^node \d+$/.test(name)) needed.add(name.replace(' ', ''));
      if (/every entry/.test(name)) needed.add('modules');
      for (const key of ['deno', 'bun', 'workerd', 'edge', 'chromium'])
        if (name.startsWith(key)) needed.add(key === 'chromium' ? 'browser' : key);
      if (name.startsWith('tsc · ')) needed.add(`tsc-${name.slice(6)}`);
    }
    log(`installing the tarball into ${needed.size} consumer folders under ${tempRoot}`);
    const dirs = {};
    const installStarted = Date.now();
    await inPool([...needed], 3, async (name) => {
      dirs[name] = await makeConsumer(name, specs[name], packed.tarball);
    });
    log(`consumers installed in ${seconds(Date.now() - installStarted)} (npm install ran ${installs.size} times)`);
    await runtimes;
    // Rows run LANES at a time, each lane against a mock server of its own: a row resets its
    // server's request log and faults, so two rows never share one.
    const lanes = Math.min(LANES, selected.length);
    for (let lane = 0; lane < lanes; lane++) servers.push(await startServer(dirs.server));
    let pageDist;
    let browserEndpoint;
    const shared = {
      dirs,
      pageDist: () => (pageDist ??= viteBuild(dirs.browser)),
      // One Chromium for the page rows (each opens its own context), started at the first.
      browserEndpoint: () => (browserEndpoint ??= launchBrowserServer()),
    };
    const results = new Map();
    const queue = [...selected];
    await Promise.all(
      servers.map(async (laneServer) => {
        for (let row = queue.shift(); row; row = queue.shift()) {
          const started = Date.now();
          log(`running ${row.name}`);
          let outcome;
          try {
            outcome = await row.run({ ...shared, server: laneServer });
          } catch (error) {
            outcome = { problems: [String(error?.stack ?? error)] };
          }
          const ms = Date.now() - started;
          results.set(row, { name: row.name, version: outcome.version, problems: outcome.problems, ms, detail: outcome.detail });
          if (outcome.problems.length > 0) log(`FAIL ${row.name}:\n  ${outcome.problems.join('\n  ')}`);
        }
      }),
    );
    for (const row of selected) if (results.has(row)) rows.push(results.get(row));
  } catch (error) {
    rows.push({ name: 'setup', version: '-', problems: [String(error?.stack ?? error)], ms: Date.now() - startedAt });
    log(`FAIL setup: ${error?.stack ?? error}`);
  } finally {
    await Promise.all(servers.map((laneServer) => laneServer.http.close().catch(() => {})));
    await browserServer?.close().catch(() => {});
    cleanup();
  }
  if (only.length === 0 && rows.every((row) => row.name !== 'setup')) writeVersions(packed);
  mkdirSync(join(repo, '.tmp'), { recursive: true });
  writeFileSync(join(repo, '.tmp/runtimes-report.json'), `${JSON.stringify(rows, null, 2)}\n`);
  printTable();
  const failed = rows.filter((row) => row.problems.length > 0).length;
  console.log(`total ${seconds(Date.now() - startedAt)}${keep ? `, temp folders kept in ${tempRoot}` : ''}`);
  console.log(`${rows.length - failed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
