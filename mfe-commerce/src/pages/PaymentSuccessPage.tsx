import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { CircleCheck, CircleX, Hourglass, Printer } from 'lucide-react';
import { Button, ButtonLink, Container, Section, media, tokens } from '@kesho/shell-kit';
import { mailtoHref, site } from '@kesho/common/site';
import { formatUsd } from '@kesho/common/money';
import { formatOfficeDate } from '@kesho/common/dates';
import { getCheckoutSession, PaymentError, type CheckoutSessionSummary, type CheckoutStatus } from '../api/paymentsClient';
import { CartProvider, useCart } from '../cart';
import { readCheckoutDraft, removeCheckoutData } from '../checkout/checkoutDraft';
import { PanelCard } from '../components/ui';
import { PrintableInvoice, type InvoiceCustomer, type InvoiceLine } from '../payment/PrintableInvoice';

export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT_MS = 30_000;

const ScreenOnly = styled.div`
  ${media.print} { display: none; }
`;

const ResultCard = styled(PanelCard)`
  max-width: 40rem;
  margin: 0 auto;
  text-align: center;
  h1 { font-size: clamp(1.75rem, 3vw + 1rem, 2.5rem); }
`;

const IconCircle = styled.span<{ $tone: 'success' | 'error' | 'pending' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 4.5rem;
  height: 4.5rem;
  margin-bottom: ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  background: ${({ $tone }) => ($tone === 'success' ? tokens.color.successSoft : $tone === 'error' ? tokens.color.errorSoft : tokens.color.accentSoft)};
  color: ${({ $tone }) => ($tone === 'success' ? tokens.color.success : $tone === 'error' ? tokens.color.error : tokens.color.accent)};
`;

const StatusLine = styled.p<{ $tone: 'success' | 'error' | 'pending' }>`
  display: inline-block;
  padding: ${tokens.space(1.5)} ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  font-weight: 600;
  background: ${({ $tone }) => ($tone === 'success' ? tokens.color.successSoft : $tone === 'error' ? tokens.color.errorSoft : tokens.color.accentSoft)};
  color: ${tokens.color.text};
`;

const Details = styled.dl`
  margin: ${tokens.space(6)} 0;
  padding: ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  text-align: left;
  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${tokens.space(1)} ${tokens.space(4)};
    padding: ${tokens.space(1)} 0;
  }
  dt { color: ${tokens.color.muted}; }
  dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin: ${tokens.space(6)} 0;
  ${media.sm} { flex-direction: row; justify-content: center; }
`;

const Muted = styled.p`
  color: ${tokens.color.muted};
