import { screen, within } from '@testing-library/react';
import { mailtoHref, site, telHref } from '@kesho/site-rules/site';
import EthicsPage from '../src/pages/EthicsPage';
import { bodyText, describeLegalPage, expectLinksTo } from './renderPage';

describeLegalPage('Anti-Fraud & Ethics Policy', EthicsPage, '/ethics', () => {
  it('forbids fake documents and guaranteed admission or visa promises', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'No fake documents, ever' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'No guaranteed admission or visa' })).toBeInTheDocument();
    expect(bodyText()).toContain('We never create, alter or knowingly submit false documents');
  });

  it('publishes its fees and links to pricing, the builder and the refund policy', () => {
    expect(bodyText()).toContain('Our prices are published: Basic KES 10,000, Complete KES 35,000 and Premium KES 60,000, excluding VAT');
    expectLinksTo('Pricing', '/pricing');
    expectLinksTo('custom package builder', '/custom-quote');
    expectLinksTo('Refund Policy', '/refund');
  });

  it('discloses commissions from partner institutions', () => {
    expect(bodyText()).toContain('Some partner universities and colleges pay us a commission when a student we advised enrols. We disclose these commissions');
    expectLinksTo('Partner Services', '/services/partners');
  });

  it('lets a visitor verify the company number, the official e-mail and phone', () => {
    const verify = screen.getByRole('heading', { level: 2, name: `How to check you are dealing with ${site.brand}` }).closest('section')!;
    const inVerify = within(verify);
    expect(inVerify.getByText(site.companyNumber)).toBeInTheDocument();
    expect(inVerify.getByRole('link', { name: site.email })).toHaveAttribute('href', mailtoHref);
    expect(inVerify.getAllByRole('link', { name: site.phone.display })[0]).toHaveAttribute('href', telHref);
    expect(verify.textContent).toContain(`our staff write only from addresses ending in ${site.email.slice(site.email.indexOf('@'))}`);
    expect(verify.textContent).toContain('Pay only through the checkout on this website');
    expect(verify.textContent).toContain('We never ask you to pay into a personal bank account or a personal mobile money number');
  });

  it('explains how to report fraud and what happens to those who break the policy', () => {
    expect(bodyText()).toContain('with the subject “Fraud report”');
    expect(screen.getByRole('heading', { level: 2, name: 'Consequences of breaking this policy' })).toBeInTheDocument();
    expect(screen.getByText('Impersonators:')).toBeInTheDocument();
  });
});
