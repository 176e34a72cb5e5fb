import { Container, PageHeader, Section } from '@kesho/shell-kit';
import { serviceCards } from '../content/services';
import { servicesPage } from '../content/services-page';
import { SectionIntro } from '../components/shared/SectionIntro';
import { ServiceCardGrid } from '../components/core/ServiceCardGrid';
import { StepList } from '../components/shared/StepList';
import { CtaBand } from '../components/shared/CtaBand';

export default function ServicesPage() {
  const { list, process } = servicesPage;
  return (
    <>
      <PageHeader title={servicesPage.title}>{servicesPage.lead}</PageHeader>

      <Section aria-labelledby="services-list-title">
        <Container>
          <SectionIntro id="services-list-title" title={list.title}>
            {list.intro}
          </SectionIntro>
          <ServiceCardGrid cards={serviceCards} />
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="process-title">
        <Container>
          <SectionIntro id="process-title" eyebrow={process.eyebrow} title={process.title}>
            {process.intro}
          </SectionIntro>
          <StepList steps={process.steps} />
        </Container>
      </Section>

      <CtaBand id="services-closing-title" content={servicesPage.closing} />
    </>
  );
}
