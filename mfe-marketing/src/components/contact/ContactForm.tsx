import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormikErrors, FormikProps } from 'formik';
import styled from 'styled-components';
import { AlertCircle, Send } from 'lucide-react';
import { Button, tokens, useToast } from '@kesho/shell-kit';
import { Field, FieldError, FieldHint, FieldLabel, SelectInput, TextArea, TextInput } from '@kesho/shell-kit/fields';
import { contactFieldOrder, contactFields, contactForm, countryOptions, type ContactFieldName, type ContactFormValues } from '../../content/contact';
import { HONEYPOT_FIELD } from '@kesho/common/contact-fields';
import { contactStatusTexts } from '@kesho/common/lead-status';
import { ENQUIRIES_ENDPOINT, postLead } from '../../api/leadsClient';
import { Honeypot } from '../shared/Honeypot';
import { LeadStatusNotices } from '../shared/LeadStatusNotices';

const emptyContactValues: ContactFormValues = { name: '', email: '', phone: '', country: '', message: '' };

type FormikModule = typeof import('formik');
type ContactFormik = FormikProps<ContactFormValues>;

let formikLoading: Promise<FormikModule> | null = null;

/**
 * Formik is fetched when the visitor first turns to the form (a focus, a tap, a submit), not with the
 * page: most visitors read /contact without typing, and it is a tenth of the page's JavaScript. Until
 * it arrives the fields are the browser's own (what is typed stays in them) and a submit waits for it.
 */
function loadFormik(): Promise<FormikModule> {
  formikLoading ??= import(/* webpackChunkName: "contact-form" */ 'formik');
  formikLoading.catch(() => (formikLoading = null));
  return formikLoading;
}

/** The yup schema is fetched with the first validation (a blur or a submit). */
async function validateContact(formik: FormikModule, values: ContactFormValues): Promise<FormikErrors<ContactFormValues>> {
  const { contactSchema } = await import(/* webpackChunkName: "contact-validation" */ '@kesho/common/contact-schema');
  try {
    await formik.validateYupSchema(values, contactSchema);
    return {};
  } catch (error) {
    return formik.yupToFormErrors<ContactFormValues>(error);
  }
}

/** What the fields hold now: they are the browser's own, so the form's DOM is where the values are. */
function valuesOf(form: HTMLFormElement | null): ContactFormValues {
  const data = form ? new FormData(form) : null;
  const value = (name: ContactFieldName) => String(data?.get(name) ?? '');
  return { name: value('name'), email: value('email'), phone: value('phone'), country: value('country'), message: value('message') };
}

/**
 * Runs formik once it has arrived and hands its state to the form after every render. It renders
 * nothing, so the fields (and their focus and caret) are never replaced when formik arrives.
 */
function FormikDriver({ formik: library, initialValues, onState }: { formik: FormikModule; initialValues: ContactFormValues; onState: (formik: ContactFormik) => void }) {
  const formik = library.useFormik<ContactFormValues>({
    initialValues,
    validate: (values) => validateContact(library, values),
    validateOnChange: false,
    validateOnBlur: true,
    onSubmit: () => undefined,
  });
  useEffect(() => onState(formik));
  return null;
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
  const formRef = useRef<HTMLFormElement>(null);

  const [formikModule, setFormikModule] = useState<FormikModule | null>(null);
  const [driverStart, setDriverStart] = useState<ContactFormValues>(emptyContactValues);
  const [errors, setErrors] = useState<FormikErrors<ContactFormValues>>({});
  const driver = useRef<ContactFormik | null>(null);
  const driverWaiters = useRef<((formik: ContactFormik) => void)[]>([]);

  const onDriverState = useCallback((formik: ContactFormik) => {
    driver.current = formik;
    for (const resolve of driverWaiters.current.splice(0)) resolve(formik);
    setErrors((shown) => (JSON.stringify(shown) === JSON.stringify(formik.errors) ? shown : formik.errors));
  }, []);

  const formikStarted = useRef(false);
  const startFormik = useCallback(async () => {
    const loaded = await loadFormik();
    if (formikStarted.current) return;
    formikStarted.current = true;
    // What was typed before formik arrived is its starting point.
    setDriverStart(valuesOf(formRef.current));
    setFormikModule(() => loaded);
  }, []);

  /** Formik, waiting for it if it has not arrived yet; rejects if it cannot be fetched. */
  const ready = async (): Promise<ContactFormik> => {
    if (driver.current) return driver.current;
    const waiting = new Promise<ContactFormik>((resolve) => driverWaiters.current.push(resolve));
    await startFormik();
    return waiting;
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second click while the first post is on its way would only repeat it (the server keeps one copy).
    if (sending.current) return;
    const form = event.currentTarget;
    sending.current = true;
    try {
      let formik: ContactFormik;
      let found: FormikErrors<ContactFormValues>;
      const values = valuesOf(form);
      try {
        formik = await ready();
        await formik.setValues(values, false);
        found = await formik.validateForm(values);
      } catch {
        // The form's code or its schema cannot be fetched: the browser posts the form as it does
        // without JavaScript, and the server checks it.
        form.submit();
        return;
      }
      const firstInvalid = contactFieldOrder.find((name) => found[name] !== undefined);
      if (firstInvalid) {
        setErrors(found);
        setShowErrors(true);
        fieldElements.current[firstInvalid]?.focus();
        return;
      }
      setFormError(null);
      const honeypot = String(new FormData(form).get(HONEYPOT_FIELD) ?? '');
      const answer = await postLead(ENQUIRIES_ENDPOINT, { ...values, [HONEYPOT_FIELD]: honeypot }, CONTACT_FAILED_MESSAGE);
      if (answer.ok) {
        toast(contactForm.sentToast.message, { description: contactForm.sentToast.description, variant: 'success' });
        formik.resetForm({ values: emptyContactValues });
        form.reset();
        setShowErrors(false);
        return;
      }
      const serverErrors = contactFieldOrder.filter((name) => answer.fieldErrors[name] !== undefined);
      if (serverErrors.length > 0) {
        const fromServer = Object.fromEntries(serverErrors.map((name) => [name, answer.fieldErrors[name]]));
        formik.setErrors(fromServer);
        setErrors(fromServer);
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
    const error = showErrors ? errors[name] : undefined;
    const hint = contactFields[name].hint;
    const describedBy = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean).join(' ');
    return {
      id: fieldId(name),
      name,
      required: true,
      placeholder: contactFields[name].placeholder,
      onChange: (event: ChangeEvent<FieldElement>) => {
        void driver.current?.setFieldValue(name, event.target.value, showErrors);
      },
      onBlur: () => {
        void driver.current?.setFieldTouched(name, true, showErrors);
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
    const error = showErrors ? errors[name] : undefined;
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
    <Form
      ref={formRef}
      method="post"
      action={ENQUIRIES_ENDPOINT}
      noValidate={enhanced}
      onSubmit={handleSubmit}
      onFocus={() => void startFormik().catch(() => undefined)}
      onPointerDown={() => void startFormik().catch(() => undefined)}
      aria-labelledby={titleId}
    >
      {formikModule ? <FormikDriver formik={formikModule} initialValues={driverStart} onState={onDriverState} /> : null}
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
