import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, media, tokens } from '@kesho/shell-kit';
import { fieldsTypedBeforeHydration } from '@kesho/site-rules/typed-before-hydration';
import { FieldLabel, TextInput } from '@kesho/shell-kit/fields';
import { HONEYPOT_FIELD, NEWSLETTER_CONSENT_TEXT, type NewsletterFormValues } from '@kesho/site-rules/contact-fields';
import { newsletterStatusTexts } from '@kesho/site-rules/lead-status';
import { SUBSCRIPTIONS_ENDPOINT, postLead } from '../../api/leadsClient';
import { newsletter } from '../../content/blog';
import { Honeypot } from '../shared/Honeypot';
import { LeadStatusNotices } from '../shared/LeadStatusNotices';

const Form = styled.form`
  position: relative;
  display: grid;
  gap: ${tokens.space(2)};
  max-width: 36rem;
`;

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  ${media.sm} {
    flex-direction: row;
  }
`;

const EmailInput = styled(TextInput)`
  flex: 1;
  min-width: 0;
`;

const Notice = styled.p`
  margin: ${tokens.space(2)} 0 0;
  font-size: 0.9375rem;
  color: ${tokens.color.muted};
`;

const Outcome = styled.p<{ $tone: 'success' | 'error' }>`
  margin: 0;
  font-weight: 600;
  color: ${({ $tone }) => ($tone === 'success' ? tokens.color.success : tokens.color.error)};
`;

type Outcome = { readonly tone: 'success' | 'error'; readonly text: string } | null;

async function validateEmail(values: NewsletterFormValues): Promise<string | null> {
  const { newsletterSchema } = await import(/* webpackChunkName: "contact-validation" */ '@kesho/site-rules/contact-schema');
  try {
    await newsletterSchema.validate(values);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : newsletterStatusTexts.invalid.text;
  }
}

/**
 * The newsletter sign-up (double opt-in, see lambdas' subscriptions). A real `method="post"` form:
 * without the script the server answers 303 back to /blog and LeadStatusNotices shows the outcome;
 * with it, the address is checked with the shared rule and posted as JSON, and the outcome appears
 * under the field, the address kept whenever it was not accepted.
 */
export function NewsletterForm({ titleId }: { titleId: string }) {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const input = useRef<HTMLInputElement | null>(null);
  const inFlight = useRef(false);
  const formElement = useRef<HTMLFormElement | null>(null);
  // An address typed into the prerendered form before the app started is the form's to keep.
  useLayoutEffect(() => {
    const typed = formElement.current ? fieldsTypedBeforeHydration(formElement.current, ['email']) : {};
    if (typed.email !== undefined) setEmail(typed.email);
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const honeypot = String(new FormData(event.currentTarget).get(HONEYPOT_FIELD) ?? '');
    const problem = await validateEmail({ email });
    if (problem) {
      setOutcome({ tone: 'error', text: problem });
      input.current?.focus();
      return;
    }
    inFlight.current = true;
    setSending(true);
    setOutcome(null);
    try {
      const answer = await postLead(SUBSCRIPTIONS_ENDPOINT, { email, [HONEYPOT_FIELD]: honeypot }, newsletterStatusTexts.unavailable.text);
      if (answer.ok) {
        setOutcome({ tone: 'success', text: `${newsletterStatusTexts.pending.title}. ${newsletterStatusTexts.pending.text}` });
        setEmail('');
      } else {
        setOutcome({ tone: 'error', text: answer.fieldErrors.email ?? answer.message });
        input.current?.focus();
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const invalid = outcome?.tone === 'error';
  return (
    <Form ref={formElement} method="post" action={SUBSCRIPTIONS_ENDPOINT} noValidate={enhanced} onSubmit={submit} aria-labelledby={titleId} aria-busy={sending || undefined}>
      <LeadStatusNotices texts={newsletterStatusTexts} />
      <FieldLabel htmlFor="newsletter-email">{newsletter.label}</FieldLabel>
      <Honeypot idPrefix="newsletter" />
      <Row>
        <EmailInput
          ref={input}
          id="newsletter-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder={newsletter.placeholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={outcome ? 'newsletter-outcome newsletter-notice' : 'newsletter-notice'}
          $invalid={invalid}
        />
        <Button type="submit">{newsletter.button}</Button>
      </Row>
      <div role="status" aria-live="polite">
        {sending ? <Outcome $tone="success">{newsletter.sending}</Outcome> : null}
        {outcome ? (
          <Outcome id="newsletter-outcome" $tone={outcome.tone}>
            {outcome.text}
          </Outcome>
        ) : null}
      </div>
      <Notice id="newsletter-notice">{NEWSLETTER_CONSENT_TEXT}</Notice>
    </Form>
  );
}
