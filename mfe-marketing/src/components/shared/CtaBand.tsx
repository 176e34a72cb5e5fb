import styled from 'styled-components';
import { ButtonLink, Container, Section, media, tokens } from '@kesho/shell-kit';
import type { CallToAction } from '../../content/types';

const Inner = styled.div`
  max-width: 46rem;
  margin: 0 auto;
  text-align: center;

  p {
    font-size: 1.125rem;
  }
  /* The site-wide focus ring is blue: on the blue band it needs to be white to stay visible. */
  a:focus-visible {
    outline-color: ${tokens.color.inverseText};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(6)};

  ${media.sm} {
    flex-direction: row;
    flex-wrap: wrap;
    justify-content: center;
  }
`;

const MailLink = styled.a`
  color: ${tokens.color.inverseText};
  font-weight: 700;
  overflow-wrap: anywhere;

  &:hover {
    color: ${tokens.color.inverseText};
    text-decoration-thickness: 2px;
  }
`;

/** The closing call to action of a page, on the brand colour: a region named by its heading. */
export function CtaBand({ id, content }: { /** The heading's id, unique on the page. */ id: string; content: CallToAction }) {
  const { heading, text, action, secondaryAction, email } = content;
  return (
    <Section $tone="primary" aria-labelledby={id}>
      <Container>
        <Inner>
          <h2 id={id}>{heading}</h2>
          <p>{text}</p>
          {email ? (
            <p>
              {email.lead} <MailLink href={`mailto:${email.address}`}>{email.address}</MailLink>
            </p>
          ) : null}
          <Actions>
            <ButtonLink to={action.to} $variant="inverse">
              {action.label}
            </ButtonLink>
            {secondaryAction ? (
              <ButtonLink to={secondaryAction.to} $variant="inverseOutline">
                {secondaryAction.label}
              </ButtonLink>
            ) : null}
          </Actions>
        </Inner>
      </Container>
    </Section>
  );
}
