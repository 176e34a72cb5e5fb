import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBusinessMetrics } from '../src/metrics';
import { createLogger } from '../src/log';
import { consoleLineOf, formatMetricSeries, metricSeriesOf, readableLineOf } from '../src/local/consoleLine';
import { openLocalLog } from '../src/local/logFile';
import { parseLogsArguments } from '../src/logsTool';

describe("npm start's console: short readable lines, metrics in the data folder", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-console-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function writeThroughLocalLog(write: (log: ReturnType<typeof openLocalLog>) => void): Promise<{ console: string[]; file: string[] }> {
    const console: string[] = [];
    const log = openLocalLog(dataDir, (line) => console.push(line));
    write(log);
    await log.close();
    return { console, file: fs.readFileSync(log.file, 'utf8').trim().split('\n') };
  }

  it('flushed(): every line written so far is in the file, with the log still open (what a reader of the file waits for)', async () => {
    const log = openLocalLog(dataDir, () => undefined);
    try {
      for (let index = 0; index < 2_000; index += 1) log.write(JSON.stringify({ level: 'info', event: 'probe', index }));
      await log.flushed();
      const file = fs.readFileSync(log.file, 'utf8').trim().split('\n');
      expect(file).toHaveLength(2_000);
      expect(JSON.parse(file[1_999] ?? '')).toMatchObject({ index: 1_999 });
      await log.flushed();
    } finally {
      await log.close();
    }
  });

  it('prints a log event as one readable line and keeps the JSON line in the file', async () => {
    const { console, file } = await writeThroughLocalLog((log) => {
      createLogger('info', { service: 'kesho-local', write: log.write }).info('order.created', { invoiceNumber: 'INV-12345678', method: 'card', lines: [1, 2] });
    });
    expect(console).toHaveLength(1);
    expect(console[0]).toMatch(/^\d\d:\d\d:\d\d info {2}order\.created invoiceNumber=INV-12345678 method=card$/);
    expect(JSON.parse(file[0] ?? '')).toMatchObject({ event: 'order.created', invoiceNumber: 'INV-12345678', lines: [1, 2] });
  });

  it('keeps metric (EMF) lines and routine reconciliations off the console, in the file', async () => {
    const { console, file } = await writeThroughLocalLog((log) => {
      const metrics = createBusinessMetrics(log.write);
      metrics.gauge('pendingOrdersBacklog', 0);
      metrics.count('ordersPaid', { Method: 'card' });
      const logger = createLogger('info', { service: 'kesho-local', write: log.write });
      // Two routine runs: the second settles an order and sends its receipt.
      const run = { checked: 3, settled: 0, receiptsSent: 0, failed: 0, withoutSession: 0, failuresDrained: 0, failuresLeft: 0, heldForReview: 0, receiptsOverdue: 0 };
      logger.info('reconcile.done', { ...run, pendingBacklog: 2 });
      logger.info('reconcile.done', { ...run, settled: 1, receiptsSent: 1, pendingBacklog: 1 });
    });
    expect(file).toHaveLength(4);
    expect(console).toHaveLength(1);
    expect(console[0]).toMatch(/reconcile\.done settled=1 receiptsSent=1 failed=0/);
  });

  it('names the error of an error line, without its stack', () => {
    const line = JSON.stringify({
      level: 'error',
      time: '2026-11-27T10:04:31.000Z',
      event: 'receipt.send_failed',
      invoiceNumber: 'INV-12345678',
      error: { name: 'MessageRejected', message: 'Email address is not verified.' },
    });
    expect(consoleLineOf(line)).toBe('10:04:31 error receipt.send_failed invoiceNumber=INV-12345678 (MessageRejected: Email address is not verified.)');
    expect(readableLineOf('not json at all')).toBe('not json at all');
  });

  it('npm run logs -- --metrics sums each series of the window and gives its last value', async () => {
    const { file } = await writeThroughLocalLog((log) => {
      const metrics = createBusinessMetrics(log.write);
      metrics.count('ordersPaid', { Method: 'card' });
      metrics.count('ordersPaid', { Method: 'card' });
      metrics.count('ordersPaid', { Method: 'mpesa' });
      metrics.gauge('pendingOrdersBacklog', 4);
      metrics.gauge('pendingOrdersBacklog', 1);
    });
    const series = metricSeriesOf(file, new Date(Date.now() - 60_000));
    expect(series).toEqual([
      { name: 'OrdersPaid', dimensions: 'Method=card', samples: 2, sum: 2, last: 1 },
      { name: 'OrdersPaid', dimensions: 'Method=mpesa', samples: 1, sum: 1, last: 1 },
      { name: 'PendingOrdersBacklog', dimensions: '', samples: 2, sum: 5, last: 1 },
    ]);
    expect(metricSeriesOf(file, new Date(Date.now() + 60_000))).toEqual([]);
    expect(formatMetricSeries(series).split('\n')[0]).toBe('OrdersPaid{Method=card}   sum 2  last 1  (2 samples)');
  });

  it('refuses arguments it does not know, with the usage', () => {
    expect(parseLogsArguments([])).toEqual({ metrics: false, lines: 40, minutes: 60 });
    expect(parseLogsArguments(['--metrics', '--minutes', '15'])).toEqual({ metrics: true, lines: 40, minutes: 15 });
    expect(() => parseLogsArguments(['--lines', '0'])).toThrow(/whole number/);
    expect(() => parseLogsArguments(['--verbose'])).toThrow(/Usage: npm run logs/);
  });
});
