import styled from 'styled-components';
import { ButtonLink, Container, Section, tokens } from '@kesho/shell-kit';
import { site } from '@kesho/site-rules/site';
import { serviceCards } from '../content/services';
import { heroStats, homeClosing, homeHero, homeServicesIntro, howItWorks, universityStrip, whyChoose } from '../content/home';
import { HomeHero } from '../components/core/HomeHero';
import { SectionIntro } from '../components/shared/SectionIntro';
import { StepList } from '../components/shared/StepList';
import { ServiceCardGrid } from '../components/core/ServiceCardGrid';
import { WhyChooseGrid } from '../components/core/WhyChooseGrid';
import { CtaBand } from '../components/shared/CtaBand';
import { UniversityStrip } from '../components/core/UniversityStrip';

const CenteredAction = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${tokens.space(8)};
`;

export default function HomePage() {
  return (
    <>
      <HomeHero content={homeHero} stats={heroStats} />

      <Section aria-labelledby="how-it-works-title">
        <Container>
          <SectionIntro id="how-it-works-title" eyebrow={howItWorks.eyebrow} title={howItWorks.title}>
            {howItWorks.intro}
          </SectionIntro>
          <StepList steps={howItWorks.steps} />
          <CenteredAction>
            <ButtonLink to={howItWorks.action.to}>{howItWorks.action.label}</ButtonLink>
          </CenteredAction>
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="home-services-title">
        <Container>
          <SectionIntro id="home-services-title" title={homeServicesIntro.title} align="center">
            {homeServicesIntro.intro}
          </SectionIntro>
          <ServiceCardGrid cards={serviceCards} />
        </Container>
      </Section>

      <Section aria-labelledby="why-choose-title">
        <Container>
          <SectionIntro id="why-choose-title" title={whyChoose.title} align="center">
            {whyChoose.intro}
          </SectionIntro>
          <WhyChooseGrid reasons={whyChoose.reasons} />
        </Container>
      </Section>

      <CtaBand id="home-closing-title" content={homeClosing} />

      <Section $tone="surface" aria-labelledby="universities-title">
        <Container>
          <SectionIntro id="universities-title" title={universityStrip.title} align="center">
            {universityStrip.intro}
          </SectionIntro>
        </Container>
        <UniversityStrip universities={site.stripUniversities} labelledBy="universities-title" />
      </Section>
    </>
  );
}
