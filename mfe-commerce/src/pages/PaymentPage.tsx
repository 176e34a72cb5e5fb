import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import styled from 'styled-components';
import { ExternalLink, Lock, ShieldCheck } from 'lucide-react';
import { Container, Link, PageHeader, Section, tokens, useSearchParams, useShell, useToast } from '@kesho/shell-kit';
import { formatUsd } from '@kesho/site-rules/money';
import { MPESA_PAYMENT_ID_PATTERN, MPESA_PAYMENT_PARAM } from '@kesho/site-rules/mpesa';
import { createPayment, failureMessage, PaymentError } from '../api/paymentsClient';
import { CartProvider, useCart } from '../cart';
import { readCheckoutData } from '../checkout/checkoutStorage';
import { OrderSummary } from '../components/OrderSummary';
import { CART_AREA_MIN_HEIGHT, CartLoading, VisuallyHidden } from '../components/ui';
import { createVisitRate } from '../payment/mpesa/useMpesaRate';
import { openCheckout } from '../payment/openCheckout';
import { PayButton, PaymentProblem, UnderWayPanel } from '../payment/paymentUi';

/** Loaded when M-Pesa is chosen (or resumed): the card path, the default, does not pay for it. */
const MpesaPayment = lazy(() => import('../payment/mpesa/MpesaPayment').then((module) => ({ default: module.MpesaPayment })));

export const PAYMENT_PAGE_MESSAGES = {
  noCheckoutData: 'Checkout data not found',
  failedToast: 'Payment failed',
  redirecting: 'Redirecting to Stripe Checkout...',
} as const;

const Column = styled.div`
  max-width: 36rem;
  /* As tall as the loading state before it, so the footer stays where it was. */
  min-height: ${CART_AREA_MIN_HEIGHT};
  margin: 0 auto;
  display: grid;
  align-content: start;
  gap: ${tokens.space(6)};
`;

const OpenedNotice = styled(UnderWayPanel)`
  p {
    margin: 0 0 ${tokens.space(2)};
  }
  p:last-child {
    margin: 0;
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: ${tokens.space(1.5)};
    font-weight: 600;
  }
`;

const SecureFooter = styled.footer`
  text-align: center;
  color: ${tokens.color.muted};
  font-size: 0.9375rem;
  p {
    margin: 0 0 ${tokens.space(2)};
    display: inline-flex;
    align-items: center;
    gap: ${tokens.space(2)};
  }
  ul {
    display: flex;
    justify-content: center;
    gap: ${tokens.space(6)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: ${tokens.space(2)} 0;
  }
`;

const MethodChoice = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${tokens.space(2)};
    padding: 0;
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${tokens.space(3)};
  }
  label {
    flex: 1 1 10rem;
    display: flex;
    align-items: center;
    gap: ${tokens.space(2)};
    min-height: 3rem;
    padding: ${tokens.space(2)} ${tokens.space(3)};
    border: 1px solid ${tokens.color.muted};
    border-radius: ${tokens.radius.md};
    cursor: pointer;
    font-weight: 600;
  }
  label:has(input:checked) {
    border-color: ${tokens.color.primary};
    box-shadow: 0 0 0 1px ${tokens.color.primary};
  }
  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    accent-color: ${tokens.color.primary};
  }
  input:focus-visible {
    outline: 3px solid ${tokens.color.focus};
    outline-offset: 2px;
  }
