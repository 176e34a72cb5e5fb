/**
 * One story per order: which order an invocation (or one step of a reconciliation run) is about, so
 * every log line, metric and trace annotation written meanwhile carries its invoice number and its
 * correlation id without each caller passing them.
 *
 * The correlation id is made when the order is created (create-payment, mpesa-payment), stored on the
 * order, sent to Stripe as checkout metadata, and read back wherever the order is met again (the
 * webhook's event, fulfil-order's job, the M-Pesa callback's payment, the success page, the
 * reconciliation, the receipt). Scopes live in AsyncLocalStorage, so the local runtime's concurrent
 * requests never see each other's order.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface OrderFields {
  readonly invoiceNumber?: string;
  readonly correlationId?: string;
}

interface Scope {
  /** The function the invocation belongs to (locally one process serves them all). */
  readonly fn?: string;
  fields: OrderFields;
  /** Told when the scope learns its order (the tracer annotates the invocation's trace). */
  readonly onBind?: (fields: OrderFields) => void;
}

const scopes = new AsyncLocalStorage<Scope>();

export function newCorrelationId(): string {
  return randomUUID();
}

/** Runs one invocation (or one order of a run) in a scope of its own; `fields` start it (a job that names its order). */
export function runInOrderScope<T>(work: () => Promise<T>, fields: OrderFields = {}, invocation: { readonly fn?: string; readonly onBind?: (fields: OrderFields) => void } = {}): Promise<T> {
  const parent = scopes.getStore();
  const fn = invocation.fn ?? parent?.fn;
  const onBind = invocation.onBind ?? parent?.onBind;
  const scope: Scope = { fields: {}, ...(fn ? { fn } : {}), ...(onBind ? { onBind } : {}) };
  return scopes.run(scope, () => {
    bindOrder(fields);
    return work();
  });
}

/** The order the current scope is about, from here on (later fields win; a missing one keeps what was known). */
export function bindOrder(fields: OrderFields | { readonly invoiceNumber: string; readonly correlationId?: string | undefined }): void {
  const scope = scopes.getStore();
  if (!scope) return;
  const next: OrderFields = {
    ...scope.fields,
    ...(fields.invoiceNumber ? { invoiceNumber: fields.invoiceNumber } : {}),
    ...(fields.correlationId ? { correlationId: fields.correlationId } : {}),
  };
  if (next.invoiceNumber === scope.fields.invoiceNumber && next.correlationId === scope.fields.correlationId) return;
  scope.fields = next;
  scope.onBind?.(next);
}

export function currentOrderFields(): OrderFields {
  return scopes.getStore()?.fields ?? {};
}

/** The function of the current invocation, when it runs in one. */
export function currentFunction(): string | undefined {
  return scopes.getStore()?.fn;
}
