/**
 * Orders are never lost: the local API runs in a child process, gets SIGKILLed while orders and
 * payments are in flight, and is started again on the same data directory. Every order the API
 * answered for must come back intact, with the state it had when it was answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { build, type Loader } from 'esbuild';
import { localLogFileOf } from '../src/local/logFile';
import { mailDirectoryOf } from '../src/mail/fileTransport';
import { readMailbox } from '../src/mail/mailbox';
import { catalogueItem, validCustomer, validOrder } from './support/orders';
import handlerBundling from '../bundling.json';

jest.setTimeout(60_000);

let workDir: string;
let dataDir: string;
let serverScript: string;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'kesho-crash-'));
  dataDir = path.join(workDir, 'data');
  serverScript = path.join(workDir, 'localServerMain.js');
  await build({
    entryPoints: [path.join(__dirname, 'support', 'localServerMain.ts')],
    outfile: serverScript,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    external: ['dynalite'],
    loader: handlerBundling.loader as Record<string, Loader>,
    logLevel: 'error',
  });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await rm(workDir, { recursive: true, force: true });
});

async function startServer(
  options: { dataDir?: string; mode?: 'hang-customer-receipts' | 'logged'; onLine?: (line: string) => void } = {},
): Promise<{ origin: string; child: ChildProcess }> {
  // The bundle lives outside the repo, so node is told where the external dynalite is installed.
  const nodeModules = path.dirname(path.dirname(require.resolve('dynalite/package.json')));
  const args = [serverScript, options.dataDir ?? dataDir, ...(options.mode ? [options.mode] : [])];
  const child = spawn(process.execPath, args, { env: { ...process.env, NODE_PATH: nodeModules }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.startsWith('READY ')) resolve(line.slice('READY '.length));
      options.onLine?.(line);
    });
    child.once('exit', (code) => reject(new Error(`The server exited (${String(code)}) before it was ready: ${stderr}`)));
  });
  return { origin, child };
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

interface Answered {
  readonly invoiceNumber: string;
  readonly sessionId: string;
  readonly totalCents: number;
  paid: boolean;
}

async function createOrder(origin: string, index: number): Promise<Answered> {
  const quantity = 1 + (index % 3);
  const response = await fetch(`${origin}/api/create-payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(validOrder([catalogueItem('application-review', quantity), { id: `custom-crash-${index}`, name: `Crash test service ${index}`, price: 30 + index, quantity: 1 }])),
  });
  if (response.status !== 200) throw new Error(`create-payment answered ${response.status}`);
  const { invoiceNumber, url } = (await response.json()) as { invoiceNumber: string; url: string };
  return { invoiceNumber, sessionId: url.split('/').at(-1) ?? '', totalCents: 20_000 * quantity + (30 + index) * 100, paid: false };
}

async function pay(origin: string, order: Answered): Promise<void> {
  const response = await fetch(`${origin}/api/sandbox/checkout/${order.sessionId}/pay`, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`pay answered ${response.status}`);
  order.paid = true;
}

describe('a crash of the local API', () => {
  it('loses no order that was answered, whatever was in flight at the SIGKILL', async () => {
    const first = await startServer();
    const answered: Answered[] = [];
    for (let index = 0; index < 20; index += 1) answered.push(await createOrder(first.origin, index));
    for (const order of answered.slice(0, 10)) await pay(first.origin, order);

    // A steady stream of creates and payments, killed while both kinds are still running.
    let burstPayments = 0;
    let killed = false;
    const inFlight: Promise<void>[] = [];
    const launched = { count: 0 };
    const producer = (async () => {
      for (let index = 20; !killed && index < 400; index += 1) {
        launched.count += 1;
        inFlight.push(
          createOrder(first.origin, index)
            .then(async (order) => {
              answered.push(order);
              if (index % 2 === 0) {
                await pay(first.origin, order);
                burstPayments += 1;
              }
            })
            .catch(() => undefined),
        );
        await new Promise((resolve) => setTimeout(resolve, 3));
      }
    })();
    // Killed once a few of the stream's payments went through, or half its orders were answered (each
    // order also counts against its client's payment limit, a write of its own on one hot key in dynalite):
    // either way with creates and payments still in flight.
    while (burstPayments < 5 && answered.length < 20 + 190) await new Promise((resolve) => setTimeout(resolve, 1));
    await killHard(first.child);
    killed = true;
    await producer;
    await Promise.all(inFlight);
    expect(answered.length).toBeLessThan(20 + launched.count);

    const second = await startServer();
    try {
      for (const order of answered) {
        const response = await fetch(`${second.origin}/api/checkout-session?session_id=${order.sessionId}`);
        expect(response.status).toBe(200);
        const summary = (await response.json()) as { invoiceNumber: string; status: string; amountCents: number; items: unknown[] };
        expect(summary.invoiceNumber).toBe(order.invoiceNumber);
        expect(summary.amountCents).toBe(order.totalCents);
        expect(summary.items).toHaveLength(2);
        if (order.paid) expect(summary.status).toBe('paid');
        else expect(['pending', 'paid']).toContain(summary.status);
      }
      // The restarted server carries on where the first one stopped.
      const next = await createOrder(second.origin, 99);
      await pay(second.origin, next);
      expect(answered.map((order) => order.invoiceNumber)).not.toContain(next.invoiceNumber);
    } finally {
      await killHard(second.child);
    }
    console.log(`crash test: ${answered.length} answered orders (${answered.filter((order) => order.paid).length} paid) intact after SIGKILL and restart`);
  });
});

describe('a crash while a receipt is being sent (issue 40, item 5)', () => {
  it('a customer receipt claimed just before a kill -9 is sent by the first reconciliation after the restart, and counted once', async () => {
    const receiptDir = path.join(workDir, 'receipt-crash');
    let sending: () => void = () => undefined;
    const claimed = new Promise<void>((resolve) => {
      sending = resolve;
    });
    const first = await startServer({ dataDir: receiptDir, mode: 'hang-customer-receipts', onLine: (line) => line.startsWith('SENDING ') && sending() });
    const order = await createOrder(first.origin, 1);
    // The payment's confirmation claims the customer's receipt and starts sending it; the process dies 0.7 s later.
    void pay(first.origin, order).catch(() => undefined);
    await claimed;
    await new Promise((resolve) => setTimeout(resolve, 700));
    await killHard(first.child);
    const mailFor = async () => (await readMailbox(mailDirectoryOf(receiptDir))).map(({ mail }) => mail).filter((mail) => mail.subject?.includes(order.invoiceNumber));
    const toCustomer = async () => (await mailFor()).filter((mail) => mail.to && JSON.stringify(mail.to).includes(validCustomer.email));
    expect(await toCustomer()).toHaveLength(0);

    const second = await startServer({ dataDir: receiptDir, mode: 'logged' });
    try {
      const reconcile = async () => {
        const response = await fetch(`${second.origin}/2015-03-31/functions/reconcile-orders/invocations`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        expect(response.status).toBe(200);
        return (await response.json()) as { receiptsSent: number };
      };
      // The first run after the crash: the dead process's claim is taken over at once, not after the 10-minute lease.
      expect((await reconcile()).receiptsSent).toBe(1);
      expect(await toCustomer()).toHaveLength(1);
      expect(await mailFor()).toHaveLength(2);
      expect((await reconcile()).receiptsSent).toBe(0);
      expect(await mailFor()).toHaveLength(2);

      const lines = (await readFile(localLogFileOf(receiptDir), 'utf8'))
        .split('\n')
        .filter((line) => line.includes(order.invoiceNumber))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines.filter((line) => line.event === 'receipt.sent').map((line) => [line.customer, line.copy])).toEqual([['sent', 'sent']]);
      expect(lines.filter((line) => line.ReceiptsSent !== undefined)).toHaveLength(1);
      expect(await getOrderStatus(second.origin, order)).toBe('paid');
    } finally {
      await killHard(second.child);
    }
  });
});

async function getOrderStatus(origin: string, order: Answered): Promise<string> {
  const response = await fetch(`${origin}/api/checkout-session?session_id=${order.sessionId}`);
  return ((await response.json()) as { status: string }).status;
}
