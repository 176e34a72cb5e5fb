import styled from 'styled-components';
import { ArrowLeft, ShoppingCart } from 'lucide-react';
import { ButtonLink, Container, Link, PageHeader, Section, media, tokens } from '@kesho/shell-kit';
import { CartProvider, useCart } from '../cart';
import { CheckoutForm } from '../checkout/CheckoutForm';
import { OrderSummary } from '../components/OrderSummary';
import { CART_AREA_MIN_HEIGHT, CartLoading, PanelCard } from '../components/ui';

const Layout = styled.div`
  display: grid;
  gap: ${tokens.space(8)};
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) 24rem;
  }
`;

const SummaryColumn = styled.div`
  ${media.lg} {
    position: sticky;
    top: calc(${tokens.headerHeight} + ${tokens.space(4)});
    order: 2;
  }
`;

const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  min-height: ${tokens.touchTarget};
  margin-bottom: ${tokens.space(6)};
  font-weight: 600;
`;

const EmptyCard = styled(PanelCard)`
  max-width: 36rem;
  min-height: ${CART_AREA_MIN_HEIGHT};
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  text-align: center;
  svg {
    margin: 0 auto ${tokens.space(4)};
    color: ${tokens.color.primary};
  }
`;

function CheckoutContent() {
  const cart = useCart();
  if (!cart.hydrated) return <CartLoading minHeight={CART_AREA_MIN_HEIGHT} />;
  if (cart.items.length === 0) {
    return (
      <EmptyCard as="section" aria-labelledby="empty-cart-heading">
        <ShoppingCart aria-hidden="true" focusable="false" size={40} />
        <h2 id="empty-cart-heading">Your cart is empty</h2>
        <p>Choose the services you need in the quote builder, then come back here to check out.</p>
        <ButtonLink to="/custom-quote">Build Your Package</ButtonLink>
      </EmptyCard>
    );
  }
  return (
    <>
      <BackLink to="/custom-quote">
        <ArrowLeft aria-hidden="true" focusable="false" size={18} />
        Back to Quote Builder
      </BackLink>
      <Layout>
        <SummaryColumn>
          <OrderSummary items={cart.items} totalCents={cart.totalCents} />
        </SummaryColumn>
        <CheckoutForm />
      </Layout>
    </>
  );
}

export default function CheckoutPage() {
  return (
    <CartProvider>
      <PageHeader title="Checkout">
        <p>Check your package and tell us who it is for. You will pay securely by card on the next step.</p>
      </PageHeader>
      <Section>
        <Container>
          <CheckoutContent />
        </Container>
      </Section>
    </CartProvider>
  );
}
