import styled from 'styled-components';
import { ArrowRight } from 'lucide-react';
import { ButtonLink, Container, PageHeader, Section, tokens } from '@kesho/shell-kit';
import { stories, storiesCallToAction, storiesHeader, storiesSection, storyStats } from '../content/stories';
import { StoryCard } from '../components/stories/StoryCard';
import { CardGrid } from '../components/shared/cardGrid';
import { SectionIntro } from '../components/shared/SectionIntro';
import { StatGrid } from '../components/shared/StatGrid';

const StatsBand = styled.div`
  padding: ${tokens.space(8)} 0;
  background: ${tokens.color.surface};
`;

const Closing = styled.div`
  text-align: center;
  p {
    margin-left: auto;
    margin-right: auto;
    max-width: 40rem;
  }
`;

const storyHeadingId = (index: number) => `story-${index + 1}`;

export default function SuccessStoriesPage() {
  return (
    <>
      <PageHeader eyebrow={storiesHeader.eyebrow} title={storiesHeader.title}>
        <p>{storiesHeader.lead}</p>
      </PageHeader>

      <StatsBand>
        <Container>
          <StatGrid stats={storyStats} label={storiesSection.statsLabel} />
        </Container>
      </StatsBand>

      <Section aria-labelledby="stories-title">
        <Container>
          <SectionIntro id="stories-title" title={storiesSection.title}>
            {storiesSection.intro}
          </SectionIntro>
          <CardGrid>
            {stories.map((story, index) => (
              <li key={story.name}>
                <StoryCard story={story} headingId={storyHeadingId(index)} programLabel={storiesSection.programLabel} yearLabel={storiesSection.yearLabel} />
              </li>
            ))}
          </CardGrid>
        </Container>
      </Section>

      <Section $tone="primary" aria-labelledby="stories-cta-title">
        <Container>
          <Closing>
            <h2 id="stories-cta-title">{storiesCallToAction.title}</h2>
            <p>{storiesCallToAction.text}</p>
            <ButtonLink to="/contact" $variant="inverse">
              {storiesCallToAction.button}
              <ArrowRight size={18} aria-hidden="true" focusable="false" />
            </ButtonLink>
          </Closing>
        </Container>
      </Section>
    </>
  );
}
