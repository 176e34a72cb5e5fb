/**
 * Paying by M-Pesa on /payment: the form (amount at the server's rate, the payer's number), the wait
 * for the phone, and what went wrong; one screen per stage (MpesaForm, MpesaWaiting, MpesaProblem).
 * The rate is the visit's (useMpesaRate), the payment's state the server's (useMpesaPolling), and the
 * address names the payment under way, so a reload or the sandbox phone comes back to it.
 */
import { useEffect, useRef, useState } from 'react';
import { useShell } from '@kesho/shell-kit';
import { isMpesaAmount, MPESA_MESSAGES, MPESA_PAYMENT_PARAM, MPESA_PHONE_FIELD, parseMpesaPhone, usdCentsToKes } from '@kesho/site-rules/mpesa';
import { startMpesaPayment, type MpesaPaymentState } from '../../api/mpesaClient';
import { endPaymentAttempt } from '../../api/paymentAttempt';
import { failureMessage, PaymentError, type PaymentLine } from '../../api/paymentsClient';
import { readCheckoutData } from '../../checkout/checkoutStorage';
import { CartLoading } from '../../components/ui';
import { MPESA_PAGE_MESSAGES } from './messages';
import { MpesaForm } from './MpesaForm';
import { MpesaProblem } from './MpesaProblem';
import { MpesaWaiting } from './MpesaWaiting';
import { useMpesaPolling, type PollResult } from './useMpesaPolling';
import { useMpesaRate, type VisitRate } from './useMpesaRate';

export { MPESA_PAGE_MESSAGES } from './messages';
export { createVisitRate, type VisitRate } from './useMpesaRate';

type Stage =
  | { readonly kind: 'form' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'resuming' }
  | { readonly kind: 'waiting'; readonly payment: MpesaPaymentState; readonly gaveUp: boolean }
  | { readonly kind: 'refused'; readonly payment: MpesaPaymentState }
  | { readonly kind: 'error'; readonly message: string; readonly problems: readonly string[] };

export interface MpesaPaymentProps {
  readonly items: readonly PaymentLine[];
  readonly totalCents: number;
  /** A payment already under way (the page was reloaded, or the sandbox phone sent the tester back). */
  readonly resumePaymentId: string | null;
  /** The rate of this visit of /payment, asked once (pages/PaymentPage.tsx keeps it). */
  readonly visitRate: VisitRate;
  readonly onPayByCard: () => void;
}

/** The stage after a poll's result (null: it stays as it is). */
function afterPoll(current: Stage, result: PollResult): Stage | null {
  if (result.kind === 'refused') return { kind: 'error', message: result.message, problems: [] };
  if (result.kind === 'gave-up') return current.kind === 'waiting' ? { ...current, gaveUp: true } : null;
  const { payment } = result;
  if (payment.outcome !== 'pending') return { kind: 'refused', payment };
  return current.kind === 'waiting' && current.payment.paymentId === payment.paymentId && !current.gaveUp ? null : { kind: 'waiting', payment, gaveUp: false };
}

export function MpesaPayment({ items, totalCents, resumePaymentId, visitRate, onPayByCard }: MpesaPaymentProps) {
  const shell = useShell();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  // Asks for the phone field's focus once it is rendered (enabled again after a refused request).
  const [phoneFocus, setPhoneFocus] = useState(0);
  const [stage, setStage] = useState<Stage>(resumePaymentId ? { kind: 'resuming' } : { kind: 'form' });
  const inputRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { rate, retry: retryRate } = useMpesaRate(visitRate);
  const paymentId = stage.kind === 'waiting' ? stage.payment.paymentId : resumePaymentId;

  useMpesaPolling(paymentId, stage.kind === 'resuming' || (stage.kind === 'waiting' && !stage.gaveUp), (result) => {
    if (result.kind === 'answered' && result.payment.outcome === 'paid') {
      shell.navigate(`/payment-success?session_id=${encodeURIComponent(result.payment.paymentId)}`);
      return;
    }
    setStage((current) => afterPoll(current, result) ?? current);
  });

  useEffect(() => {
    if (stage.kind === 'waiting' || stage.kind === 'refused' || stage.kind === 'error') headingRef.current?.focus();
  }, [stage.kind]);

  useEffect(() => {
    if (phoneFocus > 0) inputRef.current?.focus();
  }, [phoneFocus]);

  /** The address names the payment under way, or none; the history entry's state (the attempt's key) stays. */
  const followInAddress = (id: string | null) => {
    const to = id ? `${shell.pathname}?${MPESA_PAYMENT_PARAM}=${encodeURIComponent(id)}` : shell.pathname;
    shell.navigate(to, { replace: true, state: shell.historyState() });
  };

  const showPhoneError = (message: string) => {
    setPhoneError(message);
    setPhoneFocus((count) => count + 1);
  };

  const pay = async () => {
    if (stage.kind === 'starting') return;
    const parsed = parseMpesaPhone(phone);
    if (!parsed.ok) {
      showPhoneError(parsed.error);
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
      followInAddress(payment.paymentId);
      setStage({ kind: 'waiting', payment, gaveUp: false });
    } catch (error) {
      if (error instanceof PaymentError && error.refused(MPESA_PHONE_FIELD)) {
        setStage({ kind: 'form' });
        showPhoneError(MPESA_MESSAGES.phoneInvalid);
        return;
      }
      setStage({ kind: 'error', message: failureMessage(error), problems: error instanceof PaymentError ? error.problems : [] });
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
    return <MpesaWaiting payment={stage.payment} gaveUp={stage.gaveUp} headingRef={headingRef} onCheckAgain={() => setStage({ ...stage, gaveUp: false })} onPayByCard={payByCard} />;
  }
  if (stage.kind === 'refused') return <MpesaProblem message={stage.payment.message} headingRef={headingRef} onRetry={tryAgain} onPayByCard={payByCard} />;
  if (stage.kind === 'error') return <MpesaProblem message={stage.message} problems={stage.problems} headingRef={headingRef} onRetry={tryAgain} onPayByCard={payByCard} />;
  if (stage.kind === 'resuming') return <CartLoading minHeight="12rem">{MPESA_PAGE_MESSAGES.resuming}</CartLoading>;
  if (rate.kind === 'loading') return <CartLoading minHeight="12rem">{MPESA_PAGE_MESSAGES.loadingRate}</CartLoading>;
  if (rate.kind === 'failed') return <MpesaProblem message={rate.message} onRetry={retryRate} onPayByCard={payByCard} />;

  const amountKes = usdCentsToKes(totalCents, rate.rate.kesPerUsd);
  return (
    <MpesaForm
      amountKes={amountKes}
      payable={isMpesaAmount(amountKes)}
      rate={rate.rate}
      phone={phone}
      phoneError={phoneError}
      inputRef={inputRef}
      busy={stage.kind === 'starting'}
      onPhoneChange={(value) => {
        setPhone(value);
        if (phoneError) {
          const parsed = parseMpesaPhone(value);
          setPhoneError(parsed.ok ? null : parsed.error);
        }
      }}
      onSubmit={() => void pay()}
    />
  );
}
