import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '@kesho/site-rules/site';
import FaqPage from '../src/pages/FaqPage';
import { faqCategories, faqItems } from '../src/content/faq';
import { coreRoutes } from '../src/routes/core';
import { renderPage } from './support/renderPage';

const renderFaq = () => renderPage(FaqPage, '/faq');

const allItems = (container: HTMLElement) => Array.from(container.querySelectorAll('details'));
const openQuestions = (container: HTMLElement) =>
  allItems(container)
    .filter((item) => item.open)
    .map((item) => item.querySelector('summary')?.textContent);

describe('the FAQ page', () => {
  it('shows four categories of four questions under one h1', () => {
    renderFaq();
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    const categoryHeadings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(categoryHeadings.slice(0, 4)).toEqual(['General', 'Services', 'Payments & Refunds', 'Success & Support']);
    for (const name of ['General', 'Services', 'Payments & Refunds', 'Success & Support']) {
      const category = screen.getByRole('region', { name });
      expect(category.querySelectorAll('details')).toHaveLength(4);
    }
  });

  it('starts with every answer closed and all items in one exclusive group', () => {
    const { container } = renderFaq();
    const items = allItems(container);
    expect(items).toHaveLength(16);
    expect(openQuestions(container)).toEqual([]);
    for (const item of items) expect(item).toHaveAttribute('name', 'faq');
    expect(new Set(items.map((item) => item.id)).size).toBe(16);
  });

  it('keeps only one answer open at a time, across categories', async () => {
    const user = userEvent.setup();
    const { container } = renderFaq();
    const first = faqCategories[0]!.items[0]!.question;
    const other = faqCategories[2]!.items[2]!.question;

    await user.click(screen.getByText(first));
    await waitFor(() => expect(openQuestions(container)).toEqual([first]));

    await user.click(screen.getByText(other));
    await waitFor(() => expect(openQuestions(container)).toEqual([other]));

    await user.click(screen.getByText(other));
    await waitFor(() => expect(openQuestions(container)).toEqual([]));
  });

  it('reveals an answer and its further reading when its question is opened', async () => {
    const user = userEvent.setup();
    renderFaq();
    const refund = faqItems.find((item) => item.id === 'refund-policy')!;
    await user.click(screen.getByText(refund.question));
    const details = screen.getByText(refund.question).closest('details')!;
    await waitFor(() => expect(details.open).toBe(true));
    expect(within(details).getByText(refund.answer)).toBeVisible();
    expect(within(details).getByRole('link', { name: 'Read the full Refund Policy' })).toHaveAttribute('href', '/refund');
  });

  it('answers consistently with the business rules', () => {
    const answers = faqItems.map((item) => item.answer).join('\n');
    expect(answers).toContain('KES 10,000');
    expect(answers).toContain('KES 35,000');
    expect(answers).toContain('KES 60,000');
    expect(answers).toContain('KES 2,000 processing fee');
    expect(answers).toContain('within 7 days');
    expect(answers).toContain('card, mobile money or bank transfer');
    expect(answers).toContain('2 to 4 months');
    expect(answers).toContain('2 to 8 weeks');
    expect(answers).toContain(`aged ${site.minimumAge} and over`);
    expect(answers).toContain(`${site.figures.visaSuccess} visa success rate`);
    expect(answers).toContain('first consultation is free');
  });

  it('closes with a Contact Us link and a phone link', () => {
    renderFaq();
    const closing = screen.getByRole('region', { name: 'Still have questions?' });
    expect(within(closing).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(within(closing).getByRole('link', { name: site.phone.display })).toHaveAttribute('href', `tel:${site.phone.e164}`);
  });

  it('publishes all sixteen questions as FAQPage structured data matching the page', async () => {
    const { container } = renderFaq();
    const route = coreRoutes.find((candidate) => candidate.path === '/faq');
    const published = (await route?.load())?.jsonLd ?? [];
    expect(published).toHaveLength(1);
    const structured = JSON.parse(JSON.stringify(published[0])) as {
      '@type': string;
      mainEntity: { '@type': string; name: string; acceptedAnswer: { '@type': string; text: string } }[];
    };
    expect(structured['@type']).toBe('FAQPage');
    expect(structured.mainEntity).toHaveLength(16);
    const shownQuestions = allItems(container).map((item) => item.querySelector('summary')?.textContent);
    expect(structured.mainEntity.map((entry) => entry.name)).toEqual(shownQuestions);
    for (const entry of structured.mainEntity) {
      expect(entry['@type']).toBe('Question');
      expect(entry.acceptedAnswer['@type']).toBe('Answer');
      expect(screen.getByText(entry.acceptedAnswer.text)).toBeInTheDocument();
    }
  });
});
