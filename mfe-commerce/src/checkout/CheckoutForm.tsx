import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import styled from 'styled-components';
import { Button, Link, tokens, useNavigate, useToast } from '@kesho/shell-kit';
import { FieldError, FieldLabel, OptionalMark, TextArea, TextInput } from '@kesho/shell-kit/fields';
import { CHECKOUT_MESSAGES, checkoutSchema } from '@kesho/site-rules/checkout-schema';
import { Checkbox, FieldGroup, PanelCard } from '../components/ui';
import { readCheckoutDraft } from './checkoutDraft';
import { saveCheckoutData } from './checkoutStorage';

export interface CheckoutFormValues {
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  notes: string;
  acceptTerms: boolean;
}

const emptyValues: CheckoutFormValues = { fullName: '', email: '', phone: '', companyName: '', notes: '', acceptTerms: false };

const FIELD_ORDER = ['fullName', 'email', 'phone', 'companyName', 'notes', 'acceptTerms'] as const;
type FieldName = (typeof FIELD_ORDER)[number];

const TermsRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space(3)};
  label {
    font-weight: 400;
  }
`;

const SubmitButton = styled(Button)`
  width: 100%;
`;

function ErrorMessage({ id, children }: { id: string; children: ReactNode }) {
  return (
    <FieldError id={id} role="alert">
      {children}
    </FieldError>
  );
}

/** The checkout details form: validated by the shared schema, saved to sessionStorage, then on to /payment. */
export function CheckoutForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const [attempted, setAttempted] = useState(false);
  const fieldRefs = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const formik = useFormik<CheckoutFormValues>({
    initialValues: emptyValues,
    validationSchema: checkoutSchema,
    // Errors update as the visitor types, never on blur: a message vanishing on blur moves what is
    // below it between mouse-down and mouse-up, and the click lands on nothing.
    validateOnChange: true,
    validateOnBlur: false,
    onSubmit: (values) => {
      // The busy state stays on: the page is replaced by /payment.
      saveCheckoutData(values);
      navigate('/payment');
    },
  });

  const { setValues } = formik;
  useEffect(() => {
    const draft = readCheckoutDraft();
    if (Object.keys(draft).length > 0) void setValues({ ...emptyValues, ...draft }, false);
  }, [setValues]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (formik.isSubmitting) return;
    setAttempted(true);
    const errors: FormikErrors<CheckoutFormValues> = await formik.validateForm();
    const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
    if (firstInvalid) {
      toast(CHECKOUT_MESSAGES.formInvalid, { variant: 'error' });
      fieldRefs.current[firstInvalid]?.focus();
      return;
    }
    await formik.submitForm();
  };

  const errorOf = (field: FieldName): string | undefined => (attempted ? formik.errors[field] : undefined);
  const errorId = (field: FieldName) => `checkout-${field}-error`;
  const fieldProps = (field: Exclude<FieldName, 'acceptTerms'>) => ({
    id: `checkout-${field}`,
    name: field,
    value: formik.values[field],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    'aria-invalid': errorOf(field) ? true : undefined,
    'aria-describedby': errorOf(field) ? errorId(field) : undefined,
    $invalid: Boolean(errorOf(field)),
  });
  const register = (field: FieldName) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    fieldRefs.current[field] = element;
  };
  const busy = formik.isSubmitting;

  return (
    <PanelCard as="section" aria-labelledby="details-heading">
      <h2 id="details-heading">Your Details</h2>
      <p>We use these details for your invoice and to contact you about your package.</p>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} aria-busy={busy || undefined}>
        <FieldGroup>
          <FieldLabel htmlFor="checkout-fullName">Full Name</FieldLabel>
          <TextInput {...fieldProps('fullName')} ref={register('fullName')} type="text" autoComplete="name" />
          {errorOf('fullName') ? <ErrorMessage id={errorId('fullName')}>{errorOf('fullName')}</ErrorMessage> : null}
        </FieldGroup>
        <FieldGroup>
          <FieldLabel htmlFor="checkout-email">Email</FieldLabel>
          <TextInput {...fieldProps('email')} ref={register('email')} type="email" autoComplete="email" spellCheck={false} />
          {errorOf('email') ? <ErrorMessage id={errorId('email')}>{errorOf('email')}</ErrorMessage> : null}
        </FieldGroup>
        <FieldGroup>
          <FieldLabel htmlFor="checkout-phone">Phone</FieldLabel>
          <TextInput {...fieldProps('phone')} ref={register('phone')} type="tel" autoComplete="tel" placeholder="+254 7XX XXX XXX" />
          {errorOf('phone') ? <ErrorMessage id={errorId('phone')}>{errorOf('phone')}</ErrorMessage> : null}
        </FieldGroup>
        <FieldGroup>
          <FieldLabel htmlFor="checkout-companyName">
            Company Name <OptionalMark>(Optional)</OptionalMark>
          </FieldLabel>
          <TextInput {...fieldProps('companyName')} ref={register('companyName')} type="text" autoComplete="organization" />
          {errorOf('companyName') ? <ErrorMessage id={errorId('companyName')}>{errorOf('companyName')}</ErrorMessage> : null}
        </FieldGroup>
        <FieldGroup>
          <FieldLabel htmlFor="checkout-notes">
            Additional Notes <OptionalMark>(Optional)</OptionalMark>
          </FieldLabel>
          <TextArea {...fieldProps('notes')} ref={register('notes')} rows={4} />
          {errorOf('notes') ? <ErrorMessage id={errorId('notes')}>{errorOf('notes')}</ErrorMessage> : null}
        </FieldGroup>
        <FieldGroup>
          <TermsRow>
            <Checkbox
              id="checkout-acceptTerms"
              name="acceptTerms"
              type="checkbox"
              ref={register('acceptTerms')}
              checked={formik.values.acceptTerms}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              aria-invalid={errorOf('acceptTerms') ? true : undefined}
              aria-describedby={errorOf('acceptTerms') ? errorId('acceptTerms') : undefined}
            />
            <FieldLabel htmlFor="checkout-acceptTerms">
              I agree to the <Link to="/terms">Terms of Service</Link> and <Link to="/refund">Refund Policy</Link>
            </FieldLabel>
          </TermsRow>
          {errorOf('acceptTerms') ? <ErrorMessage id={errorId('acceptTerms')}>{errorOf('acceptTerms')}</ErrorMessage> : null}
        </FieldGroup>
        <SubmitButton type="submit" disabled={busy}>
          {busy ? 'Processing...' : 'Proceed to Payment'}
        </SubmitButton>
      </form>
    </PanelCard>
  );
}
