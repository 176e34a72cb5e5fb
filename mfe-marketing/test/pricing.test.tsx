import '@testing-library/jest-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';
import PricingPage from '../src/pages/PricingPage';
import { jsonLd as pricingPageJsonLd } from '../src/pages/PricingPage';
import { renderPage } from './support/renderPage';

const renderPricing = () => renderPage(PricingPage, '/pricing');

const packageCard = (name: string) => screen.getByRole('article', { name });

interface JsonLdQuestion {
  '@type': string;
  name: string;
  acceptedAnswer: { '@type': string; text: string };
}

function pricingJsonLd(type: string): Record<string, unknown> {
  const found = pricingPageJsonLd.find((data) => (data as { '@type'?: string })['@type'] === type);
  if (!found) throw new Error(`no ${type} structured data on /pricing`);
  return found as Record<string, unknown>;
}

describe('the pricing page', () => {
  it('has the heading "Transparent Pricing"', () => {
    renderPricing();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Transparent Pricing');
  });

  it('shows the Basic, Complete and Premium packages with their prices in KES', () => {
    renderPricing();
    expect(within(packageCard('Basic')).getByText('KES 10,000')).toBeInTheDocument();
    expect(within(packageCard('Complete')).getByText('KES 35,000')).toBeInTheDocument();
    expect(within(packageCard('Premium')).getByText('KES 60,000')).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .slice(0, 3)
        .map((heading) => heading.textContent),
    ).toEqual(['Basic', 'Complete', 'Premium']);
  });

  it('says that the prices exclude VAT', () => {
    renderPricing();
    for (const name of ['Basic', 'Complete', 'Premium']) {
      expect(within(packageCard(name)).getByText(/excluding VAT/)).toBeInTheDocument();
    }
  });

  it('marks only the Complete package as Most Popular', () => {
    renderPricing();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(within(packageCard('Complete')).getByText('Most Popular')).toBeInTheDocument();
  });

  it('lists the number of applications and the tracking dashboard for each package', () => {
    renderPricing();
    expect(within(packageCard('Basic')).getByText('1 university application')).toBeInTheDocument();
    expect(within(packageCard('Complete')).getByText('Up to 3 university applications')).toBeInTheDocument();
    expect(within(packageCard('Premium')).getByText('Unlimited university applications')).toBeInTheDocument();
    expect(within(packageCard('Basic')).queryByText('Application tracking dashboard')).not.toBeInTheDocument();
    expect(within(packageCard('Complete')).getByText('Application tracking dashboard')).toBeInTheDocument();
    expect(within(packageCard('Premium')).getByText('Application tracking dashboard')).toBeInTheDocument();
  });

  it('lets the visitor start each package on the contact page or build a custom package', () => {
    renderPricing();
    for (const name of ['Basic', 'Complete', 'Premium']) {
      const card = packageCard(name);
      expect(within(card).getByRole('link', { name: `Get Started with the ${name} package` })).toHaveAttribute('href', '/contact');
      expect(within(card).getByRole('link', { name: 'Build a custom package' })).toHaveAttribute('href', '/custom-quote');
    }
  });

  it('navigates in the app when Get Started is clicked', async () => {
    const { shell } = renderPricing();
    await userEvent.click(screen.getByRole('link', { name: 'Get Started with the Complete package' }));
    expect(shell.navigations).toEqual(['/contact']);
  });

  it('explains upgrades, payment plans, secure payment and refunds', () => {
    renderPricing();
    const notes = within(screen.getByRole('region', { name: 'Good to know' }));
    expect(notes.getByText(/paying only the difference/)).toHaveTextContent('costs KES 25,000');
    expect(notes.getByText(/can be paid in instalments/)).toHaveTextContent('The Complete and Premium packages');
    expect(notes.getByText(/Card payments are processed by Stripe, a secure card payment provider/)).toHaveTextContent('mobile money or bank transfer');
    const refund = notes.getByText(/you can cancel within 7 days of payment for a full refund/);
    expect(refund).toHaveTextContent('minus a KES 2,000 processing fee');
  });

  it('links to the refund policy, the terms and the privacy policy', () => {
    renderPricing();
    expect(screen.getByRole('link', { name: 'Read the full Refund Policy' })).toHaveAttribute('href', '/refund');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('answers four questions in closed disclosures that open on click', async () => {
    const { container } = render(
      <TestShell shell={createRecordingShell('/pricing')}>
        <PricingPage />
      </TestShell>,
    );
    const disclosures = container.querySelectorAll('details');
    expect(disclosures).toHaveLength(4);
    disclosures.forEach((disclosure) => expect(disclosure).not.toHaveAttribute('open'));
    await userEvent.click(screen.getByText('Do you offer payment plans?'));
    expect(disclosures[1]).toHaveAttribute('open');
  });

  it('publishes the same four questions and answers as FAQPage structured data', () => {
    const { container } = render(
      <TestShell shell={createRecordingShell('/pricing')}>
        <PricingPage />
      </TestShell>,
    );
    const faq = pricingJsonLd('FAQPage');
    const questions = faq.mainEntity as JsonLdQuestion[];
    expect(faq['@context']).toBe('https://schema.org');
    expect(questions).toHaveLength(4);
    const shown = Array.from(container.querySelectorAll('details')).map((details) => ({
      question: details.querySelector('summary')?.textContent,
      answer: details.querySelector('p')?.textContent,
    }));
    expect(questions.map((question) => ({ question: question.name, answer: question.acceptedAnswer.text }))).toEqual(shown);
    questions.forEach((question) => {
      expect(question['@type']).toBe('Question');
      expect(question.acceptedAnswer['@type']).toBe('Answer');
    });
  });

  it('publishes the three packages as offers priced in KES without VAT', () => {
    const catalog = pricingJsonLd('OfferCatalog');
    const offers = catalog.itemListElement as { '@type': string; name: string; price: string; priceCurrency: string; priceSpecification: { valueAddedTaxIncluded: boolean } }[];
    expect(offers.map((offer) => [offer['@type'], offer.name, offer.price, offer.priceCurrency])).toEqual([
      ['Offer', 'Basic package', '10000', 'KES'],
      ['Offer', 'Complete package', '35000', 'KES'],
      ['Offer', 'Premium package', '60000', 'KES'],
    ]);
    offers.forEach((offer) => expect(offer.priceSpecification.valueAddedTaxIncluded).toBe(false));
  });
});
