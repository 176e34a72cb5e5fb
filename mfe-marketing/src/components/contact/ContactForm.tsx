import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import styled from 'styled-components';
import { AlertCircle, Send } from 'lucide-react';
import { Button, tokens, useToast } from '@kesho/shell-kit';
import { Field, FieldError, FieldHint, FieldLabel, SelectInput, TextArea, TextInput } from '@kesho/shell-kit/fields';
import {
  contactFieldOrder,
  contactFields,
  contactForm,
  countryOptions,
  type ContactFieldName,
  type ContactFormValues,
} from '../../content/contact';
import { HONEYPOT_FIELD } from '@kesho/common/contact-fields';
import { contactStatusTexts } from '@kesho/common/lead-status';
import { ENQUIRIES_ENDPOINT, postLead } from '../../api/leadsClient';
import { Honeypot } from '../shared/Honeypot';
import { LeadStatusNotices } from '../shared/LeadStatusNotices';

const emptyContactValues: ContactFormValues = { name: '', email: '', phone: '', country: '', message: '' };

/**
 * The yup schema is fetched with the first validation (a blur or a submit), not with the page: most
 * visitors read /contact without typing, and the schema library is a tenth of the page's JavaScript.
 */
async function validateContact(values: ContactFormValues): Promise<FormikErrors<ContactFormValues>> {
  const { contactSchema } = await import(/* webpackChunkName: "contact-validation" */ '@kesho/common/contact-schema');
  try {
    await validateYupSchema(values, contactSchema);
    return {};
  } catch (error) {
    return yupToFormErrors<ContactFormValues>(error);
  }
}

const Form = styled.form`
  display: grid;
  gap: ${tokens.space(5)};
`;

const Intro = styled.p`
  margin: 0;
  color: ${tokens.color.muted};
`;

const SubmitButton = styled(Button)`
  justify-self: start;
`;

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const fieldId = (name: ContactFieldName) => `contact-${name}`;
const errorId = (name: ContactFieldName) => `contact-${name}-error`;
const hintId = (name: ContactFieldName) => `contact-${name}-hint`;

const CONTACT_FAILED_MESSAGE = `${contactStatusTexts.unavailable.text} Your message is still in the form.`;

/**
 * The contact form, sent to the enquiries Lambda. A real `method="post"` form: before
 * the script runs (or without it) the browser posts it and the server answers 303 back to /contact
 * with the outcome shown by LeadStatusNotices. Once the script runs, the form validates with the
 * shared schema and posts JSON; success clears the form and raises the "Message Sent!" toast, failure keeps every
 * typed character and says what went wrong.
 */
