/**
 * The Lambda handlers in `npm run bench` (alone: `npm run bench -- lambdas`), measured on the bundles
 * the CDK app deploys (lambdas/dist/handlers/<function>/index.js, built first when missing):
 * - each bundle's size and its cold module load time: the median of 10 fresh Node processes that
 *   require the bundle and nothing else (the part of a cold start the code decides), beside the budget;
 * - create-payment as deployed (its AWS composition: configuration read, DynamoDB client made, a
 *   sandbox order stored in a local table): cold start (module load + first call) and warm call times.
 * Each figure is wall time, and beside it the CPU time the process used (user + system), which a busy
 * machine changes far less.
 * `npm run bench -- lambda-sizing`: the basis of the memory sizes in infra/lib/payments/payment-functions.ts
 * (infra/REFERENCE.md). Lambda gives CPU in proportion to memory (1 vCPU at 1769 MB, through a CPU quota),
 * so a single-threaded, CPU-bound step that uses C ms of CPU takes about C / share ms at a memory size;
 * the CPU times measured here (module load, create-payment's first and warm calls, the invoice PDF)
 * are divided by each size's share.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ROOMY_PAYMENT_LIMITS } from './test-traffic.mjs';
import * as functionTable from '@kesho/operations/functions';

/** Each handler's budget: its entry's `budget` in @kesho/operations/functions (HANDLER_BUDGETS there). */
export async function lambdaBudgetOf(name) {
  const { FUNCTIONS, HANDLER_BUDGETS } = functionTable;
  const entry = FUNCTIONS[name];
  if (!entry) throw new Error(`lambdas/dist/handlers/${name} is no function of @kesho/operations/functions: rebuild the lambdas (npm run build -w lambdas)`);
  return { kb: HANDLER_BUDGETS.bundleKb[entry.budget.bundle], loadMs: entry.budget.visitorWaitsOnLoad ? HANDLER_BUDGETS.visitorLoadMs : undefined };
}
const LOAD_RUNS = 10;
const COLD_START_RUNS = 5;
const WARM_CALLS = 60;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

function handlersDir(repoRoot) {
  return path.join(repoRoot, 'lambdas', 'dist', 'handlers');
}

function ensureHandlersBuilt(repoRoot) {
  if (!fs.existsSync(path.join(handlersDir(repoRoot), 'meta.json'))) execFileSync('npm', ['run', 'build', '-w', 'lambdas'], { cwd: repoRoot, stdio: 'inherit' });
}

/**
 * Runs a Node script in a fresh process and returns its last output line as JSON. Asynchronous: the
 * local table the script talks to is served by this process.
 * @param {string} script
 * @param {{ env?: Record<string, string> }} [options]
 */
function runFresh(script, { env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(output.trim().split('\n').pop() ?? 'null')) : reject(new Error(`a measured process exited with ${code}`))));
  });
}

/** The script's helper: wall and CPU milliseconds of one step. */
const TIMER = `const measure = async (step) => { const wall = performance.now(); const cpu = process.cpuUsage(); const value = await step(); const used = process.cpuUsage(cpu); return { value, ms: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 }; };`;

/** `count` fresh runs, one after another (never two measured processes at once). */
async function runFreshTimes(count, script, options) {
  const results = [];
  for (let i = 0; i < count; i += 1) results.push(await runFresh(script, options));
  return results;
}

const loadScript = (file) =>
  `${TIMER} measure(() => require(${JSON.stringify(file)})).then(({ ms, cpuMs }) => console.log(JSON.stringify({ ms, cpuMs, rssMb: process.memoryUsage().rss / 1048576 })));`;

/**
 * After the bundle, the X-Ray tracer file beside it (./xrayTracing.js: Powertools Tracer and the X-Ray SDK),
 * which a deployed function loads with its first traced invocation: what that adds to a cold start in AWS.
 */
const tracerLoadScript = (file, tracerFile) =>
  `${TIMER} require(${JSON.stringify(file)}); measure(() => require(${JSON.stringify(tracerFile)})).then(({ ms, cpuMs }) => console.log(JSON.stringify({ ms, cpuMs })));`;

