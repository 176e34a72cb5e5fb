import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '@kesho/site-rules/site';
import { serviceCards } from '../src/content/services';
import HomePage from '../src/pages/HomePage';
import AboutPage from '../src/pages/AboutPage';
import ServicesPage from '../src/pages/ServicesPage';
import { renderPage } from './support/renderPage';

/** The texts of the h3 headings inside an element (its cards' or steps' titles). */
const cardHeadingsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
/** The links inside an element, as [text, href]. */
const linksOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
const linkHref = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

describe('the home page', () => {
  it('opens with one h1 and the four figures from the site configuration', () => {
    renderPage(HomePage);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const stats = screen.getByRole('list', { name: 'Our results in numbers' });
    const statTexts = within(stats)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(statTexts).toEqual([
      `${site.figures.studentsPlaced}Students placed`,
      `${site.figures.visaSuccess}Visa success rate`,
      `${site.figures.topChoiceOffers}Receive top-choice offers`,
      `${site.figures.scholarshipsSecured}Scholarships secured in the past year`,
    ]);
    expect(statTexts.join(' ')).toContain('300+');
    expect(statTexts.join(' ')).toContain('98%');
  });

  it('sends each call to action to its page', () => {
    renderPage(HomePage);
    expect(linkHref('Build My Package')).toBe('/custom-quote');
    expect(linkHref('Book Free Counseling')).toBe('/contact');
    expect(linkHref('Get Started')).toBe('/contact');
    expect(linkHref('Book Free Consultation')).toBe('/contact');
    expect(linkHref('View Pricing')).toBe('/pricing');
  });

  it('navigates inside the site when a call to action is clicked', async () => {
    const { shell } = renderPage(HomePage);
    await userEvent.click(screen.getByRole('link', { name: 'Build My Package' }));
    expect(shell.navigations).toEqual(['/custom-quote']);
  });

  it('shows the five services, each with a link whose name says which service it opens', () => {
    renderPage(HomePage);
    const servicesSection = screen.getByRole('region', { name: 'Our services' });
    expect(cardHeadingsOf(servicesSection)).toEqual(serviceCards.map((card) => card.title));
    for (const card of serviceCards) {
      const link = within(servicesSection).getByRole('link', { name: `Learn more about ${card.title}` });
      expect(link).toHaveAttribute('href', card.link);
    }
  });

  it('explains why to choose Kesho with the three promised cards', () => {
    renderPage(HomePage);
    const whyChoose = screen.getByRole('region', { name: 'Why Choose Kesho Global Education' });
    expect(cardHeadingsOf(whyChoose)).toEqual(['Transparent Process', 'Proven Success', 'Ethical Standards']);
  });

  it('lists the ten universities once for screen readers and hides the looping copy', () => {
    renderPage(HomePage);
    const visibleList = screen.getByRole('list', { name: 'Partner universities' });
    expect(
      within(visibleList)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...site.stripUniversities]);
    expect(visibleList).not.toHaveAttribute('aria-hidden');

    const copies = screen.getAllByText('University of Toronto').map((item) => item.closest('ul'));
    expect(copies).toHaveLength(2);
    const duplicate = copies.find((list) => list !== visibleList);
    expect(duplicate).toHaveAttribute('aria-hidden', 'true');
    expect(duplicate?.textContent).toBe(visibleList.textContent);
    expect(screen.getAllByRole('listitem').filter((item) => item.textContent === 'University of Toronto')).toHaveLength(1);
  });

  it('lets a visitor pause the scrolling strip', async () => {
    renderPage(HomePage);
    const pause = screen.getByRole('checkbox', { name: 'Pause scrolling' });
    expect(pause).not.toBeChecked();
    await userEvent.click(pause);
    expect(pause).toBeChecked();
  });
});

