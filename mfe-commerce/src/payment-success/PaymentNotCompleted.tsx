import { ButtonLink } from '@kesho/shell-kit';
import { mailtoHref, site } from '@kesho/site-rules/site';
import { Actions, Muted, ResultCard, ResultIcon } from './resultCard';

/** The server says the payment failed or the session expired: nothing was charged, the package is kept. */
export function PaymentNotCompleted({ expired }: { expired: boolean }) {
  return (
    <ResultCard>
      <ResultIcon tone="error" />
      <h1>Payment Not Completed</h1>
      <p>{expired ? 'Your payment session expired before the payment was made, so you have not been charged.' : 'Your card payment did not go through, so you have not been charged.'}</p>
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
