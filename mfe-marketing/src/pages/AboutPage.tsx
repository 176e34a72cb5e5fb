import { Fragment } from 'react';
import styled from 'styled-components';
import { Compass, Target } from 'lucide-react';
import { Container, Link, PageHeader, Section, media, tokens } from '@kesho/shell-kit';
import { site } from '@kesho/site-rules/site';
import { aboutClosing, aboutHeader, aboutStory, companyValues, complianceIntro, foundersIntro, missionAndVision, policiesNote, valuesTitle } from '../content/about';
import { SectionIntro } from '../components/shared/SectionIntro';
import { IconBadge } from '../components/core/IconBadge';
import { FounderCard, FounderList } from '../components/core/FounderCard';
import { CompanyRegistration } from '../components/core/CompanyRegistration';
import { CtaBand } from '../components/shared/CtaBand';
import { cardGrid } from '../components/shared/cardGrid';

const Prose = styled.div`
  max-width: 46rem;
  p {
    font-size: 1.0625rem;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

const TwoCards = styled.div`
  display: grid;
  gap: ${tokens.space(6)};
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Statement = styled.div`
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};
  ${media.md} {
    padding: ${tokens.space(8)};
  }

  p {
    margin: 0;
    font-size: 1.0625rem;
  }
`;

const ValueList = styled.ul`
  ${cardGrid}
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }

  li {
    border-left: 4px solid ${tokens.color.accent};
    padding: ${tokens.space(1)} 0 ${tokens.space(1)} ${tokens.space(5)};
  }
  h3 {
    margin-bottom: ${tokens.space(2)};
  }
  p {
    margin: 0;
    color: ${tokens.color.muted};
  }
`;

const PolicyNote = styled.p`
  margin: ${tokens.space(6)} 0 0;
  color: ${tokens.color.muted};
`;

export default function AboutPage() {
  return (
    <>
      <PageHeader title={aboutHeader.title}>{aboutHeader.lead}</PageHeader>

      <Section aria-labelledby="story-title">
        <Container>
          <Prose>
            <h2 id="story-title">{aboutStory.title}</h2>
            {aboutStory.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </Prose>
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="mission-title">
        <Container>
          <SectionIntro id="mission-title" title={missionAndVision.title} />
          <TwoCards>
            <Statement>
              <IconBadge>
                <Target aria-hidden="true" focusable="false" size={24} />
              </IconBadge>
              <h3>{missionAndVision.missionTitle}</h3>
              <p>{missionAndVision.mission}</p>
            </Statement>
            <Statement>
              <IconBadge>
                <Compass aria-hidden="true" focusable="false" size={24} />
              </IconBadge>
              <h3>{missionAndVision.visionTitle}</h3>
              <p>{missionAndVision.vision}</p>
            </Statement>
          </TwoCards>
        </Container>
      </Section>

      <Section aria-labelledby="values-title">
        <Container>
          <SectionIntro id="values-title" title={valuesTitle} />
          <ValueList>
            {companyValues.map((value) => (
              <li key={value.title}>
                <h3>{value.title}</h3>
                <p>{value.description}</p>
              </li>
            ))}
          </ValueList>
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="founders-title">
        <Container>
          <SectionIntro id="founders-title" title={foundersIntro.title}>
            {foundersIntro.intro}
          </SectionIntro>
          <FounderList>
            {site.founders.map((founder) => (
              <FounderCard key={founder.name} founder={founder} />
            ))}
          </FounderList>
        </Container>
      </Section>

      <Section aria-labelledby="compliance-title">
        <Container>
          <SectionIntro id="compliance-title" title={complianceIntro.title}>
            {complianceIntro.intro}
          </SectionIntro>
          <CompanyRegistration />
          <PolicyNote>
            {policiesNote.lead}{' '}
            {policiesNote.policies.map((policy, index) => (
              <Fragment key={policy.to}>
                {index === 0 ? null : index === policiesNote.policies.length - 1 ? ' and ' : ', '}
                <Link to={policy.to}>{policy.label}</Link>
              </Fragment>
            ))}
            .
          </PolicyNote>
        </Container>
      </Section>

      <CtaBand id="about-closing-title" content={aboutClosing} />
    </>
  );
}
