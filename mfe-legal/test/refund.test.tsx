import { screen, within } from '@testing-library/react';
import { mailtoHref, site } from '@kesho/site-rules/site';
import RefundPage from '../src/pages/RefundPage';
import { bodyText, describeLegalPage, expectLinksTo, rowsOf, rowStartingWith } from './renderPage';

const STAGES = 'Refunds by package and stage';

describeLegalPage('Refund Policy', RefundPage, '/refund', () => {
  it('gives a full refund within 7 days when no work or advisory has started', () => {
    expect(screen.getByRole('heading', { level: 2, name: 'Full refund within 7 days' })).toBeInTheDocument();
    expect(bodyText()).toContain('If you cancel within 7 days of your payment and no work or advisory has started, we refund everything you paid.');
  });

  it('states the pro-rata formula with the KES 2,000 processing fee', () => {
    expect(screen.getByText('Refund = total fee − (percentage of work completed × total fee) − KES 2,000 processing fee')).toBeInTheDocument();
  });

  it('works the Complete example through to KES 19,000', () => {
    const example = screen.getByRole('heading', { level: 3, name: 'Worked example: Complete package' }).parentElement!;
    expect(within(example).getByText('Work completed: 40% × KES 35,000 = KES 14,000')).toBeInTheDocument();
    expect(within(example).getByText('Refund: KES 35,000 − KES 14,000 − KES 2,000 = KES 19,000')).toBeInTheDocument();
  });

  it('shows how the Premium minimum retention of 30% caps the refund', () => {
    const example = screen.getByRole('heading', { level: 3, name: 'Worked example: minimum retention on Premium' }).parentElement!;
    expect(within(example).getByText('Minimum retention: 30% × KES 60,000 = KES 18,000')).toBeInTheDocument();
    expect(within(example).getByText('Refund: KES 60,000 − KES 18,000 − KES 2,000 = KES 40,000')).toBeInTheDocument();
  });

  it('states the package fees beside the stages table', () => {
    expect(bodyText()).toContain('The package fees are Basic KES 10,000, Complete KES 35,000 and Premium KES 60,000, excluding VAT.');
  });

  it('tabulates the Basic stages: full refund, then 50%, then nothing after submission', () => {
    expect(rowStartingWith(STAGES, 'Basic', 'Before the application starts')[2]).toBe('Full refund');
    expect(rowStartingWith(STAGES, 'Basic', 'After the initial review and before the application is submitted')[2]).toBe('50% of the fee (KES 5,000)');
    expect(rowStartingWith(STAGES, 'Basic', 'After the application is submitted')[2]).toBe('No refund');
  });

  it('retains at least 25% of Complete after the initial consultation and 30% of Premium after advisor assignment', () => {
    expect(rowStartingWith(STAGES, 'Complete', 'After the initial consultation')[2]).toBe('Pro-rata, with a minimum retention of 25%: at most KES 24,250');
    expect(rowStartingWith(STAGES, 'Premium', 'After advisor assignment')[2]).toBe('Pro-rata, with a minimum retention of 30%: at most KES 40,000');
  });

  it('marks up the stages table with a caption, column headers and row headers', () => {
    const table = screen.getByRole('table', { name: STAGES });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Package', 'When you cancel', 'Refund']);
    for (const header of within(table).getAllByRole('columnheader')) expect(header).toHaveAttribute('scope', 'col');
    expect(within(table).getAllByRole('rowheader')).toHaveLength(rowsOf(STAGES).length);
    for (const header of within(table).getAllByRole('rowheader')) expect(header).toHaveAttribute('scope', 'row');
  });

  it('refuses refunds after completion and for a visa refusal caused by false information', () => {
    expect(bodyText()).toContain('After the service has been completed');
    expect(screen.getByText('For a visa refusal caused by false, misleading or incomplete information or documents that you supplied.')).toBeInTheDocument();
  });

  it('reviews requests in 3 to 5 business days and pays in 7 to 10 business days', () => {
    expect(bodyText()).toContain('We review your request within 3 to 5 business days');
    expect(bodyText()).toContain('Approved refunds are paid within 7 to 10 business days of the decision');
  });

  it('accepts appeals within 14 days and decides them within 10 business days', () => {
    expect(bodyText()).toContain('you can appeal within 14 days of receiving it');
    expect(bodyText()).toContain('sends you a written decision within 10 business days');
  });

  it('tells the reader to request a refund by e-mail to the support address', () => {
    const howTo = screen.getByRole('heading', { level: 2, name: 'How to request a refund' }).closest('section')!;
    expect(within(howTo).getByRole('link', { name: site.email })).toHaveAttribute('href', mailtoHref);
  });

  it('links to the Terms of Service, the ethics policy and its own stages table', () => {
    expectLinksTo('Terms of Service', '/terms');
    expectLinksTo('Anti-Fraud & Ethics Policy', '/ethics');
    expectLinksTo('Refunds by package', '#package-stages');
  });
});
