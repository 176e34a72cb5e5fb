import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { site } from '@kesho/site-rules/site';
import SuccessStoriesPage from '../src/pages/SuccessStoriesPage';
import { stories } from '../src/content/stories';
import { renderPage } from './support/renderPage';

const renderStories = () => renderPage(SuccessStoriesPage, '/success-stories');

const storyCards = () => within(screen.getByRole('region', { name: 'Meet some of our students' })).getAllByRole('article');

describe('the success stories page', () => {
  it('has the heading "Success Stories"', () => {
    renderStories();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Success Stories');
  });

  it('shows the four headline figures', () => {
    renderStories();
    const stats = within(screen.getByRole('list', { name: 'Our results in numbers' })).getAllByRole('listitem');
    expect(stats.map((stat) => stat.textContent)).toEqual(['300+ Students Placed', '98% Visa Success', '15+ Countries', '50+ Universities']);
  });

  it('takes the figures from the site configuration', () => {
    renderStories();
    for (const figure of [site.figures.studentsPlaced, site.figures.visaSuccess, site.figures.partnerCountries, site.figures.universities]) {
      expect(screen.getAllByText(figure).length).toBeGreaterThan(0);
    }
  });

  it('tells six student stories', () => {
    renderStories();
    expect(storyCards()).toHaveLength(6);
  });

  it('shows each student’s name, destination, university, programme, year and story', () => {
    renderStories();
    const cards = storyCards();
    stories.forEach((story, index) => {
      const card = within(cards[index] as HTMLElement);
      expect(card.getByRole('heading', { level: 3 })).toHaveTextContent(story.name);
      expect(card.getByText(story.university)).toBeInTheDocument();
      expect(card.getByText(story.program)).toBeInTheDocument();
      expect(card.getByText(String(story.year))).toBeInTheDocument();
      expect(card.getByText(story.story)).toBeInTheDocument();
      expect(card.getByText(story.country, { selector: 'p' })).toBeInTheDocument();
    });
  });

  it('gives every flag a text alternative naming its country', () => {
    renderStories();
    const cards = storyCards();
    stories.forEach((story, index) => {
      const flag = within(cards[index] as HTMLElement).getByRole('img', { name: story.country });
      expect(flag).toHaveTextContent(story.flag);
    });
  });

  it('uses first names with a last initial, years 2023 to 2025 and stories of two or three sentences', () => {
    expect(new Set(stories.map((story) => story.name)).size).toBe(6);
    for (const story of stories) {
      expect(story.name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
      expect(story.year).toBeGreaterThanOrEqual(2023);
      expect(story.year).toBeLessThanOrEqual(2025);
      const sentences = story.story.split(/(?<=[.!?])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(3);
    }
  });

  it('invites the visitor to start their journey on the contact page', () => {
    renderStories();
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute('href', '/contact');
  });
});
