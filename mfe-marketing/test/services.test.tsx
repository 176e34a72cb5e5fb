import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';
import type { PageRoute } from '@kesho/shell-kit';
import { site } from '@kesho/site-rules/site';
import { serviceCards } from '../src/content/services';
import { serviceRoutes } from '../src/routes/services';

const servicePaths = ['/services/admissions', '/services/visa', '/services/scholarships', '/services/career', '/services/partners'];

function routeFor(path: string): PageRoute {
  const route = serviceRoutes.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`no route for ${path}`);
  return route;
}

async function renderRoute(path: string) {
  const { default: Page } = await routeFor(path).load();
  return renderPage(Page, path);
}

function renderPage(Page: ComponentType, pathname: string) {
  const shell = createRecordingShell(pathname);
  const view = render(
    <TestShell shell={shell}>
      <main>
        <Page />
      </main>
    </TestShell>,
  );
  return { shell, ...view };
}

const region = (name: string) => screen.getByRole('region', { name });
const itemTexts = (container: HTMLElement) =>
  within(container)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');

describe('the service routes', () => {
  it('serve the five service pages, one per service card', () => {
    expect(serviceRoutes.map((route) => route.path)).toEqual(servicePaths);
    expect(serviceCards.map((card) => card.link)).toEqual(servicePaths);
  });

  it('publish the header’s Services menu: each page under its card’s title, in the cards’ order', () => {
    expect(serviceRoutes.map((route) => route.menu)).toEqual(serviceCards.map((card, index) => ({ group: 'services', label: card.title, order: index + 1 })));
    expect(serviceCards.map((card) => card.title)).toEqual(['University Admissions', 'Visa & Immigration', 'Scholarships', 'Career Counseling', 'Partner Services']);
  });

  it('have unique titles naming the service and the brand', () => {
    const titles = serviceRoutes.map((route) => route.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toEqual(serviceCards.map((card) => `${card.title} | Kesho Global Education`));
  });

  it('have unique meta descriptions of 120 to 160 characters', () => {
    const descriptions = serviceRoutes.map((route) => route.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const description of descriptions) {
      expect(description.length).toBeGreaterThanOrEqual(120);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });

  it('are listed and describe each service as schema.org Service provided by the brand in Kenya and East Africa', async () => {
    for (const route of serviceRoutes) {
      expect(route.listed).toBe(true);
      const page = await route.load();
      expect(page.jsonLd).toHaveLength(1);
      const jsonLd = JSON.parse(JSON.stringify(page.jsonLd?.[0])) as Record<string, unknown>;
      expect(jsonLd).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: route.title.replace(' | Kesho Global Education', ''),
        description: route.description,
        url: `${site.origin}${route.path}`,
        provider: { '@type': 'EducationalOrganization', name: site.brand, email: site.email },
        areaServed: [
          { '@type': 'Country', name: 'Kenya' },
          { '@type': 'Place', name: 'East Africa' },
        ],
      });
      expect(typeof jsonLd.serviceType).toBe('string');
      expect(String(jsonLd.serviceType).length).toBeGreaterThan(5);
    }
  });

  it('each load a page of its own', async () => {
    const pages = await Promise.all(serviceRoutes.map((route) => route.load()));
    expect(new Set(pages.map((page) => page.default)).size).toBe(5);
  });
});

