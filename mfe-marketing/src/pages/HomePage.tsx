import styled from 'styled-components';
import { ButtonLink, Container, Section, tokens } from '@kesho/shell-kit';
import { site } from '@kesho/common/site';
import { serviceCards } from '../content/services';
import { heroStats, homeClosing, homeHero, homeServicesIntro, howItWorks, universityStrip, whyChoose } from '../content/home';
import { HomeHero } from '../components/core/HomeHero';
import { SectionIntro } from '../components/core/SectionIntro';
import { StepList } from '../components/core/StepList';
import { ServiceCardGrid } from '../components/core/ServiceCardGrid';
import { WhyChooseGrid } from '../components/core/WhyChooseGrid';
import { CtaBand, OnDarkOutlineLink } from '../components/core/CtaBand';
import { UniversityStrip } from '../components/core/UniversityStrip';

const CenteredAction = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${tokens.space(8)};
`;

export default function HomePage() {
  return (
    <>
      <HomeHero eyebrow={homeHero.eyebrow} title={homeHero.title} lead={homeHero.lead} stats={heroStats} />

      <Section aria-labelledby="how-it-works-title">
        <Container>
          <SectionIntro id="how-it-works-title" eyebrow={howItWorks.eyebrow} title={howItWorks.title}>
            {howItWorks.intro}
          </SectionIntro>
          <StepList steps={howItWorks.steps} />
          <CenteredAction>
            <ButtonLink to="/contact">Get Started</ButtonLink>
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

      <CtaBand id="home-closing-title" title={homeClosing.title} text={homeClosing.text}>
        <ButtonLink to="/contact" $variant="inverse">
          Book Free Consultation
        </ButtonLink>
        <OnDarkOutlineLink to="/pricing">View Pricing</OnDarkOutlineLink>
      </CtaBand>

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
