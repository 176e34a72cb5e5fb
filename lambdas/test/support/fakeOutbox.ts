/**
 * An in-memory Outbox with the contract's semantics (at most once per key, a failed send stays
 * retryable and rethrows), and a switch that makes the next sends fail like an SES outage.
 */
import type { Outbox, OutgoingMail } from '../../src/mail/types';

export interface FakeOutbox extends Outbox {
  readonly sent: OutgoingMail[];
  readonly keys: string[];
  failNext(count: number): void;
}

export function createFakeOutbox(): FakeOutbox {
  const sent: OutgoingMail[] = [];
  const keys: string[] = [];
  const done = new Set<string>();
  let failures = 0;
  return {
    sent,
    keys,
    failNext(count) {
      failures = count;
    },
    async sendOnce(key, build) {
      if (done.has(key)) return 'already-sent';
      const mail = await build();
      if (failures > 0) {
        failures -= 1;
        throw new Error('mail transport unavailable');
      }
      done.add(key);
      sent.push(mail);
      keys.push(key);
      return 'sent';
    },
    async has(key) {
      return done.has(key);
    },
  };
}
