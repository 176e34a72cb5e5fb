import styled from 'styled-components';
import { Phone } from 'lucide-react';
import { ButtonAnchor, ButtonLink, Container, Section, media, tokens } from '@kesho/shell-kit';
import { site, telHref } from '@kesho/site-rules/site';
import type { PageAction } from '../../content/types';

const Panel = styled.div`
  max-width: 46rem;
  margin: 0 auto;
  text-align: center;
  p {
    color: ${tokens.color.muted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(6)};
  ${media.sm} {
    flex-direction: row;
    justify-content: center;
  }
`;

/** A phone number is not an in-site path, so it is a plain <a> that looks like a secondary button. */
const PhoneButton = styled(ButtonAnchor)`
  white-space: nowrap;
`;

/** "Still have questions?": a way to write to us and a way to call us. */
export function ContactPrompt({ id, title, text, action }: { id: string; title: string; text: string; action: PageAction }) {
  return (
    <Section $tone="surface" aria-labelledby={id}>
      <Container>
        <Panel>
          <h2 id={id}>{title}</h2>
          <p>{text}</p>
          <Actions>
            <ButtonLink to={action.to}>{action.label}</ButtonLink>
            <PhoneButton href={telHref} $variant="secondary">
              <Phone aria-hidden="true" focusable="false" size={18} />
              {site.phone.display}
            </PhoneButton>
          </Actions>
        </Panel>
      </Container>
    </Section>
  );
}
