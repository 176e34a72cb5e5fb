import styled from 'styled-components';
import { ArrowLeft, CircleX, RefreshCw } from 'lucide-react';
import { ButtonLink, Container, Link, Section, media, tokens } from '@kesho/shell-kit';
import { PanelCard } from '../components/ui';

const ResultCard = styled(PanelCard)`
  max-width: 40rem;
  margin: 0 auto;
  h1 {
    text-align: center;
    font-size: clamp(1.75rem, 3vw + 1rem, 2.5rem);
  }
`;

const IconCircle = styled.span`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 4.5rem;
  height: 4.5rem;
  margin: 0 auto ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.errorSoft};
  color: ${tokens.color.error};
`;

const Centered = styled.p`
  text-align: center;
`;

const Tips = styled.div`
  margin: ${tokens.space(6)} 0;
  padding: ${tokens.space(4)} ${tokens.space(5)};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  h2 {
    font-size: 1.125rem;
  }
  ul {
    margin: 0;
    padding-left: ${tokens.space(5)};
  }
  li + li {
    margin-top: ${tokens.space(1.5)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(6)};
  ${media.sm} {
    flex-direction: row;
    justify-content: center;
  }
`;

const Help = styled.p`
  margin: 0;
  text-align: center;
  color: ${tokens.color.muted};
`;

export default function PaymentFailurePage() {
  return (
    <Section>
      <Container>
        <ResultCard>
          <IconCircle>
            <CircleX aria-hidden="true" focusable="false" size={40} />
          </IconCircle>
          <h1>Payment Failed</h1>
          <Centered>
            Unfortunately, your payment could not be processed. This may be due to insufficient funds, incorrect card details or a network issue. You have not been charged, and your package
            and details are still saved.
          </Centered>
          <Tips>
            <h2>What you can do</h2>
            <ul>
              <li>Check that your card details are correct</li>
              <li>Ensure your card has sufficient funds</li>
              <li>Try a different payment method</li>
              <li>Contact your bank to confirm the payment is not being blocked</li>
            </ul>
          </Tips>
          <Actions>
            <ButtonLink to="/payment">
              <RefreshCw aria-hidden="true" focusable="false" size={18} />
              Retry Payment
            </ButtonLink>
            <ButtonLink to="/custom-quote" $variant="secondary">
              <ArrowLeft aria-hidden="true" focusable="false" size={18} />
              Back to Quote Builder
            </ButtonLink>
          </Actions>
          <Help>
            Still having trouble? <Link to="/contact">Contact our support team</Link> and we will help you complete your payment.
          </Help>
        </ResultCard>
      </Container>
    </Section>
  );
}
