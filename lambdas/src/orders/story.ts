/**
 * An order's story, as `npm run orders -- show INV-…` prints it: what the store holds about the order
 * (never the customer: no name, address or phone) and, in time order, every line the functions wrote
 * about it, found by its invoice number or its correlation id (log lines and EMF metric lines alike).
 * In AWS the same lines are found by the Logs Insights query of infra/RUNBOOK.md.
 */
import { MPESA_PAYMENT_ID_PATTERN } from '@kesho/site-rules/mpesa';
import type { PaymentMethod } from '@kesho/operations/ops-events';
import type { Order } from './types';

/** What the store says about an order, without the customer's details. */
export interface OrderSummary {
  readonly invoiceNumber: string;
  readonly correlationId: string | null;
  readonly status: Order['status'];
  readonly statusReason: string | null;
  readonly method: PaymentMethod | null;
  readonly totalCents: number;
  readonly currency: string;
  readonly lineCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly checkoutSessionId: string | null;
  readonly receiptStatus: Order['receiptStatus'] | null;
  readonly review: Order['review'] | null;
}

export function summariseOrder(order: Order): OrderSummary {
  const sessionId = order.checkoutSessionId ?? null;
  return {
    invoiceNumber: order.invoiceNumber,
    correlationId: order.correlationId ?? null,
    status: order.status,
    statusReason: order.statusReason ?? null,
    // An M-Pesa payment's id doubles as its order's checkout session id (as the reconciliation tells them apart).
    method: sessionId === null ? null : MPESA_PAYMENT_ID_PATTERN.test(sessionId) ? 'mpesa' : 'card',
    totalCents: order.totalCents,
    currency: order.currency,
    lineCount: order.lines.length,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    checkoutSessionId: sessionId,
    receiptStatus: order.receiptStatus ?? null,
    review: order.review ?? null,
  };
}

export interface StoryLine {
  readonly at: string;
  readonly text: string;
}

/** Keys every line has, or that the line's own columns already show. */
const SHOWN_KEYS = new Set(['level', 'time', 'event', 'service', 'function', 'invoiceNumber', 'correlationId', 'cold_start', 'function_request_id', 'xray_trace_id', '_aws']);

/** The lines about the order (its invoice number or correlation id), each as one line of the timeline. */
export function storyLines(lines: readonly string[], invoiceNumber: string, correlationId: string | null): StoryLine[] {
  const story: StoryLine[] = [];
  for (const raw of lines) {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof entry !== 'object' || entry === null) continue;
    const about = entry.invoiceNumber === invoiceNumber || (correlationId !== null && entry.correlationId === correlationId);
    if (!about) continue;
    const emf = entry._aws as { Timestamp?: number; CloudWatchMetrics?: { Metrics?: { Name: string }[] }[] } | undefined;
    if (emf) {
      const names = emf.CloudWatchMetrics?.flatMap((set) => set.Metrics?.map((metric) => metric.Name) ?? []) ?? [];
      const at = new Date(emf.Timestamp ?? 0).toISOString();
      const details = Object.entries(entry)
        .filter(([key]) => !SHOWN_KEYS.has(key) && !names.includes(key))
        .map(([key, value]) => `${key}=${String(value)}`);
      story.push({ at, text: `${at}  ${'metric'.padEnd(18)} ${names.map((name) => `${name}=${String(entry[name])}`).join(' ')}  ${details.join(' ')}`.trimEnd() });
      continue;
    }
    const at = typeof entry.time === 'string' ? entry.time : '';
    const details = Object.entries(entry)
      .filter(([key]) => !SHOWN_KEYS.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
    story.push({
      at,
      text: `${at}  ${String(entry.function ?? entry.service ?? '').padEnd(18)} ${String(entry.level ?? '').padEnd(5)} ${String(entry.event ?? '')}  ${details.join(' ')}`.trimEnd(),
    });
  }
  return story.sort((a, b) => a.at.localeCompare(b.at));
}

const money = (cents: number, currency: string) => `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;

/** The whole printout: the order as stored, then its timeline. */
export function formatStory(invoiceNumber: string, summary: OrderSummary | null, lines: readonly StoryLine[], sources: { readonly logFile: string; readonly store: string }): string {
  const out: string[] = [];
  if (summary) {
    out.push(`Order ${summary.invoiceNumber}${summary.correlationId ? ` (correlation id ${summary.correlationId})` : ''}`);
    out.push(
      `  ${summary.status}${summary.statusReason ? ` (${summary.statusReason})` : ''}${summary.method ? `, by ${summary.method === 'mpesa' ? 'M-Pesa' : 'card'}` : ''}, ${money(summary.totalCents, summary.currency)} for ${summary.lineCount} line${summary.lineCount === 1 ? '' : 's'}`,
    );
    out.push(`  created ${summary.createdAt}, last changed ${summary.updatedAt}${summary.checkoutSessionId ? `, checkout ${summary.checkoutSessionId}` : ''}`);
    if (summary.receiptStatus) out.push(`  receipt ${summary.receiptStatus}`);
    if (summary.review) out.push(`  HELD FOR REVIEW since ${summary.review.at}: ${summary.review.why} (noticed by ${summary.review.source})`);
  } else {
    out.push(`Order ${invoiceNumber}: not in the store (${sources.store})`);
  }
  out.push('', `Timeline: ${lines.length} line${lines.length === 1 ? '' : 's'} of ${sources.logFile}`);
  for (const line of lines) out.push(line.text);
  return out.join('\n');
}
