import { useState } from 'react';
import styled from 'styled-components';
import { Container, PageHeader, Section, media, tokens, useNavigate, useToast } from '@kesho/shell-kit';
import { scriptOnly } from '@kesho/site-rules/script-only';
import { catalogue, QUANTITY_MIN, type CatalogueService } from '@kesho/site-rules/catalogue';
import { CartProvider, useCart, type CartItem } from '../cart';
import { CustomServiceForm } from '../quote/CustomServiceForm';
import { MobileCheckoutBar } from '../quote/MobileCheckoutBar';
import { PackageSummary } from '../quote/PackageSummary';
import { ServiceCard } from '../quote/ServiceCard';

export const QUOTE_MESSAGES = {
  removed: 'Service removed from cart',
  emptyCart: 'Please select at least one service',
  added: (quantity: number, name: string) => `${quantity}x ${name} added to cart`,
} as const;

const Layout = styled.div`
  display: grid;
  gap: ${tokens.space(8)};
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) 22rem;
  }
`;

const MainColumn = styled.div`
  display: grid;
  gap: ${tokens.space(10)};
  min-width: 0;
`;

const ServiceGrid = styled.ul`
  display: grid;
  gap: ${tokens.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const GridArea = styled.div`
  position: relative;
`;

/**
 * Over the cards until the saved cart is read: their controls are disabled until then, and a tap
 * anywhere on them meets this note instead of nothing. It lies over the grid, so taking it away
 * moves nothing on the page.
 */
const NotReadyLayer = styled.div`
  position: absolute;
  inset: 0;
  z-index: 1;
  cursor: progress;
`;

const NotReadyNote = styled.p`
  position: sticky;
  top: calc(${tokens.headerHeight} + ${tokens.space(3)});
  width: fit-content;
  margin: ${tokens.space(3)} auto 0;
  padding: ${tokens.space(2)} ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  font-weight: 600;
  box-shadow: ${tokens.shadow.raised};
`;

const Intro = styled.p`
  color: ${tokens.color.muted};
`;

function QuoteBuilder() {
  const cart = useCart();
  const toast = useToast();
  const navigate = useNavigate();
  const [sliderQuantities, setSliderQuantities] = useState<Readonly<Record<string, number>>>({});

  const cartQuantity = (id: string) => cart.items.find((item) => item.id === id)?.quantity;

  const handleToggle = (service: CatalogueService, selected: boolean) => {
    if (selected) {
      const quantity = sliderQuantities[service.id] ?? QUANTITY_MIN;
      cart.addItem({ id: service.id, name: service.name, priceCents: service.priceCents, icon: service.icon, quantity });
      toast(QUOTE_MESSAGES.added(quantity, service.name), { variant: 'success' });
    } else {
      cart.removeItem(service.id);
      toast(QUOTE_MESSAGES.removed);
    }
  };

  const handleQuantityChange = (service: CatalogueService, quantity: number) => {
    setSliderQuantities((current) => ({ ...current, [service.id]: quantity }));
    if (cartQuantity(service.id) !== undefined) cart.updateQuantity(service.id, quantity);
  };

  const handleRemove = (item: CartItem) => {
    cart.removeItem(item.id);
    toast(QUOTE_MESSAGES.removed);
  };

  const handleProceed = () => {
    if (!cart.hydrated) return;
    if (cart.items.length === 0) {
      toast(QUOTE_MESSAGES.emptyCart, { variant: 'error' });
      return;
    }
    navigate('/checkout');
  };

  return (
    <>
      <Section>
        <Container>
          <Layout>
            <MainColumn>
              <section aria-labelledby="services-heading">
                <h2 id="services-heading">Choose Your Services</h2>
                <Intro>Tick the services you want and use the slider to set how many of each you need.</Intro>
                <GridArea>
                  <ServiceGrid aria-busy={!cart.hydrated || undefined}>
                    {catalogue.map((service) => {
                      const inCart = cartQuantity(service.id);
                      return (
                        <ServiceCard
                          key={service.id}
                          service={service}
                          selected={inCart !== undefined}
                          quantity={inCart ?? sliderQuantities[service.id] ?? QUANTITY_MIN}
                          ready={cart.hydrated}
                          onToggle={handleToggle}
                          onQuantityChange={handleQuantityChange}
                        />
                      );
                    })}
                  </ServiceGrid>
                  {cart.hydrated ? null : (
                    <NotReadyLayer {...scriptOnly}>
                      <NotReadyNote role="status">Loading your package…</NotReadyNote>
                    </NotReadyLayer>
                  )}
                </GridArea>
              </section>
              <CustomServiceForm />
            </MainColumn>
            <PackageSummary items={cart.items} totalCents={cart.totalCents} hydrated={cart.hydrated} onRemove={handleRemove} onProceed={handleProceed} />
          </Layout>
        </Container>
      </Section>
      <MobileCheckoutBar totalCents={cart.totalCents} count={cart.count} hydrated={cart.hydrated} onProceed={handleProceed} />
    </>
  );
}

export default function CustomQuotePage() {
  return (
    <CartProvider>
      <div>
        <PageHeader title="Build Your Custom Package">
          <p>Pick the services you need, set how many of each and add anything else as a custom service. Prices are in US dollars.</p>
        </PageHeader>
        <QuoteBuilder />
      </div>
    </CartProvider>
  );
}