describe('the about page', () => {
  it('tells the story from the registration date in the site configuration', () => {
    renderPage(AboutPage, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    const story = screen.getByRole('region', { name: 'Our story' });
    expect(story).toHaveTextContent(`registered in Kenya on ${site.incorporatedDisplay}`);
    for (const name of ['Our story', 'Mission and vision', 'Our values', 'Meet the founders', 'Registered & Compliant']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
  });

  it('presents both founders with initials, name, role and biography', () => {
    renderPage(AboutPage, '/about');
    const founders = screen.getByRole('region', { name: 'Meet the founders' });
    const cards = within(founders).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    site.founders.forEach((founder, index) => {
      const card = cards[index]!;
      expect(within(card).getByRole('heading', { level: 3 })).toHaveTextContent(founder.name);
      expect(card).toHaveTextContent(founder.role);
      expect(card).toHaveTextContent(founder.bio);
      expect(within(card).getByText(founder.initials)).toHaveAttribute('aria-hidden', 'true');
    });
  });

  it('shows the company number, registration date and both addresses from the site configuration', () => {
    renderPage(AboutPage, '/about');
    const compliance = screen.getByRole('region', { name: 'Registered & Compliant' });
    const valueOf = (term: string) => within(compliance).getByText(term).nextElementSibling?.textContent;
    expect(valueOf('Company number')).toBe(site.companyNumber);
    expect(valueOf('Registration date')).toBe(`${site.incorporatedDisplay}, ${site.incorporatedIn}`);
    expect(valueOf('Registered office')).toBe(site.registeredOffice.display);
    expect(valueOf('Postal address')).toBe(site.postalAddress.display);
    expect(valueOf('Legal name')).toBe(site.legalName);
  });

  it('names the three policies that govern the work in one sentence, each a link to its page', () => {
    renderPage(AboutPage, '/about');
    const compliance = screen.getByRole('region', { name: 'Registered & Compliant' });
    const sentence = within(compliance).getByText(/^How we work is set out in our/);
    expect(sentence).toHaveTextContent(/^How we work is set out in our Terms of Service, Refund Policy and Anti-Fraud & Ethics policy\.$/);
    expect(linksOf(sentence)).toEqual([
      ['Terms of Service', '/terms'],
      ['Refund Policy', '/refund'],
      ['Anti-Fraud & Ethics policy', '/ethics'],
    ]);
  });

  it('closes with a free consultation and the services, on the closing band', () => {
    renderPage(AboutPage, '/about');
    const closing = screen.getByRole('region', { name: 'Talk to us about your plans' });
    expect(linksOf(closing)).toEqual([
      ['Book Free Consultation', '/contact'],
      ['Explore Our Services', '/services'],
    ]);
  });
});

describe('the services page', () => {
  it('lists the five services with named links to their pages', () => {
    renderPage(ServicesPage, '/services');
    expect(screen.getByRole('heading', { level: 1, name: 'Our Services' })).toBeInTheDocument();
    const learnMore = screen.getAllByRole('link', { name: /^Learn more about / });
    expect(learnMore.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(serviceCards.map((card) => [`Learn more about ${card.title}`, card.link]));
  });

  it('shows the four-step process in order', () => {
    renderPage(ServicesPage, '/services');
    const process = screen.getByRole('region', { name: 'Four steps from first meeting to departure' });
    const steps = within(process).getByRole('list');
    expect(steps.tagName).toBe('OL');
    expect(cardHeadingsOf(steps)).toEqual(['Initial Consultation', 'Strategy Development', 'Application & Visa', 'Pre-Departure']);
    // The list announces each position; the drawn number is for the eye only.
    for (const [index, step] of within(steps).getAllByRole('listitem').entries()) {
      expect(within(step).getByText(String(index + 1))).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('closes with a free consultation and the package builder, on the closing band', () => {
    renderPage(ServicesPage, '/services');
    const closing = screen.getByRole('region', { name: 'Not sure which service you need?' });
    expect(linksOf(closing)).toEqual([
      ['Book Free Consultation', '/contact'],
      ['Build My Package', '/custom-quote'],
    ]);
  });

  it('opens a service page when its card link is clicked', async () => {
    const { shell } = renderPage(ServicesPage, '/services');
    await userEvent.click(screen.getByRole('link', { name: 'Learn more about Visa & Immigration' }));
    expect(shell.navigations).toEqual(['/services/visa']);
  });
});
