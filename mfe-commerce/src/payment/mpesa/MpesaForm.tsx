import { useId, type FormEvent, type RefObject } from 'react';
import styled from 'styled-components';
import { CircleExclamationPoint, Smartphone } from 'lucide-react';
import { tokens } from '@kesho/shell-kit';
import { Field, FieldError, FieldHint, FieldLabel, TextInput } from '@kesho/shell-kit/fields';
import { formatKes } from '@kesho/site-rules/money';
import { MPESA_MESSAGES, rateLine } from '@kesho/site-rules/mpesa';
import type { MpesaRate } from '../../api/mpesaClient';
import { PayButton } from '../paymentUi';
import { MPESA_PAGE_MESSAGES } from './messages';

const Form = styled.form`
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

export interface MpesaFormProps {
  readonly amountKes: number;
  /** Whether M-Pesa can take the amount (Daraja's limits); if not, the form says to pay by card. */
  readonly payable: boolean;
  readonly rate: MpesaRate;
  readonly phone: string;
  readonly phoneError: string | null;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  /** A request is on its way: the field and the button wait. */
  readonly busy: boolean;
  onPhoneChange(value: string): void;
  onSubmit(): void;
}

/** The amount in shillings at the server's rate, the payer's number and the pay button. */
export function MpesaForm({ amountKes, payable, rate, phone, phoneError, inputRef, busy, onPhoneChange, onSubmit }: MpesaFormProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <Form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      aria-label="Pay with M-Pesa"
    >
      <Amount>
        <p>{MPESA_PAGE_MESSAGES.amountLabel}</p>
        <p>
          <strong>{formatKes(amountKes)}</strong>
        </p>
        <p>{rateLine(rate.kesPerUsd, rate.rateDate)}</p>
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
              onChange={(event) => onPhoneChange(event.target.value)}
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
          <PayButton type="submit" disabled={busy} aria-busy={busy || undefined}>
            <Smartphone aria-hidden="true" focusable="false" size={18} />
            {busy ? MPESA_PAGE_MESSAGES.sending : `Pay ${formatKes(amountKes)} with M-Pesa`}
          </PayButton>
        </>
      ) : (
        <p role="alert">{MPESA_MESSAGES.amountTooLarge}</p>
      )}
    </Form>
  );
}