/** Size and median cold module load of every handler bundle (and of its X-Ray tracer file, loaded by the first traced invocation in AWS). */
export async function measureHandlerLoads(repoRoot, options = {}) {
  const dir = handlersDir(repoRoot);
  const meta = JSON.parse(fs.readFileSync(path.join(dir, 'meta.json'), 'utf8'));
  const rows = [];
  for (const name of Object.keys(meta).sort()) {
    const file = path.join(dir, name, 'index.js');
    const samples = await runFreshTimes(LOAD_RUNS, loadScript(file), options);
    const lazyFile = path.join(dir, name, 'invoicePdf.js');
    const tracerFile = path.join(dir, name, 'xrayTracing.js');
    const tracerSamples = fs.existsSync(tracerFile) ? await runFreshTimes(LOAD_RUNS, tracerLoadScript(file, tracerFile), options) : null;
    rows.push({
      name,
      kb: fs.statSync(file).size / 1024,
      lazyKb: fs.existsSync(lazyFile) ? fs.statSync(lazyFile).size / 1024 : null,
      tracerKb: tracerSamples ? fs.statSync(tracerFile).size / 1024 : null,
      tracerLoadCpuMs: tracerSamples ? median(tracerSamples.map((sample) => sample.cpuMs)) : null,
      loadMs: median(samples.map((sample) => sample.ms)),
      loadCpuMs: median(samples.map((sample) => sample.cpuMs)),
      rssMb: median(samples.map((sample) => sample.rssMb)),
    });
  }
  return rows;
}

