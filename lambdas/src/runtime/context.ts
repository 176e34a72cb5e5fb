/**
 * How a handler finds its services. In AWS the runtime is built once per cold start from the
 * function's environment. The local runtime (and tests) run handlers inside `runWithRuntime`, which
 * scopes their own runtime to that call through AsyncLocalStorage: the handler modules stay exactly
 * the ones deployed, and several local runtimes can share one process without global state.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createAwsRuntime } from './aws';
import type { Runtime } from './runtime';

const scoped = new AsyncLocalStorage<Promise<Runtime>>();
let coldStart: Promise<Runtime> | undefined;

export function runWithRuntime<T>(runtime: Runtime | Promise<Runtime>, work: () => Promise<T>): Promise<T> {
  return scoped.run(Promise.resolve(runtime), work);
}

export function currentRuntime(): Promise<Runtime> {
  const local = scoped.getStore();
  if (local) return local;
  if (!coldStart) {
    coldStart = createAwsRuntime();
    // A failed start (a secret not readable yet) is retried by the next invocation, not cached.
    coldStart.catch(() => {
      coldStart = undefined;
    });
  }
  return coldStart;
}
