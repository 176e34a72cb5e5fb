import { ButtonLink, Container, Section, tokens } from '@kesho/shell-kit';
import styled from 'styled-components';
import type { CallToAction } from '../../content/service-pages/types';

const Band = styled(Section)`
  text-align: center;

  /* The default focus colour disappears against the primary background. */
  & :focus-visible { outline-color: ${tokens.color.inverseText}; }
`;

const Body = styled.div`
  max-width: 42rem;
  margin: 0 auto;

  p { font-size: 1.0625rem; }
`;

const MailLink = styled.a`
  color: ${tokens.color.inverseText};
  font-weight: 700;
  overflow-wrap: anywhere;

  &:hover { color: ${tokens.color.inverseText}; text-decoration-thickness: 2px; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(6)};
`;

export interface CtaBandProps {
  /** Unique on the page; the base of the heading's id. */
  readonly id: string;
  readonly content: CallToAction;
  /** Offers an e-mail address as well, shown as a mailto link whose text is the address. */
  readonly email?: { readonly lead: string; readonly address: string };
}

/** The closing call to action of a service page. */
export function CtaBand({ id, content, email }: CtaBandProps) {
  const headingId = `${id}-heading`;
  return (
    <Band $tone="primary" aria-labelledby={headingId}>
      <Container>
        <Body>
          <h2 id={headingId}>{content.heading}</h2>
          <p>{content.text}</p>
          {email ? (
            <p>
              {email.lead} <MailLink href={`mailto:${email.address}`}>{email.address}</MailLink>
            </p>
          ) : null}
          <Actions>
            <ButtonLink to={content.action.to} $variant="inverse">
              {content.action.label}
            </ButtonLink>
          </Actions>
        </Body>
      </Container>
    </Band>
  );
}