describe.each(serviceCards.map((card) => [card.link, card] as const))('the page at %s', (path, card) => {
  it('opens with its service title as the only h1 and the service card description', async () => {
    await renderRoute(path);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(card.title);
    expect(screen.getByText(card.description)).toBeInTheDocument();
  });

  it('never skips a heading level', async () => {
    const { container } = await renderRoute(path);
    const levels = Array.from(container.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((heading) => Number(heading.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
    });
    expect(levels.filter((level) => level === 2).length).toBeGreaterThanOrEqual(4);
  });

  it('offers substantial prose, not just headings', async () => {
    const { container } = await renderRoute(path);
    const words = (container.textContent ?? '').split(/\s+/).filter(Boolean).length;
    expect(words).toBeGreaterThan(450);
  });

  it('sends every call to action to the contact page, inside the site', async () => {
    const { shell } = await renderRoute(path);
    const ctas = screen.getAllByRole('link', { name: /^Book (Free Counseling|Consultation)$/ });
    expect(ctas.length).toBeGreaterThanOrEqual(2);
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/contact');
    await userEvent.click(ctas[ctas.length - 1]!);
    expect(shell.navigations).toEqual(['/contact']);
  });

  it('has no accessibility violations axe can detect in a DOM without layout', async () => {
    const { container } = await renderRoute(path);
    // jsdom computes no colours or layout, so contrast is left to the browser tests.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

describe('the University Admissions page', () => {
  it('lists what the service includes', async () => {
    await renderRoute('/services/admissions');
    const offerings = itemTexts(region('What the service includes'));
    expect(offerings.length).toBeGreaterThanOrEqual(6);
    expect(offerings.join(' ')).toContain('Personal statement coaching');
  });

  it('walks through a four-step process in order', async () => {
    await renderRoute('/services/admissions');
    const steps = within(region('Our four-step admissions process')).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual(['Profile assessment', 'Shortlist and strategy', 'Applications', 'Offers and next steps']);
  });

  it('shows the success and network figures from the site configuration', async () => {
    await renderRoute('/services/admissions');
    const stats = itemTexts(region('Results and reach'));
    expect(stats).toEqual([
      `${site.figures.studentsPlaced} students placed at universities abroad`,
      `${site.figures.topChoiceOffers} of clients receive offers from top-choice universities`,
      `${site.figures.universities} universities in our network`,
      `${site.figures.partnerCountries} countries where our students study`,
    ]);
    expect(stats.join(' ')).toMatch(/300\+.*85%.*50\+.*15\+/);
  });

  it('is honest that universities make the admission decisions', async () => {
    await renderRoute('/services/admissions');
    expect(screen.getByText(/we cannot promise an offer/)).toBeInTheDocument();
    expect(screen.getByText(/2 to 4 months/)).toBeInTheDocument();
  });
});

describe('the Visa & Immigration page', () => {
  it('names the eight supported countries', async () => {
    await renderRoute('/services/visa');
    const countries = region('Countries we support');
    expect(within(countries).getAllByRole('listitem')).toHaveLength(8);
    for (const country of ['Canada', 'UK', 'USA', 'Australia', 'UAE', 'Germany', 'India', 'New Zealand']) {
      expect(within(countries).getByText(country)).toBeInTheDocument();
    }
  });

  it('walks through a five-step process', async () => {
    await renderRoute('/services/visa');
    expect(within(region('Our five-step visa process')).getAllByRole('listitem')).toHaveLength(5);
  });

  it('lists the common requirements, including a passport valid for at least 6 months beyond the stay', async () => {
    await renderRoute('/services/visa');
    const requirements = itemTexts(region('Common requirements'));
    expect(requirements.length).toBeGreaterThanOrEqual(6);
    expect(requirements).toContain('A passport valid for at least 6 months beyond your intended stay, with blank pages for the visa');
  });

  it('gives the typical 2 to 8 week timeline and the visa success rate, without promising a visa', async () => {
    await renderRoute('/services/visa');
    const timeline = itemTexts(region('Timelines and results'));
    expect(timeline).toEqual(['2 to 8 weeks typical visa processing time', `${site.figures.visaSuccess} visa success rate for our students`]);
    expect(site.figures.visaSuccess).toBe('98%');
    expect(screen.getByText(/no honest adviser can guarantee a visa/)).toBeInTheDocument();
  });
});

describe('the Scholarships page', () => {
  it('shows the scholarships secured in the past year from the site configuration', async () => {
    await renderRoute('/services/scholarships');
    expect(itemTexts(region('Funding that makes study abroad possible'))).toEqual([`${site.figures.scholarshipsSecured} in scholarships secured by our students in the past year`]);
  });

  it('explains four types of scholarship', async () => {
    await renderRoute('/services/scholarships');
    const types = within(region('Types of scholarship')).getAllByRole('heading', { level: 3 });
    expect(types.map((type) => type.textContent)).toEqual(['Merit-based', 'Need-based', 'Government', 'University-specific']);
  });

  it('walks through a five-step help process', async () => {
    await renderRoute('/services/scholarships');
    expect(within(region('Our five-step scholarship process')).getAllByRole('listitem')).toHaveLength(5);
  });

  it('tabulates four well-known scholarships with a caption, column headers and row headers', async () => {
    await renderRoute('/services/scholarships');
    const table = screen.getByRole('table', { name: /Four well-known international scholarships/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Scholarship', 'Where you study', 'Coverage', 'Typical deadline']);
    for (const header of within(table).getAllByRole('columnheader')) expect(header).toHaveAttribute('scope', 'col');
    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((header) => header.textContent)).toEqual([
      'Chevening Scholarships',
      'Mastercard Foundation Scholars Program',
      'DAAD Scholarships',
      'Fulbright Foreign Student Program',
    ]);
    for (const header of rowHeaders) expect(header).toHaveAttribute('scope', 'row');
    const bodyRows = table.querySelectorAll('tbody tr');
    expect(bodyRows).toHaveLength(4);
    for (const row of Array.from(bodyRows)) {
      expect(row.querySelectorAll('td')).toHaveLength(3);
      expect(row.lastElementChild?.textContent).toMatch(/typically/i);
    }
  });

  it('warns that deadlines change every year and must be checked with the provider', async () => {
    await renderRoute('/services/scholarships');
    expect(screen.getByText(/Deadlines change every year\. Always check the current dates .* with the scholarship provider/)).toBeInTheDocument();
  });

  it('lets keyboard users scroll the table on narrow screens', async () => {
    await renderRoute('/services/scholarships');
    const scroller = screen.getByRole('region', { name: /Four well-known international scholarships/ });
    expect(scroller).toHaveAttribute('tabindex', '0');
    expect(scroller).toContainElement(screen.getByRole('table'));
  });
});

describe('the Career Counseling page', () => {
  it('walks through a four-step assessment', async () => {
    await renderRoute('/services/career');
    const steps = within(region('Our four-step career assessment')).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual(['Discover', 'Explore', 'Match', 'Plan']);
  });

  it('presents six career fields', async () => {
    await renderRoute('/services/career');
    const fields = within(region('Career fields we explore')).getAllByRole('heading', { level: 3 });
    expect(fields.map((field) => field.textContent)).toEqual([
      'Technology & Computing',
      'Healthcare & Medicine',
      'Engineering',
      'Business & Finance',
      'Creative Arts & Media',
      'Law & Public Policy',
    ]);
  });

  it('explains why career counselling matters and what the service includes', async () => {
    await renderRoute('/services/career');
    expect(itemTexts(region('Why career counselling matters')).length).toBeGreaterThanOrEqual(3);
    expect(itemTexts(region('What the service includes')).length).toBeGreaterThanOrEqual(5);
  });
});

describe('the Partner Services page', () => {
  it('lists the services for institutions and the reasons to partner', async () => {
    await renderRoute('/services/partners');
    expect(itemTexts(region('Services for institutions')).length).toBeGreaterThanOrEqual(5);
    expect(itemTexts(region('Why partner with us')).length).toBeGreaterThanOrEqual(3);
  });

  it('offers three partnership models with Retainer + Commission marked Most Popular', async () => {
    await renderRoute('/services/partners');
    const models = region('Partnership models');
    const names = within(models).getAllByRole('heading', { level: 3 });
    expect(names.map((name) => name.textContent)).toEqual(['Commission-Based', 'Retainer + Commission', 'Project-Based']);
    expect(within(models).getAllByText('Most Popular')).toHaveLength(1);
    const cardOf = (name: string) => within(models).getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
    expect(within(cardOf('Retainer + Commission')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(cardOf('Commission-Based')).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(within(cardOf('Project-Based')).queryByText('Most Popular')).not.toBeInTheDocument();
  });

  it('shows the partner count of every country from the site configuration', async () => {
    await renderRoute('/services/partners');
    expect(itemTexts(region('Our partner network'))).toEqual(['15+ Canada', '12+ UK', '10+ Australia', '8+ USA', '5+ UAE', '6+ India', '4+ Germany', '3+ New Zealand']);
  });

  it('links to the support address by e-mail, showing the address', async () => {
    await renderRoute('/services/partners');
    const mail = screen.getByRole('link', { name: site.email });
    expect(mail).toHaveAttribute('href', `mailto:${site.email}`);
  });
});