export function ContactForm({ titleId }: { titleId: string }) {
  const toast = useToast();
  const [showErrors, setShowErrors] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  // The browser's own checks guard the script-less post; once the script runs the form's messages take over.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const sending = useRef(false);
  const fieldElements = useRef<Partial<Record<ContactFieldName, FieldElement | null>>>({});

  const formik = useFormik<ContactFormValues>({
    initialValues: emptyContactValues,
    validate: validateContact,
    validateOnChange: false,
    validateOnBlur: true,
    onSubmit: () => undefined,
  });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second click while the first post is on its way would only repeat it (the server keeps one copy).
    if (sending.current) return;
    const honeypot = String(new FormData(event.currentTarget).get(HONEYPOT_FIELD) ?? '');
    const errors = await formik.validateForm();
    const firstInvalid = contactFieldOrder.find((name) => errors[name] !== undefined);
    if (firstInvalid) {
      setShowErrors(true);
      fieldElements.current[firstInvalid]?.focus();
      return;
    }
    sending.current = true;
    setFormError(null);
    try {
      const answer = await postLead(ENQUIRIES_ENDPOINT, { ...formik.values, [HONEYPOT_FIELD]: honeypot }, CONTACT_FAILED_MESSAGE);
      if (answer.ok) {
        toast(contactForm.sentToast.message, { description: contactForm.sentToast.description, variant: 'success' });
        formik.resetForm();
        setShowErrors(false);
        return;
      }
      const serverErrors = contactFieldOrder.filter((name) => answer.fieldErrors[name] !== undefined);
      if (serverErrors.length > 0) {
        formik.setErrors(Object.fromEntries(serverErrors.map((name) => [name, answer.fieldErrors[name]])));
        setShowErrors(true);
        fieldElements.current[serverErrors[0] as ContactFieldName]?.focus();
        return;
      }
      setFormError(answer.message === CONTACT_FAILED_MESSAGE ? answer.message : `${answer.message} Your message is still in the form.`);
    } finally {
      sending.current = false;
    }
  };

  const fieldProps = (name: ContactFieldName) => {
    const error = showErrors ? formik.errors[name] : undefined;
    const hint = contactFields[name].hint;
    const describedBy = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean).join(' ');
    return {
      id: fieldId(name),
      name,
      required: true,
      value: formik.values[name],
      placeholder: contactFields[name].placeholder,
      onChange: (event: ChangeEvent<FieldElement>) => {
        void formik.setFieldValue(name, event.target.value, showErrors);
      },
      onBlur: () => {
        void formik.setFieldTouched(name, true, showErrors);
      },
      ref: (element: FieldElement | null) => {
        fieldElements.current[name] = element;
      },
      'aria-required': true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
      $invalid: Boolean(error),
    } as const;
  };

  const label = (name: ContactFieldName) => <FieldLabel htmlFor={fieldId(name)}>{contactFields[name].label}</FieldLabel>;

  const feedback = (name: ContactFieldName) => {
    const hint = contactFields[name].hint;
    const error = showErrors ? formik.errors[name] : undefined;
    return (
      <>
        {hint ? <FieldHint id={hintId(name)}>{hint}</FieldHint> : null}
        {error ? (
          <FieldError id={errorId(name)}>
            <AlertCircle size={18} aria-hidden="true" focusable="false" />
            <span>
              <span className="visually-hidden">Error: </span>
              {error}
            </span>
          </FieldError>
        ) : null}
      </>
    );
  };

  return (
    <Form method="post" action={ENQUIRIES_ENDPOINT} noValidate={enhanced} onSubmit={handleSubmit} aria-labelledby={titleId}>
      <LeadStatusNotices texts={contactStatusTexts} />
      <Intro>{contactForm.intro}</Intro>
      <Honeypot idPrefix="contact" />
      <Field>
        {label('name')}
        {feedback('name')}
        <TextInput type="text" autoComplete="name" {...fieldProps('name')} />
      </Field>
      <Field>
        {label('email')}
        {feedback('email')}
        <TextInput type="email" autoComplete="email" inputMode="email" {...fieldProps('email')} />
      </Field>
      <Field>
        {label('phone')}
        {feedback('phone')}
        <TextInput type="tel" autoComplete="tel" {...fieldProps('phone')} />
      </Field>
      <Field>
        {label('country')}
        {feedback('country')}
        <SelectInput {...withoutPlaceholder(fieldProps('country'))}>
          <option value="">{contactFields.country.placeholder}</option>
          {countryOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectInput>
      </Field>
      <Field>
        {label('message')}
        {feedback('message')}
        <TextArea rows={6} {...fieldProps('message')} />
      </Field>
      {formError ? (
        <FieldError role="alert">
          <AlertCircle size={18} aria-hidden="true" focusable="false" />
          <span>{formError}</span>
        </FieldError>
      ) : null}
      <SubmitButton type="submit">
        <Send size={18} aria-hidden="true" focusable="false" />
        {contactForm.submit}
      </SubmitButton>
    </Form>
  );
}

/** A <select> shows its placeholder as the first option; the attribute is not valid on it. */
function withoutPlaceholder<T extends { placeholder: string }>(props: T): Omit<T, 'placeholder'> {
  const { placeholder: _placeholder, ...rest } = props;
  return rest;
}