/** A local DynamoDB (dynalite, in memory) with the orders table, reached by the deployed bundle through AWS_ENDPOINT_URL_DYNAMODB. */
async function startOrdersTable(repoRoot) {
  const requireFromLambdas = createRequire(path.join(repoRoot, 'lambdas', 'package.json'));
  const dynalite = requireFromLambdas('dynalite');
  const { DynamoDBClient, CreateTableCommand } = requireFromLambdas('@aws-sdk/client-dynamodb');
  const server = dynalite({ createTableMs: 0 });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${server.address().port}`;
  const env = { AWS_ENDPOINT_URL_DYNAMODB: endpoint, AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'bench', AWS_SECRET_ACCESS_KEY: 'bench', ORDERS_TABLE: 'kesho-bench-orders' };
  const client = new DynamoDBClient({ endpoint, region: env.AWS_REGION, credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' } });
  await client.send(
    new CreateTableCommand({
      TableName: env.ORDERS_TABLE,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  client.destroy();
  return { env, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * create-payment's deployed bundle in one fresh process, outside the local runtime, so it composes
 * itself as in AWS (sandbox payments: no Stripe key): module load, first call, then sequential warm calls.
 */
const createPaymentScript = (file, order) => `
const body = ${JSON.stringify(JSON.stringify(order))};
const event = () => ({ version: '2.0', rawPath: '/api/create-payment', rawQueryString: '', headers: { 'content-type': 'application/json' }, body, isBase64Encoded: false,
  requestContext: { http: { method: 'POST', path: '/api/create-payment', sourceIp: '127.0.0.1' }, requestId: 'bench' } });
${TIMER}
(async () => {
  const load = await measure(() => require(${JSON.stringify(file)}));
  const { handler } = load.value;
  const first = await measure(() => handler(event()));
  if (first.value.statusCode !== 200) throw new Error('create-payment answered ' + first.value.statusCode + ': ' + first.value.body);
  const warm = [];
  for (let i = 0; i < ${WARM_CALLS}; i += 1) { const call = await measure(() => handler(event())); warm.push({ ms: call.ms, cpuMs: call.cpuMs }); }
  console.log(JSON.stringify({ load: { ms: load.ms, cpuMs: load.cpuMs }, first: { ms: first.ms, cpuMs: first.cpuMs }, warm, rssMb: process.memoryUsage().rss / 1048576 }));
  // As a Lambda instance is frozen after its answer: the SDK's kept-alive connections do not hold the measurement.
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });`;

export async function measureCreatePayment(repoRoot, order, options = {}) {
  const table = await startOrdersTable(repoRoot);
  try {
    const file = path.join(handlersDir(repoRoot), 'create-payment', 'index.js');
    // Every call comes from 127.0.0.1: the raised limits of a server under test traffic, or the client's limit answers 429 within the first run.
    const env = { ...table.env, ...ROOMY_PAYMENT_LIMITS, LOG_LEVEL: 'silent', PUBLIC_SITE_URL: 'http://127.0.0.1:3000', STRIPE_SECRET_KEY: '', NODE_ENV: '' };
    const runs = await runFreshTimes(COLD_START_RUNS, createPaymentScript(file, order), { ...options, env });
    const warm = runs.flatMap((run) => run.warm);
    return {
      loadMs: median(runs.map((run) => run.load.ms)),
      firstCallMs: median(runs.map((run) => run.first.ms)),
      coldStartMs: median(runs.map((run) => run.load.ms + run.first.ms)),
      coldStartCpuMs: median(runs.map((run) => run.load.cpuMs + run.first.cpuMs)),
      warmP50Ms: percentile(
        warm.map((call) => call.ms),
        50,
      ),
      warmP99Ms: percentile(
        warm.map((call) => call.ms),
        99,
      ),
      warmP99CpuMs: percentile(
        warm.map((call) => call.cpuMs),
        99,
      ),
      rssMb: Math.max(...runs.map((run) => run.rssMb)),
    };
  } finally {
    await table.close();
  }
}

/** The invoice PDF (a receipt sender's heaviest work): its first drawing (fontkit, fonts) and the next ones. */
const invoiceScript = (file) => `
const order = { invoiceNumber: 'INV-12345678', orderId: 'bench', status: 'paid', createdAt: '2026-11-25T09:00:00.000Z', updatedAt: '2026-11-25T09:00:00.000Z',
  customer: { fullName: 'Zoë Wanjirũ', email: 'bench@example.com', phone: '+254700000000', companyName: '', notes: '' },
  lines: [{ id: 'basic', name: 'Basic Consultation', quantity: 1, unitAmountCents: 15000, amountCents: 15000 }], amountCents: 15000, currency: 'usd' };
${TIMER}
(async () => {
  const first = await measure(async () => { const { renderInvoicePdf } = require(${JSON.stringify(file)}); await renderInvoicePdf(order, order.updatedAt); return renderInvoicePdf; });
  const warm = [];
  for (let i = 0; i < 10; i += 1) { const draw = await measure(() => first.value(order, order.updatedAt)); warm.push({ ms: draw.ms, cpuMs: draw.cpuMs }); }
  console.log(JSON.stringify({ first: { ms: first.ms, cpuMs: first.cpuMs }, warm, rssMb: process.memoryUsage().rss / 1048576 }));
  process.exit(0);
})().catch((error) => { console.error(error); process.exit(1); });`;

export async function measureInvoice(repoRoot, options = {}) {
  const file = path.join(handlersDir(repoRoot), 'fulfil-order', 'invoicePdf.js');
  const runs = await runFreshTimes(3, invoiceScript(file), options);
  const warm = runs.flatMap((run) => run.warm);
  return {
    firstMs: median(runs.map((run) => run.first.ms)),
    firstCpuMs: median(runs.map((run) => run.first.cpuMs)),
    warmP99CpuMs: percentile(
      warm.map((draw) => draw.cpuMs),
      99,
    ),
    rssMb: Math.max(...runs.map((run) => run.rssMb)),
  };
}

const mark = (ok) => (ok ? 'ok  ' : 'MISS');
const pad = (rows) => {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  return rows.map((row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ')).join('\n');
};

/** `npm run bench -- lambdas`: prints the table; returns the number of figures that missed their budget. */
export async function benchLambdas(repoRoot, order) {
  ensureHandlersBuilt(repoRoot);
  let misses = 0;
  console.log(
    `Lambda handlers (lambdas/dist/handlers/<function>/index.js): size, cold module load (median of ${LOAD_RUNS} fresh Node ${process.versions.node} processes; wall time, and the CPU time used):`,
  );
  // The X-Ray tracer file is not part of the module load: a deployed function loads it with its first traced invocation, so a cold start in AWS adds its CPU time.
  const rows = [['handler', 'KB', 'budget', 'load ms', 'budget', 'CPU ms', 'RSS MB', 'first traced call: X-Ray', 'on first receipt', '']];
  for (const handler of await measureHandlerLoads(repoRoot)) {
    const budget = await lambdaBudgetOf(handler.name);
    const ok = handler.kb <= budget.kb && (budget.loadMs === undefined || handler.loadMs <= budget.loadMs);
    if (!ok) misses += 1;
    rows.push([
      handler.name,
      handler.kb.toFixed(0),
      `≤${budget.kb}`,
      handler.loadMs.toFixed(1),
      budget.loadMs === undefined ? '' : `≤${budget.loadMs}`,
      handler.loadCpuMs.toFixed(1),
      handler.rssMb.toFixed(0),
      handler.tracerKb ? `xrayTracing.js ${handler.tracerKb.toFixed(0)} KB, CPU ${handler.tracerLoadCpuMs.toFixed(1)} ms` : '',
      handler.lazyKb ? `invoicePdf.js ${handler.lazyKb.toFixed(0)} KB` : '',
      mark(ok),
    ]);
  }
  console.log(pad(rows));

  const createPayment = await measureCreatePayment(repoRoot, order);
  // The 20 ms p99 budget is the one under 50 connections (`npm run bench -- api`); these are the handler's own figures.
  console.log(`\ncreate-payment as deployed (its own composition, sandbox payments, a local table; ${COLD_START_RUNS} fresh processes, ${WARM_CALLS} sequential warm calls each):`);
  console.log(
    `  cold: module load ${createPayment.loadMs.toFixed(1)} ms + first call ${createPayment.firstCallMs.toFixed(1)} ms = ${createPayment.coldStartMs.toFixed(1)} ms (CPU ${createPayment.coldStartCpuMs.toFixed(1)} ms); warm call p50 ${createPayment.warmP50Ms.toFixed(1)} ms, p99 ${createPayment.warmP99Ms.toFixed(1)} ms (CPU p99 ${createPayment.warmP99CpuMs.toFixed(1)} ms)`,
  );
  return misses;
}

/** Lambda memory sizes and the share of one vCPU each gets (1 vCPU at 1769 MB). */
const SIZES = [256, 512, 1024, 1769].map((memoryMb) => ({ memoryMb, share: Math.min(1, memoryMb / 1769) }));

/** `npm run bench -- lambda-sizing`: each step's CPU time, and the time it takes at each memory size's CPU share. */
export async function benchLambdaSizing(repoRoot, order) {
  ensureHandlersBuilt(repoRoot);
  const loads = await measureHandlerLoads(repoRoot);
  const createPayment = await measureCreatePayment(repoRoot, order);
  const invoice = await measureInvoice(repoRoot);
  console.log(`Lambda sizing: CPU ms measured on ${os.cpus()[0]?.model ?? 'this CPU'} (medians; p99 over the warm calls), and that CPU time at each memory size's share of a vCPU:`);
  const at = (cpuMs) => SIZES.map((size) => (cpuMs / size.share).toFixed(0));
  const table = [['step', 'CPU ms', ...SIZES.map((size) => `${size.memoryMb} MB (${(size.share * 100).toFixed(0)}%)`)]];
  for (const load of loads) table.push([`${load.name}: module load`, load.loadCpuMs.toFixed(1), ...at(load.loadCpuMs)]);
  table.push(['create-payment: cold start (load + first call)', createPayment.coldStartCpuMs.toFixed(1), ...at(createPayment.coldStartCpuMs)]);
  table.push(['create-payment: warm call p99', createPayment.warmP99CpuMs.toFixed(1), ...at(createPayment.warmP99CpuMs)]);
  table.push(['receipt: invoice PDF, first (pdf-lib, fontkit, fonts)', invoice.firstCpuMs.toFixed(1), ...at(invoice.firstCpuMs)]);
  table.push(['receipt: invoice PDF, warm p99', invoice.warmP99CpuMs.toFixed(1), ...at(invoice.warmP99CpuMs)]);
  console.log(pad(table));
  const peak = Math.max(...loads.map((load) => load.rssMb), createPayment.rssMb, invoice.rssMb);
  console.log(
    `  peak RSS: module load ${Math.max(...loads.map((load) => load.rssMb)).toFixed(0)} MB, create-payment after its calls ${createPayment.rssMb.toFixed(0)} MB, after drawing invoices ${invoice.rssMb.toFixed(0)} MB (max ${peak.toFixed(0)} MB)`,
  );
  return 0;
}
