import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AlertCircle, Send } from 'lucide-react';
import { Button, tokens, useToast } from '@kesho/shell-kit';
import { Field, FieldError, FieldHint, FieldLabel, SelectInput, TextArea, TextInput } from '@kesho/shell-kit/fields';
import { contactFieldOrder, contactFields, contactForm, countryOptions, type ContactFieldName, type ContactFormValues } from '../../content/contact';
import { HONEYPOT_FIELD } from '@kesho/site-rules/contact-fields';
import { contactStatusTexts } from '@kesho/site-rules/lead-status';
import { ENQUIRIES_ENDPOINT, postLead } from '../../api/leadsClient';
import { Honeypot } from '../shared/Honeypot';
import { LeadStatusNotices } from '../shared/LeadStatusNotices';

/** The first message of each field that breaks a rule, and under `form` a rule of the whole form. */
type ContactErrors = Readonly<Partial<Record<string, string>>>;

type ContactValidation = Pick<typeof import('@kesho/site-rules/contact-schema'), 'contactSchema' | 'firstErrorPerField'>;

let schemaLoading: Promise<ContactValidation> | null = null;

/**
 * The shared yup schema is fetched when the visitor first turns to the form (a focus, a tap, a
 * submit), not with the page: most visitors read /contact without typing. The fields are the
 * browser's own throughout (what is typed stays in them); the form only reads them to validate and
 * send, so nothing has to take them over when the schema arrives, and a submit waits for it.
 */
function loadSchema(): Promise<ContactValidation> {
  // Named one by one, so the chunk holds only these two and not everything the module re-exports.
  schemaLoading ??= import(/* webpackChunkName: "contact-validation" */ '@kesho/site-rules/contact-schema').then(({ contactSchema, firstErrorPerField }) => ({
    contactSchema,
    firstErrorPerField,
  }));
  schemaLoading.catch(() => (schemaLoading = null));
  return schemaLoading;
}

/**
 * Every rule the values break, read as the enquiries Lambda reads them (the server checks the same
 * schema). A schema that throws something other than a ValidationError rejects, as a schema that
 * cannot be fetched does: the form then leaves the check to the server.
 */
async function validateContact(values: ContactFormValues): Promise<ContactErrors> {
  const { contactSchema, firstErrorPerField } = await loadSchema();
  try {
    await contactSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    return firstErrorPerField(error);
  }
}

/** What the fields hold now: they are the browser's own, so the form's DOM is where the values are. */
function valuesOf(form: HTMLFormElement | null): ContactFormValues {
  const data = form ? new FormData(form) : null;
  const value = (name: ContactFieldName) => String(data?.get(name) ?? '');
  return { name: value('name'), email: value('email'), phone: value('phone'), country: value('country'), message: value('message') };
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

  const [errors, setErrors] = useState<ContactErrors>({});
  // Validations finish out of order (the schema may still be arriving): only the latest one's errors are shown.
  const latestValidation = useRef(0);
  const validate = async (values: ContactFormValues): Promise<ContactErrors> => {
    const run = ++latestValidation.current;
    const found = await validateContact(values);
    if (run === latestValidation.current) setErrors(found);
    return found;
  };
  /** Once the messages show (after a submit), each change and each blur checks the form again. */
  const revalidate = () => {
    if (showErrors) void validate(valuesOf(formRef.current)).catch(() => undefined);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second click while the first post is on its way would only repeat it (the server keeps one copy).
    if (sending.current) return;
    const form = event.currentTarget;
    sending.current = true;
    try {
      const values = valuesOf(form);
      let found: ContactErrors;
      try {
        found = await validate(values);
      } catch {
        // The schema cannot be fetched (or cannot run): the browser posts the form as it does without
        // JavaScript, and the server checks it.
        form.submit();
        return;
      }
      const firstInvalid = contactFieldOrder.find((name) => found[name] !== undefined);
      if (firstInvalid) {
        setShowErrors(true);
        fieldElements.current[firstInvalid]?.focus();
        return;
      }
      // A rule of the whole form has no field to show it beside; it still stops the send.
      const formProblem = Object.values(found)[0];
      if (formProblem !== undefined) {
        setFormError(formProblem);
        return;
      }
      setFormError(null);
      const honeypot = String(new FormData(form).get(HONEYPOT_FIELD) ?? '');
      const answer = await postLead(ENQUIRIES_ENDPOINT, { ...values, [HONEYPOT_FIELD]: honeypot }, CONTACT_FAILED_MESSAGE);
      if (answer.ok) {
        toast(contactForm.sentToast.message, { description: contactForm.sentToast.description, variant: 'success' });
        form.reset();
        latestValidation.current += 1;
        setErrors({});
        setShowErrors(false);
        return;
      }
      const serverErrors = contactFieldOrder.filter((name) => answer.fieldErrors[name] !== undefined);
      if (serverErrors.length > 0) {
        const fromServer: ContactErrors = Object.fromEntries(serverErrors.map((name) => [name, answer.fieldErrors[name]]));
        latestValidation.current += 1;
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
      onChange: revalidate,
      onBlur: revalidate,
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
      onFocus={() => void loadSchema().catch(() => undefined)}
      onPointerDown={() => void loadSchema().catch(() => undefined)}
      aria-labelledby={titleId}
    >
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
