import { screen } from '@testing-library/react';
import { site } from '@kesho/site-rules/site';
import TermsPage from '../src/pages/TermsPage';
import { bodyText, describeLegalPage, expectLinksTo } from './renderPage';

describeLegalPage('Terms of Service', TermsPage, '/terms', () => {
  it('names the company and its number from the site configuration', () => {
    expect(bodyText()).toContain(`${site.legalName} (“${site.brand}”, “we”, “us”), a company registered in Kenya under company number ${site.companyNumber}`);
  });

  it('limits the services to students aged 16 and over', () => {
    expect(bodyText()).toContain('Our services are for students aged 16 and over.');
  });

  it('says the consultancy advises and never guarantees admission or a visa', () => {
    expect(screen.getByText('We are advisers, not decision-makers.')).toBeInTheDocument();
    expect(bodyText()).toContain('We do not and cannot guarantee an offer of admission, a scholarship or a visa');
  });

  it('makes false information void the refund for a visa refusal', () => {
    expect(bodyText()).toContain('A visa refusal caused by false information you supplied does not qualify for any refund');
    expect(bodyText()).toContain('give us information that is true, complete and up to date');
  });

  it('lists the three package fees in KES, excluding VAT', () => {
    expect(screen.getByText('Basic: KES 10,000')).toBeInTheDocument();
    expect(screen.getByText('Complete: KES 35,000')).toBeInTheDocument();
    expect(screen.getByText('Premium: KES 60,000')).toBeInTheDocument();
    expect(bodyText()).toContain('priced in Kenyan shillings (KES) and exclude VAT');
  });

  it('prices the custom builder in USD with the catalogue range', () => {
    expect(bodyText()).toContain('are priced in US dollars (USD), from $25.00 for a Basic Consultation to $2,500.00 for VIP Unlimited');
  });

  it('accepts cards through Stripe, mobile money and bank transfer', () => {
    expect(bodyText()).toContain('By card, on the secure hosted checkout page of our payment provider, Stripe.');
    expect(bodyText()).toContain('By mobile money');
    expect(bodyText()).toContain('By bank transfer');
  });

  it('prices upgrades as the difference between fees and offers payment plans for Complete and Premium', () => {
    expect(bodyText()).toContain('moving from Basic to Complete costs KES 25,000, and from Complete to Premium KES 25,000');
    expect(bodyText()).toContain('Payment plans are available for the Complete and Premium packages.');
  });

  it('summarises the refund rules and links to the Refund Policy', () => {
    expect(bodyText()).toContain('a full refund if you cancel within 7 days of payment and no work or advisory has started;');
    expect(bodyText()).toContain('less a KES 2,000 processing fee');
    expectLinksTo('Refund Policy', '/refund');
  });

  it('is governed by the laws of Kenya', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'Governing law and disputes' })).toBeInTheDocument();
    expect(bodyText()).toContain('These terms are governed by the laws of Kenya.');
  });

  it('covers intellectual property and limits liability to the fees paid', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'Intellectual property' })).toBeInTheDocument();
    expect(bodyText()).toContain('Our total liability to you in connection with a service is limited to the fees you paid us for that service.');
  });

  it('links to the other policies and pages it refers to', () => {
    expectLinksTo('Privacy Policy', '/privacy');
    expectLinksTo('Cookie Policy', '/cookie-policy');
    expectLinksTo('Anti-Fraud & Ethics Policy', '/ethics');
    expectLinksTo('how to check you are dealing with us', '/ethics');
    expectLinksTo('Pricing', '/pricing');
    expectLinksTo('custom package builder', '/custom-quote');
  });
});
