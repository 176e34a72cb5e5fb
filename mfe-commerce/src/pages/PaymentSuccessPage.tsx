import { Container, Section } from '@kesho/shell-kit';
import { CartProvider } from '../cart';
import { PaymentNotCompleted } from '../payment-success/PaymentNotCompleted';
import { PaymentNotFound } from '../payment-success/PaymentNotFound';
import { PaymentReceived } from '../payment-success/PaymentReceived';
import { isUnsuccessful, useCheckoutLookup } from '../payment-success/useCheckoutLookup';
import { useClearCartOncePaid } from '../payment-success/useClearCartOncePaid';

/** Picks the screen for what the server says about the payment, and empties the cart once it is paid. */
function PaymentOutcome() {
  const lookup = useCheckoutLookup();
  const purchase = useClearCartOncePaid(lookup);

  if (lookup.kind === 'not-found') return <PaymentNotFound />;
  if (lookup.kind === 'known' && isUnsuccessful(lookup.summary.status)) {
    return <PaymentNotCompleted expired={lookup.summary.status === 'expired'} />;
  }
  return <PaymentReceived lookup={lookup} purchase={purchase} />;
}

export default function PaymentSuccessPage() {
  return (
    <CartProvider>
      <Section>
        <Container>
          <PaymentOutcome />
        </Container>
      </Section>
    </CartProvider>
  );
}
