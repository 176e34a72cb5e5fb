import { ButtonLink, Container, PageHeader, Section } from '@kesho/shell-kit';
import { serviceCards } from '../content/services';
import { serviceProcess } from '../content/process';
import { SectionIntro } from '../components/core/SectionIntro';
import { ServiceCardGrid } from '../components/core/ServiceCardGrid';
import { StepList } from '../components/core/StepList';
import { CtaBand, OnDarkOutlineLink } from '../components/core/CtaBand';

export default function ServicesPage() {
  return (
    <>
      <PageHeader title="Our Services">
        From choosing a course to boarding your flight, we support students at every stage of studying abroad, and help
        universities reach talented students in East Africa.
      </PageHeader>

      <Section aria-labelledby="services-list-title">
        <Container>
          <SectionIntro id="services-list-title" title="How we can help">
            Choose the support you need: each service has its own page with what it includes and how it works.
          </SectionIntro>
          <ServiceCardGrid cards={serviceCards} />
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="process-title">
        <Container>
          <SectionIntro id="process-title" eyebrow="Our process" title="Four steps from first meeting to departure">
            Every student follows the same clear process, so you always know what comes next.
          </SectionIntro>
          <StepList steps={serviceProcess} />
        </Container>
      </Section>

      <CtaBand
        id="services-closing-title"
        title="Not sure which service you need?"
        text="Book a free first consultation and we will recommend the right support, or build your own package from individual services."
      >
        <ButtonLink to="/contact" $variant="inverse">
          Book Free Consultation
        </ButtonLink>
        <OnDarkOutlineLink to="/custom-quote">Build My Package</OnDarkOutlineLink>
      </CtaBand>
    </>
  );
}
