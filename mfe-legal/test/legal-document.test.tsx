import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CookiePolicyPage from '../src/pages/CookiePolicyPage';
import EthicsPage from '../src/pages/EthicsPage';
import PrivacyPage from '../src/pages/PrivacyPage';
import RefundPage from '../src/pages/RefundPage';
import TermsPage from '../src/pages/TermsPage';
import { mailtoHref, site, telHref } from '@kesho/site-rules/site';
import { renderPage } from './renderPage';

const pages: [string, ComponentType, string][] = [
  ['Terms of Service', TermsPage, '/terms'],
  ['Privacy Policy', PrivacyPage, '/privacy'],
  ['Refund Policy', RefundPage, '/refund'],
  ['Cookie Policy', CookiePolicyPage, '/cookie-policy'],
  ['Anti-Fraud & Ethics Policy', EthicsPage, '/ethics'],
];

describe.each(pages)('the %s page', (title, Page, path) => {
  it('starts with its one h1 and says it was last updated in January 2025', () => {
    renderPage(Page, path);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(title);
    expect(screen.getByText('Last Updated: January 2025')).toBeInTheDocument();
  });

  it('lists its sections in an "On this page" contents whose links each jump to a section heading', async () => {
    const { container } = renderPage(Page, path);
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const entries = within(contents).getAllByRole('link');
    const sectionHeadings = screen.getAllByRole('heading', { level: 2 }).filter((heading) => !contents.contains(heading));

    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.map((entry) => entry.textContent)).toEqual(sectionHeadings.map((heading) => heading.textContent));
    for (const entry of entries) {
      const target = container.querySelector(entry.getAttribute('href') ?? '');
      expect(target?.querySelector('h2')?.textContent).toBe(entry.textContent);
    }
  });

  it('gives every element a unique id and never skips a heading level', () => {
    const { container } = renderPage(Page, path);
    const ids = Array.from(container.querySelectorAll('[id]')).map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);

    const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => Number(heading.tagName[1]));
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('ends with the company contact details from the site configuration', () => {
    renderPage(Page, path);
    const contact = screen.getByRole('heading', { level: 2, name: 'Contact us' }).closest('section');
    if (!contact) throw new Error('the contact heading is not inside a section');
    const inContact = within(contact);
    expect(inContact.getByText(site.legalName)).toBeInTheDocument();
    expect(inContact.getByText(site.companyNumber)).toBeInTheDocument();
    expect(inContact.getByText(site.registeredOffice.display)).toBeInTheDocument();
    expect(inContact.getByText(site.postalAddress.display)).toBeInTheDocument();
    expect(inContact.getAllByRole('link', { name: site.email })[0]).toHaveAttribute('href', mailtoHref);
    expect(inContact.getAllByRole('link', { name: site.phone.display })[0]).toHaveAttribute('href', telHref);
  });

  it('navigates through the shell when an in-site link is clicked, and leaves in-page anchors to the browser', async () => {
    const shell = renderPage(Page, path);
    const user = userEvent.setup();
    const inSite = screen.getAllByRole('link').find((link) => link.getAttribute('href')?.startsWith('/'));
    if (!inSite) throw new Error('the page has no in-site link');
    await user.click(inSite);
    expect(shell.navigations).toEqual([inSite.getAttribute('href')]);

    const contents = screen.getByRole('navigation', { name: 'On this page' });
    await user.click(within(contents).getAllByRole('link')[0]!);
    expect(shell.navigations).toHaveLength(1);
  });
});
