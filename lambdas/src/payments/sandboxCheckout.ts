/**
 * The sandbox page's service. Pay and Decline first change the sandbox session (as the customer's
 * card would at Stripe), then settle the order through the same confirm routine as a webhook, and
 * finally say where the browser goes next, exactly as Stripe's success and cancel URLs would.
 */
import type { ConfirmOrder } from '../orders/confirmOrder';
import type { SandboxCheckoutView, SandboxPayments } from './sandbox';

export interface SandboxCheckout {
  view(sessionId: string): Promise<SandboxCheckoutView | null>;
  /** The address to send the browser to, or null for an unknown session. */
  pay(sessionId: string): Promise<string | null>;
  decline(sessionId: string): Promise<string | null>;
}

export function createSandboxCheckout(sandbox: SandboxPayments, confirmOrder: ConfirmOrder): SandboxCheckout {
  const nextAddress = (view: SandboxCheckoutView): string => (view.state === 'paid' ? `/payment-success?session_id=${encodeURIComponent(view.sessionId)}` : '/payment-failure');

  return {
    view: (sessionId) => sandbox.viewCheckout(sessionId),

    async pay(sessionId) {
      const view = await sandbox.pay(sessionId);
      if (!view) return null;
      await confirmOrder({ sessionId, source: 'sandbox-pay' });
      return nextAddress(view);
    },

    async decline(sessionId) {
      const view = await sandbox.decline(sessionId);
      if (!view) return null;
      await confirmOrder({ sessionId, source: 'sandbox-decline' });
      return nextAddress(view);
    },
  };
}
