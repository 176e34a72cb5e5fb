import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CircleExclamationPoint, Smartphone } from 'lucide-react';
import { Button, tokens, useShell } from '@kesho/shell-kit';
import { Field, FieldError, FieldHint, FieldLabel, TextInput } from '@kesho/shell-kit/fields';
import { formatKes } from '@kesho/common/money';
import { MPESA_MESSAGES, isMpesaAmount, parseMpesaPhone, rateLine, usdCentsToKes } from '@kesho/common/mpesa';
import { readCheckoutData } from '../checkout/checkoutStorage';
import { getMpesaPayment, getMpesaRate, MPESA_PAYMENT_PARAM, startMpesaPayment, type MpesaPaymentState, type MpesaRate } from '../api/mpesaClient';
import { endPaymentAttempt } from '../api/paymentAttempt';
import { PAYMENT_MESSAGES, PaymentError, type PaymentLine } from '../api/paymentsClient';
import { CartLoading, ErrorPanel } from '../components/ui';

/** Texts of the M-Pesa path decided here (the outcome messages come from the server, @kesho/common/mpesa). */
export const MPESA_PAGE_MESSAGES = {
  phoneLabel: 'M-Pesa phone number',
  phoneHint: 'The Safaricom number that will receive the payment request, e.g. 0712 345 678',
  amountLabel: 'You will pay',
  sending: 'Sending the request to your phone…',
  resuming: 'Checking your M-Pesa payment…',
  loadingRate: 'Fetching the M-Pesa exchange rate…',
  sandboxLink: 'Open the test M-Pesa phone (test mode)',
  stillWaiting: 'We have not heard back from M-Pesa yet. If you entered your PIN, check again in a moment.',
  checkAgain: 'Check again',
  tryAgain: 'Try again',
  payByCard: 'Pay by card',
} as const;

export const MPESA_POLL_INTERVAL_MS = 2_000;
/**
 * Status polls (one every MPESA_POLL_INTERVAL_MS: 90 × 2 s = 3 minutes) before the page asks the payer.
 * Daraja gives up on an unanswered prompt after about a minute; three minutes is ample.
 */
const MPESA_POLL_LIMIT = 90;

const Panel = styled.div`
  display: grid;
  gap: ${tokens.space(4)};
`;

const Amount = styled.div`
  padding: ${tokens.space(4)};
  border: 1px solid ${tokens.color.muted};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  p {
    margin: 0;
  }
  strong {
    font-size: 1.375rem;
  }
`;

const Waiting = styled.div`
  padding: ${tokens.space(4)};
  border: 1px solid ${tokens.color.success};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.successSoft};
  display: grid;
  gap: ${tokens.space(2)};
  h2 {
    margin: 0;
    font-size: 1.25rem;
    display: flex;
    align-items: center;
    gap: ${tokens.space(2)};
  }
  p {
    margin: 0;
  }
  a {
    font-weight: 600;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(3)};
  button {
    flex: 1 1 10rem;
  }
`;

const OutcomeHeading = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;

const WideButton = styled(Button)`
  width: 100%;
  min-height: 3.25rem;
  font-size: 1.0625rem;
`;

type Stage =
  | { readonly kind: 'form' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'resuming' }
  | { readonly kind: 'waiting'; readonly payment: MpesaPaymentState; readonly gaveUp: boolean }
  | { readonly kind: 'refused'; readonly payment: MpesaPaymentState }
  | { readonly kind: 'error'; readonly message: string; readonly problems: readonly string[] };

/** The server's rate (ops' configuration): the amount shown is the amount the phone will be asked for. */
type RateState = { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly rate: MpesaRate } | { readonly kind: 'failed'; readonly message: string };

export interface MpesaPaymentProps {
  readonly items: readonly PaymentLine[];
  readonly totalCents: number;
  /** A payment already under way (the page was reloaded, or the sandbox phone sent the tester back). */
  readonly resumePaymentId: string | null;
  readonly onPayByCard: () => void;
}

