import { Note } from '../../components/services/Note';
import { OfferingsList } from '../../components/services/OfferingsList';
import { Prose } from '../../components/services/Prose';
import { ServiceHeader } from '../../components/services/ServiceHeader';
import { ServiceSection } from '../../components/services/ServiceSection';
import { StatGrid } from '../../components/shared/StatGrid';
import { CtaBand } from '../../components/shared/CtaBand';
import { StepList } from '../../components/shared/StepList';
import { admissionsPage as page } from '../../content/service-pages/admissions';
import { serviceJsonLd } from '../../content/service-pages/jsonLd';

export default function AdmissionsPage() {
  return (
    <>
      <ServiceHeader title={page.title} content={page.header} action={page.headerAction} />
      <ServiceSection id="admissions-overview" heading={page.overview.heading}>
        <Prose paragraphs={page.overview.paragraphs} />
      </ServiceSection>
      <ServiceSection id="admissions-offerings" tone="surface" heading={page.offerings.heading} intro={page.offerings.intro}>
        <OfferingsList items={page.offerings.items} />
      </ServiceSection>
      <ServiceSection id="admissions-process" heading={page.process.heading} intro={page.process.intro}>
        <StepList steps={page.process.steps} />
      </ServiceSection>
      <ServiceSection id="admissions-results" tone="surface" heading={page.results.heading} intro={page.results.intro}>
        <StatGrid stats={page.results.stats} />
        <Note>{page.results.note}</Note>
      </ServiceSection>
      <CtaBand id="admissions-cta-heading" content={page.cta} />
    </>
  );
}

/** Structured data for the prerendered page. */
export const jsonLd: readonly object[] = [serviceJsonLd('admissions')];
