import { screen } from '@testing-library/react';
import { mailtoHref, site } from '@kesho/site-rules/site';
import PrivacyPage from '../src/pages/PrivacyPage';
import { bodyText, describeLegalPage, expectLinksTo, rowStartingWith } from './renderPage';

describeLegalPage('Privacy Policy', PrivacyPage, '/privacy', () => {
  it('names the data controller with its company number from the site configuration', () => {
    expect(bodyText()).toContain(`${site.legalName}, company number ${site.companyNumber}, of ${site.registeredOffice.display}, is the data controller`);
  });

  it('lists what the contact form and the checkout collect', () => {
    expect(bodyText()).toContain('we collect your name, e-mail address, phone number, the country you are interested in and your message');
    expect(screen.getByText('your full name, e-mail address and phone number;')).toBeInTheDocument();
    expect(screen.getByText('your company name and any additional notes, if you choose to give them;')).toBeInTheDocument();
  });

  it('says card numbers never reach our servers because Stripe takes the payment', () => {
    expect(screen.getByText('Card numbers never touch our servers.')).toBeInTheDocument();
    expect(bodyText()).toContain('Card payments are made on the secure hosted checkout page of our payment processor, Stripe.');
  });

  it('gives each purpose a legal basis under the Data Protection Act, 2019', () => {
    expect(bodyText()).toContain('each with a lawful basis under the Data Protection Act, 2019');
    expect(rowStartingWith('Why we use personal data, and on what legal basis', 'Taking payments, issuing invoices and processing refunds')[2]).toBe(
      'Performance of our contract; our legal obligation to keep tax and accounting records',
    );
  });

  it('shares data with universities, with visa authorities only with consent, and with the payment processor', () => {
    expect(bodyText()).toContain('with universities, colleges and their application systems');
    expect(bodyText()).toContain('immigration authorities and visa application centres, only with your consent');
    expect(bodyText()).toContain('with Stripe, our payment processor');
    expect(bodyText()).toContain('We do not sell your personal data.');
  });

  it('explains international transfers to the partner countries', () => {
    expect(bodyText()).toContain('such as Canada, UK, Australia, USA, UAE, India, Germany and New Zealand.');
  });

  it('keeps financial records about 7 years', () => {
    expect(bodyText()).toContain('about 7 years, as Kenyan tax and accounting rules require');
  });

  it('lists the rights of access, correction, deletion and objection, and how to use them', () => {
    expect(bodyText()).toContain('access the personal data we hold about you');
    expect(bodyText()).toContain('have inaccurate, out-of-date or incomplete data corrected;');
    expect(bodyText()).toContain('have data deleted that we no longer need');
    expect(bodyText()).toContain('object to our processing of your data');
    expect(bodyText()).toContain('Office of the Data Protection Commissioner');
    expect(screen.getAllByRole('link', { name: site.email })[0]).toHaveAttribute('href', mailtoHref);
  });

  it('serves only people aged 16 and over', () => {
    expect(bodyText()).toContain('Our services are for students aged 16 and over');
  });

  it('covers security and links to the Cookie Policy', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'How we protect your data' })).toBeInTheDocument();
    expectLinksTo('Cookie Policy', '/cookie-policy');
  });
});
