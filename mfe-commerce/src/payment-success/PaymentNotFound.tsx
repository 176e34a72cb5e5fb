import { ButtonLink } from '@kesho/shell-kit';
import { mailtoHref, site } from '@kesho/site-rules/site';
import { Actions, Muted, ResultCard, ResultIcon } from './resultCard';

/** The link names a session the server does not know: nothing was paid through it, the package is kept. */
export function PaymentNotFound() {
  return (
    <ResultCard>
      <ResultIcon tone="error" />
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