`;

type Lookup =
  | { readonly kind: 'starting' }
  | { readonly kind: 'local'; readonly invoiceNumber: string; readonly dateText: string }
  | { readonly kind: 'checking' }
  | { readonly kind: 'known'; readonly summary: CheckoutSessionSummary; readonly dateText: string; readonly gaveUp: boolean }
  | { readonly kind: 'unavailable' }
  | { readonly kind: 'not-found' };

/** SPEC §3: without a server order, the invoice number is "INV-" and the last 8 digits of the time. */
function localInvoiceNumber(now: number): string {
  return `INV-${String(now).slice(-8)}`;
}

const isUnsuccessful = (status: CheckoutStatus) => status === 'failed' || status === 'expired';

function useCheckoutLookup(): Lookup {
  const [lookup, setLookup] = useState<Lookup>({ kind: 'starting' });

  useEffect(() => {
    const sessionId = new URLSearchParams(window.location.search).get('session_id')?.trim();
    if (!sessionId) {
      const now = Date.now();
      setLookup({ kind: 'local', invoiceNumber: localInvoiceNumber(now), dateText: formatOfficeDate(now) });
      return undefined;
    }
    setLookup({ kind: 'checking' });
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();

    const poll = async () => {
      let summary: CheckoutSessionSummary | null;
      try {
        summary = await getCheckoutSession(sessionId);
      } catch (error) {
        // The server does not know this session (or the link is malformed): asking again cannot help.
        if (!cancelled && error instanceof PaymentError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429) {
          setLookup({ kind: 'not-found' });
          return;
        }
        summary = null;
      }
      if (cancelled) return;
      const timeLeft = Date.now() - startedAt + POLL_INTERVAL_MS <= POLL_LIMIT_MS;
      const settled = summary !== null && summary.status !== 'pending';
      if (summary) {
        setLookup({ kind: 'known', summary, dateText: formatOfficeDate(summary.createdAt), gaveUp: !settled && !timeLeft });
      } else if (!timeLeft) {
        setLookup((current) => (current.kind === 'known' ? { ...current, gaveUp: true } : { kind: 'unavailable' }));
      }
      if (!settled && timeLeft) timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);

  return lookup;
}

function SuccessContent() {
  const cart = useCart();
  const lookup = useCheckoutLookup();
  const cleared = useRef(false);
  const [purchased, setPurchased] = useState<{ lines: readonly InvoiceLine[]; totalCents: number } | null>(null);
  const [customer, setCustomer] = useState<InvoiceCustomer | null>(null);

  // A failed or expired session keeps the cart and the details, so /payment-failure can offer a retry.
  const shouldClear =
    lookup.kind === 'local' || lookup.kind === 'unavailable' || (lookup.kind === 'known' && !isUnsuccessful(lookup.summary.status));

  useEffect(() => {
    if (!cart.hydrated || !shouldClear || cleared.current) return;
    cleared.current = true;
    const draft = readCheckoutDraft();
    if (typeof draft.fullName === 'string' && typeof draft.email === 'string') {
      setCustomer({
        fullName: draft.fullName,
        email: draft.email,
        phone: typeof draft.phone === 'string' ? draft.phone : '',
        companyName: typeof draft.companyName === 'string' ? draft.companyName : '',
      });
    }
    if (cart.items.length > 0) {
      setPurchased({
        lines: cart.items.map((item) => ({ name: item.name, quantity: item.quantity, amountCents: item.priceCents * item.quantity })),
        totalCents: cart.totalCents,
      });
    }
    cart.clearCart();
    removeCheckoutData();
  }, [cart, shouldClear]);

  const summary = lookup.kind === 'known' ? lookup.summary : null;
  const status = summary?.status;
  const failed = status !== undefined && isUnsuccessful(status);
  const invoiceNumber = lookup.kind === 'local' ? lookup.invoiceNumber : summary?.invoiceNumber;
  const dateText = lookup.kind === 'local' || lookup.kind === 'known' ? lookup.dateText : '';
  const lines = summary ? summary.items : (purchased?.lines ?? []);
  const totalCents = summary ? summary.amountCents : (purchased?.totalCents ?? null);

  if (lookup.kind === 'not-found') {
    return (
      <ResultCard>
        <IconCircle $tone="error">
          <CircleX aria-hidden="true" focusable="false" size={40} />
        </IconCircle>
        <h1>Payment Not Found</h1>
        <p>We could not find a payment for this link. Your package is still saved, so you can go back and pay for it.</p>
        <Actions>
          <ButtonLink to="/payment">Go to Payment</ButtonLink>
        </Actions>
        <Muted>
          If you have been charged, email us at <a href={mailtoHref}>{site.email}</a> with your receipt and we will sort it out.
        </Muted>
      </ResultCard>
    );
  }

  if (failed) {
    return (
      <ResultCard>
        <IconCircle $tone="error">
          <CircleX aria-hidden="true" focusable="false" size={40} />
        </IconCircle>
        <h1>Payment Not Completed</h1>
        <p>
          {status === 'expired'
            ? 'Your payment session expired before the payment was made, so you have not been charged.'
            : 'Your card payment did not go through, so you have not been charged.'}
        </p>
        <p>Your package and your details are still saved. You can try again or choose another card.</p>
        <Actions>
          <ButtonLink to="/payment-failure">See What To Do Next</ButtonLink>
        </Actions>
        <Muted>
          Need help? Email us at <a href={mailtoHref}>{site.email}</a>
        </Muted>
      </ResultCard>
    );
  }

  const pending = status === 'pending';
  const gaveUp = lookup.kind === 'known' && lookup.gaveUp;
  return (
    <>
      <ScreenOnly data-print-hide="">
        <ResultCard>
          <IconCircle $tone={pending ? 'pending' : 'success'}>
            {pending ? <Hourglass aria-hidden="true" focusable="false" size={40} /> : <CircleCheck aria-hidden="true" focusable="false" size={40} />}
          </IconCircle>
          <h1>Payment Successful!</h1>
          <p>Thank you for your purchase. Your payment has been processed successfully.</p>
          <div role="status">
            {status === 'paid' ? <StatusLine $tone="success">Payment confirmed</StatusLine> : null}
            {pending && !gaveUp ? <StatusLine $tone="pending">Processing your payment…</StatusLine> : null}
            {pending && gaveUp ? (
              <StatusLine $tone="pending">Your payment is still being confirmed. We will email your receipt as soon as it is.</StatusLine>
            ) : null}
            {lookup.kind === 'checking' ? <StatusLine $tone="pending">Checking your payment…</StatusLine> : null}
            {lookup.kind === 'unavailable' ? (
              <StatusLine $tone="pending">We could not check your payment just now. Your receipt and invoice will arrive by email.</StatusLine>
            ) : null}
          </div>
          <Details>
            <div>
              <dt>Invoice Number</dt>
              <dd>{invoiceNumber ?? (lookup.kind === 'unavailable' ? 'In your confirmation email' : 'Loading…')}</dd>
            </div>
            {dateText ? (
              <div>
                <dt>Date</dt>
                <dd>{dateText}</dd>
              </div>
            ) : null}
            {totalCents !== null ? (
              <div>
                <dt>Amount</dt>
                <dd>{formatUsd(totalCents)}</dd>
              </div>
            ) : null}
            {summary?.mpesaReceiptNumber ? (
              <div>
                <dt>M-Pesa Receipt</dt>
                <dd>{summary.mpesaReceiptNumber}</dd>
              </div>
            ) : null}
          </Details>
          <p>
            {pending
              ? 'A confirmation email with your receipt and invoice will be sent to you as soon as your payment is confirmed.'
              : 'A confirmation email with your receipt and invoice has been sent to your email address.'}
          </p>
          <Actions>
            <ButtonLink to="/">Return to Homepage</ButtonLink>
            <Button type="button" $variant="secondary" onClick={() => window.print()}>
              <Printer aria-hidden="true" focusable="false" size={18} />
              Download Invoice
            </Button>
          </Actions>
          <Muted>
            Questions about your order? Email us at <a href={mailtoHref}>{site.email}</a>
          </Muted>
        </ResultCard>
      </ScreenOnly>
      {invoiceNumber ? (
        <PrintableInvoice
          invoiceNumber={invoiceNumber}
          dateText={dateText}
          statusText={status === 'paid' ? 'Paid' : pending ? 'Payment processing' : 'Paid by card'}
          lines={lines}
          totalCents={totalCents}
          customer={customer}
        />
      ) : null}
    </>
  );
}

export default function PaymentSuccessPage() {
  return (
    <CartProvider>
      <Section>
        <Container>
          <SuccessContent />
        </Container>
      </Section>
    </CartProvider>
  );
}