export function MpesaPayment({ items, totalCents, resumePaymentId, onPayByCard }: MpesaPaymentProps) {
  const shell = useShell();
  const { navigate } = shell;
  /** The address names the payment under way (a reload, or the sandbox phone, comes back to it), or none; the history entry's state stays. */
  const followInAddress = (paymentId: string | null) => {
    const to = paymentId ? `${shell.pathname}?${MPESA_PAYMENT_PARAM}=${encodeURIComponent(paymentId)}` : shell.pathname;
    navigate(to, { replace: true, state: shell.historyState() });
  };
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>(resumePaymentId ? { kind: 'resuming' } : { kind: 'form' });
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [rateState, setRateState] = useState<RateState>({ kind: 'loading' });
  const [rateAttempt, setRateAttempt] = useState(0);
  const amountKes = rateState.kind === 'ready' ? usdCentsToKes(totalCents, rateState.rate.kesPerUsd) : 0;
  const payable = isMpesaAmount(amountKes);
  const paymentId = stage.kind === 'waiting' ? stage.payment.paymentId : resumePaymentId;
  const polling = stage.kind === 'resuming' || (stage.kind === 'waiting' && !stage.gaveUp);

  // Follow the payment until the phone has answered: every state comes from the server.
  useEffect(() => {
    if (!paymentId || !polling) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let count = 0;
    const poll = async () => {
      count += 1;
      try {
        const payment = await getMpesaPayment(paymentId);
        if (cancelled) return;
        if (payment.outcome === 'paid') {
          navigate(`/payment-success?session_id=${encodeURIComponent(payment.paymentId)}`);
          return;
        }
        if (payment.outcome !== 'pending') {
          setStage({ kind: 'refused', payment });
          return;
        }
        setStage((current) => (current.kind === 'waiting' && current.payment.paymentId === payment.paymentId && !current.gaveUp ? current : { kind: 'waiting', payment, gaveUp: false }));
      } catch (error) {
        if (cancelled) return;
        if (error instanceof PaymentError && error.status !== null && error.status >= 400 && error.status < 500) {
          setStage({ kind: 'error', message: error.message, problems: [] });
          return;
        }
      }
      if (count >= MPESA_POLL_LIMIT) {
        setStage((current) => (current.kind === 'waiting' ? { ...current, gaveUp: true } : current));
        return;
      }
      timer = setTimeout(() => void poll(), MPESA_POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [paymentId, polling, navigate]);

  useEffect(() => {
    let cancelled = false;
    getMpesaRate().then(
      (rate) => {
        if (!cancelled) setRateState({ kind: 'ready', rate });
      },
      (error: unknown) => {
        if (!cancelled) setRateState({ kind: 'failed', message: error instanceof Error && error.message.trim() ? error.message : PAYMENT_MESSAGES.fallback });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [rateAttempt]);

  useEffect(() => {
    if (stage.kind === 'waiting' || stage.kind === 'refused' || stage.kind === 'error') headingRef.current?.focus();
  }, [stage.kind]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage.kind === 'starting') return;
    const parsed = parseMpesaPhone(phone);
    if (!parsed.ok) {
      setPhoneError(parsed.error);
      inputRef.current?.focus();
      return;
    }
    setPhoneError(null);
    const customer = readCheckoutData();
    if (!customer) {
      setStage({ kind: 'error', message: 'Checkout data not found', problems: [] });
      return;
    }
    setStage({ kind: 'starting' });
    try {
      const payment = await startMpesaPayment(items, customer, parsed.msisdn, shell);
      // A reload (or the sandbox phone) comes back to this payment, not to a new one.
      followInAddress(payment.paymentId);
      setStage({ kind: 'waiting', payment, gaveUp: false });
    } catch (error) {
      if (error instanceof PaymentError && error.problems.some((problem) => problem.startsWith('M-Pesa number'))) {
        setStage({ kind: 'form' });
        setPhoneError(MPESA_MESSAGES.phoneInvalid);
        inputRef.current?.focus();
        return;
      }
      const message = error instanceof Error && error.message.trim() ? error.message : PAYMENT_MESSAGES.fallback;
      setStage({ kind: 'error', message, problems: error instanceof PaymentError ? error.problems : [] });
    }
  };

  const tryAgain = () => {
    // A push the payer declined (or that timed out) is over: trying again is a new payment. After an
    // error the first request may still have started one, so the attempt (and its key) carries on.
    if (stage.kind === 'refused') endPaymentAttempt(shell);
    followInAddress(null);
    setStage({ kind: 'form' });
  };
  const payByCard = () => {
    followInAddress(null);
    onPayByCard();
  };

  if (stage.kind === 'waiting') {
    const { payment } = stage;
    return (
      <Waiting>
        <h2 ref={headingRef} tabIndex={-1}>
          <Smartphone aria-hidden="true" focusable="false" size={22} />
          {MPESA_MESSAGES.waiting}
        </h2>
        <div role="status">
          <p>
            We sent a request for <strong>{formatKes(payment.amountKes)}</strong> to {payment.phone} (invoice {payment.invoiceNumber}).
          </p>
          {stage.gaveUp ? <p>{MPESA_PAGE_MESSAGES.stillWaiting}</p> : null}
        </div>
        {payment.sandboxUrl ? (
          <p>
            <a href={payment.sandboxUrl}>{MPESA_PAGE_MESSAGES.sandboxLink}</a>
          </p>
        ) : null}
        {stage.gaveUp ? (
          <Actions>
            <Button type="button" onClick={() => setStage({ ...stage, gaveUp: false })}>
              {MPESA_PAGE_MESSAGES.checkAgain}
            </Button>
            <Button type="button" $variant="secondary" onClick={payByCard}>
              {MPESA_PAGE_MESSAGES.payByCard}
            </Button>
          </Actions>
        ) : null}
      </Waiting>
    );
  }

  if (stage.kind === 'refused' || stage.kind === 'error') {
    const message = stage.kind === 'refused' ? stage.payment.message : stage.message;
    return (
      <ErrorPanel role="alert">
        <CircleExclamationPoint aria-hidden="true" focusable="false" size={22} />
        <div>
          <OutcomeHeading ref={headingRef} tabIndex={-1}>
            {message}
          </OutcomeHeading>
          {stage.kind === 'error' && stage.problems.length > 0 ? (
            <ul>
              {stage.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
          <RetryOrCard onRetry={tryAgain} onPayByCard={payByCard} />
        </div>
      </ErrorPanel>
    );
  }

  if (stage.kind === 'resuming') return <CartLoading minHeight="12rem">{MPESA_PAGE_MESSAGES.resuming}</CartLoading>;
  if (rateState.kind === 'loading') return <CartLoading minHeight="12rem">{MPESA_PAGE_MESSAGES.loadingRate}</CartLoading>;
  if (rateState.kind === 'failed') {
    return (
      <ErrorPanel role="alert">
        <CircleExclamationPoint aria-hidden="true" focusable="false" size={22} />
        <div>
          <OutcomeHeading>{rateState.message}</OutcomeHeading>
          <RetryOrCard
            onRetry={() => {
              setRateState({ kind: 'loading' });
              setRateAttempt((attempt) => attempt + 1);
            }}
            onPayByCard={payByCard}
          />
        </div>
      </ErrorPanel>
    );
  }

  const busy = stage.kind === 'starting';
  return (
    <Panel as="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} aria-label="Pay with M-Pesa">
      <Amount>
        <p>{MPESA_PAGE_MESSAGES.amountLabel}</p>
        <p>
          <strong>{formatKes(amountKes)}</strong>
        </p>
        <p>{rateLine(rateState.rate.kesPerUsd, rateState.rate.rateDate)}</p>
      </Amount>
      {payable ? (
        <>
          <Field>
            <FieldLabel htmlFor={inputId}>{MPESA_PAGE_MESSAGES.phoneLabel}</FieldLabel>
            <FieldHint id={hintId}>{MPESA_PAGE_MESSAGES.phoneHint}</FieldHint>
            <TextInput
              ref={inputRef}
              id={inputId}
              name="mpesaPhone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => {
                setPhone(event.target.value);
                if (phoneError) {
                  const parsed = parseMpesaPhone(event.target.value);
                  setPhoneError(parsed.ok ? null : parsed.error);
                }
              }}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={phoneError ? `${hintId} ${errorId}` : hintId}
              $invalid={Boolean(phoneError)}
              disabled={busy}
            />
            {phoneError ? (
              <FieldError id={errorId}>
                <CircleExclamationPoint aria-hidden="true" focusable="false" size={18} />
                {phoneError}
              </FieldError>
            ) : null}
          </Field>
          <WideButton type="submit" disabled={busy} aria-busy={busy || undefined}>
            <Smartphone aria-hidden="true" focusable="false" size={18} />
            {busy ? MPESA_PAGE_MESSAGES.sending : `Pay ${formatKes(amountKes)} with M-Pesa`}
          </WideButton>
        </>
      ) : (
        <p role="alert">{MPESA_MESSAGES.amountTooLarge}</p>
      )}
    </Panel>
  );
}

/** The two ways on from a failed step: try M-Pesa again, or pay by card instead. */
function RetryOrCard({ onRetry, onPayByCard }: { readonly onRetry: () => void; readonly onPayByCard: () => void }) {
  return (
    <Actions>
      <Button type="button" onClick={onRetry}>
        {MPESA_PAGE_MESSAGES.tryAgain}
      </Button>
      <Button type="button" $variant="secondary" onClick={onPayByCard}>
        {MPESA_PAGE_MESSAGES.payByCard}
      </Button>
    </Actions>
  );
}
