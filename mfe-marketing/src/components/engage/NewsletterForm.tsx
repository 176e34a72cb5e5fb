import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Link, media, tokens } from '@kesho/shell-kit';
import { newsletter } from '../../content/blog';

const Form = styled.form`
  display: grid;
  gap: ${tokens.space(2)};
  max-width: 36rem;
`;

const Label = styled.label`
  font-weight: 600;
`;

const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  ${media.sm} { flex-direction: row; }
`;

const EmailInput = styled.input`
  flex: 1;
  min-width: 0;
  min-height: 2.75rem;
  padding: ${tokens.space(2.5)} ${tokens.space(3)};
  border: 2px solid ${tokens.color.muted};
  border-radius: ${tokens.radius.sm};
  background: ${tokens.color.background};
  &::placeholder { color: ${tokens.color.muted}; opacity: 1; }
`;

const Notice = styled.p`
  margin: ${tokens.space(2)} 0 0;
  font-size: 0.9375rem;
  color: ${tokens.color.muted};
`;

/**
 * SPEC §2: the newsletter form does nothing on submit. It says so plainly rather than pretending to
 * subscribe anyone; the input has no `name`, so not even a script-less submit sends the address.
 */
export function NewsletterForm({ titleId }: { titleId: string }) {
  const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
  };
  return (
    <Form onSubmit={ignoreSubmit} aria-labelledby={titleId}>
      <Label htmlFor="newsletter-email">{newsletter.label}</Label>
      <Row>
        <EmailInput id="newsletter-email" type="email" autoComplete="email" placeholder={newsletter.placeholder} aria-describedby="newsletter-notice" />
        <Button type="submit">{newsletter.button}</Button>
      </Row>
      <Notice id="newsletter-notice">
        {newsletter.notice} <Link to="/contact">{newsletter.noticeLinkText}</Link>.
      </Notice>
    </Form>
  );
}