`;

export type PaymentMethod = 'card' | 'mpesa';

interface PaymentFailure {
  readonly message: string;
  readonly problems: readonly string[];
  readonly detailsNeedEditing: boolean;
}

function PaymentContent() {
  const cart = useCart();
  const shell = useShell();
  const { navigate } = shell;
  const toast = useToast();
  const [checkedEntry, setCheckedEntry] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [openedUrl, setOpenedUrl] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('card');
  // An M-Pesa payment under way (a reload, or back from the sandbox phone) is named by the address: it is followed, not restarted.
  const mpesaParam = useSearchParams().get(MPESA_PAYMENT_PARAM);
  const resumeMpesa = mpesaParam !== null && MPESA_PAYMENT_ID_PATTERN.test(mpesaParam) ? mpesaParam : null;
  // The M-Pesa rate is asked once per visit, however often the visitor switches between card and M-Pesa.
  const [visitRate] = useState(createVisitRate);

  const isEmpty = cart.items.length === 0;
  useEffect(() => {
    if (!cart.hydrated) return;
    // Without saved checkout data or with an empty cart there is nothing to pay for.
    if (isEmpty || readCheckoutData() === null) {
      navigate('/custom-quote', { replace: true });
      return;
    }
    // The payment form is the page's largest render: as a transition it does not block input.
    startTransition(() => {
      if (resumeMpesa) setMethod('mpesa');
      setCheckedEntry(true);
    });
  }, [cart.hydrated, isEmpty, navigate, resumeMpesa]);

  const handlePay = async () => {
    if (processing) return;
    setFailure(null);
    setOpenedUrl(null);
    const customer = readCheckoutData();
    if (!customer) {
      setFailure({ message: PAYMENT_PAGE_MESSAGES.noCheckoutData, problems: [], detailsNeedEditing: true });
      toast(PAYMENT_PAGE_MESSAGES.failedToast, { variant: 'error' });
      return;
    }
    setProcessing(true);
    try {
      const { url } = await createPayment(cart.items, customer, shell);
      toast(PAYMENT_PAGE_MESSAGES.redirecting, { variant: 'success' });
      if (openCheckout(url) === 'new-tab') {
        setOpenedUrl(url);
        setProcessing(false);
      }
      // In the same-tab case the page is being replaced: the button stays busy until it is.
    } catch (error) {
      setFailure({
        message: failureMessage(error),
        problems: error instanceof PaymentError ? error.problems : [],
        detailsNeedEditing: error instanceof PaymentError && error.customerDetailsRejected,
      });
      toast(PAYMENT_PAGE_MESSAGES.failedToast, { variant: 'error' });
      setProcessing(false);
    }
  };

  if (!cart.hydrated || !checkedEntry) return <CartLoading minHeight={CART_AREA_MIN_HEIGHT} />;

  return (
    <Column>
      <OrderSummary items={cart.items} totalCents={cart.totalCents} showBreakdown={false} />
      <MethodChoice>
        <legend>Payment method</legend>
        <div>
          <label>
            <input type="radio" name="paymentMethod" value="card" checked={method === 'card'} onChange={() => setMethod('card')} />
            Card
          </label>
          <label>
            <input type="radio" name="paymentMethod" value="mpesa" checked={method === 'mpesa'} onChange={() => setMethod('mpesa')} />
            M-Pesa
          </label>
        </div>
      </MethodChoice>
      {method === 'mpesa' ? (
        <Suspense fallback={<CartLoading minHeight="12rem">Loading M-Pesa…</CartLoading>}>
          <MpesaPayment items={cart.items} totalCents={cart.totalCents} resumePaymentId={resumeMpesa} visitRate={visitRate} onPayByCard={() => setMethod('card')} />
        </Suspense>
      ) : null}
      {method === 'card' && failure ? (
        <PaymentProblem
          title={
            <p>
              <strong>{failure.message}</strong>
            </p>
          }
          problems={failure.problems}
        >
          {failure.detailsNeedEditing ? (
            <p>
              <Link to="/checkout">Check your details</Link>
            </p>
          ) : null}
        </PaymentProblem>
      ) : null}
      {method === 'card' && openedUrl ? (
        <OpenedNotice role="status">
          <p>Stripe Checkout has opened in a new tab. Complete your payment there.</p>
          <p>
            <a href={openedUrl} target="_blank" rel="noopener noreferrer">
              Open Stripe Checkout again
              <ExternalLink aria-hidden="true" focusable="false" size={16} />
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </a>
          </p>
        </OpenedNotice>
      ) : null}
      {method === 'card' ? (
        <PayButton type="button" onClick={() => void handlePay()} disabled={processing} aria-busy={processing || undefined}>
          <Lock aria-hidden="true" focusable="false" size={18} />
          {processing ? 'Processing...' : `Pay ${formatUsd(cart.totalCents)} with Stripe`}
        </PayButton>
      ) : null}
      <SecureFooter>
        <p>
          <ShieldCheck aria-hidden="true" focusable="false" size={18} />
          Secure payment • SSL encrypted
        </p>
        <ul>
          <li>
            <Link to="/terms">Terms of Service</Link>
          </li>
          <li>
            <Link to="/refund">Refund Policy</Link>
          </li>
        </ul>
      </SecureFooter>
    </Column>
  );
}

export default function PaymentPage() {
  return (
    <CartProvider>
      <PageHeader title="Complete Your Payment">
        <p>Secure payment powered by Stripe</p>
      </PageHeader>
      <Section>
        <Container>
          <PaymentContent />
        </Container>
      </Section>
    </CartProvider>
  );
}
