/**
 * How a handler finds its services. Each handler names its function, and so the secrets it reads
 * (@kesho/common/function-secrets). In AWS the runtime is built once per cold start from the
 * function's environment, loading only those secrets. The local runtime (and tests) run handlers
 * inside `runWithRuntime`, which scopes their own runtime to that call through AsyncLocalStorage: the
 * handler modules stay exactly the ones deployed, and several local runtimes can share one process
 * without global state.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { BackendFunction } from '@kesho/common/function-secrets';
import { createAwsRuntime } from './aws';
import type { Runtime } from './runtime';

const scoped = new AsyncLocalStorage<Promise<Runtime>>();
const coldStarts = new Map<BackendFunction, Promise<Runtime>>();

export function runWithRuntime<T>(runtime: Runtime | Promise<Runtime>, work: () => Promise<T>): Promise<T> {
  return scoped.run(Promise.resolve(runtime), work);
}

export function currentRuntime(fn: BackendFunction): Promise<Runtime> {
  const local = scoped.getStore();
  if (local) return local;
  let coldStart = coldStarts.get(fn);
  if (!coldStart) {
    coldStart = createAwsRuntime(fn);
    coldStarts.set(fn, coldStart);
    // A failed start (a secret not readable yet) is retried by the next invocation, not cached.
    coldStart.catch(() => coldStarts.delete(fn));
  }
  return coldStart;
}
