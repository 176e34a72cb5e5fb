import { Printer } from 'lucide-react';
import { Button, ButtonLink } from '@kesho/shell-kit';
import { scriptOnly } from '@kesho/site-rules/script-only';
import { mailtoHref, site } from '@kesho/site-rules/site';
import { formatUsd } from '@kesho/site-rules/money';
import { PrintableInvoice } from '../payment/PrintableInvoice';
import { Actions, Details, Muted, ResultCard, ResultIcon, ScreenOnly, StatusLine } from './resultCard';
import type { CheckoutLookup } from './useCheckoutLookup';
import type { PurchaseRecord } from './useClearCartOncePaid';

export interface PaymentReceivedProps {
  /** Anything but a failed, expired or unknown session. */
  readonly lookup: CheckoutLookup;
  readonly purchase: PurchaseRecord;
}

/**
 * The thank-you screen: the payment went through, is still being confirmed, or could not be checked.
 * It shows the invoice number, date, amount (and M-Pesa receipt) and prints the invoice.
 */
export function PaymentReceived({ lookup, purchase }: PaymentReceivedProps) {
  const summary = lookup.kind === 'known' ? lookup.summary : null;
  const status = summary?.status;
  const invoiceNumber = lookup.kind === 'local' ? lookup.invoiceNumber : summary?.invoiceNumber;
  const dateText = lookup.kind === 'local' || lookup.kind === 'known' ? lookup.dateText : '';
  const lines = summary ? summary.items : (purchase.purchased?.lines ?? []);
  const totalCents = summary ? summary.amountCents : (purchase.purchased?.totalCents ?? null);
  const pending = status === 'pending';
  const gaveUp = lookup.kind === 'known' && lookup.gaveUp;
  // The prerendered page cannot know the invoice: until this browser does, printing would print
  // nothing, so the button waits and says so rather than ignoring a tap.
  const invoiceLoading = lookup.kind === 'starting' || lookup.kind === 'checking';

  return (
    <>
      <ScreenOnly data-print-hide="">
        <ResultCard>
          <ResultIcon tone={pending ? 'pending' : 'success'} />
          <h1>Payment Successful!</h1>
          <p>Thank you for your purchase. Your payment has been processed successfully.</p>
          <div role="status">
            {status === 'paid' ? <StatusLine $tone="success">Payment confirmed</StatusLine> : null}
            {pending && !gaveUp ? <StatusLine $tone="pending">Processing your payment…</StatusLine> : null}
            {pending && gaveUp ? <StatusLine $tone="pending">Your payment is still being confirmed. We will email your receipt as soon as it is.</StatusLine> : null}
            {lookup.kind === 'checking' ? <StatusLine $tone="pending">Checking your payment…</StatusLine> : null}
            {lookup.kind === 'unavailable' ? <StatusLine $tone="pending">We could not check your payment just now. Your receipt and invoice will arrive by email.</StatusLine> : null}
          </div>
          <Details>
            <div>
              <dt>Invoice Number</dt>
              <dd>{invoiceNumber ?? (lookup.kind === 'unavailable' ? 'In your confirmation email' : 'Loading…')}</dd>
            </div>
            {dateText || invoiceLoading ? (
              <div>
                <dt>Date</dt>
                <dd>{dateText || 'Loading…'}</dd>
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
            <Button {...scriptOnly} type="button" $variant="secondary" onClick={() => window.print()} disabled={invoiceLoading} aria-busy={invoiceLoading || undefined}>
              <Printer aria-hidden="true" focusable="false" size={18} />
              Download Invoice{invoiceLoading ? <span> (loading…)</span> : null}
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
          customer={purchase.customer}
        />
      ) : null}
    </>
  );
}
