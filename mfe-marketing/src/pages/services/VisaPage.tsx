import { CheckList } from '../../components/services/CheckList';
import { CountryList } from '../../components/services/CountryList';
import { Note } from '../../components/services/Note';
import { OfferingsList } from '../../components/services/OfferingsList';
import { Prose } from '../../components/services/Prose';
import { ServiceHeader } from '../../components/services/ServiceHeader';
import { ServiceSection } from '../../components/services/ServiceSection';
import { StatGrid } from '../../components/shared/StatGrid';
import { CtaBand } from '../../components/shared/CtaBand';
import { StepList } from '../../components/shared/StepList';
import { visaPage as page } from '../../content/service-pages/visa';
import { serviceJsonLd } from '../../content/service-pages/jsonLd';

export default function VisaPage() {
  return (
    <>
      <ServiceHeader title={page.title} content={page.header} action={page.headerAction} />
      <ServiceSection id="visa-overview" heading={page.overview.heading}>
        <Prose paragraphs={page.overview.paragraphs} />
      </ServiceSection>
      <ServiceSection id="visa-offerings" tone="surface" heading={page.offerings.heading} intro={page.offerings.intro}>
        <OfferingsList items={page.offerings.items} />
      </ServiceSection>
      <ServiceSection id="visa-countries" heading={page.countries.heading} intro={page.countries.intro}>
        <CountryList countries={page.countries.items} />
      </ServiceSection>
      <ServiceSection id="visa-process" tone="surface" heading={page.process.heading} intro={page.process.intro}>
        <StepList steps={page.process.steps} />
      </ServiceSection>
      <ServiceSection id="visa-requirements" heading={page.requirements.heading} intro={page.requirements.intro}>
        <CheckList items={page.requirements.items} />
        <Note>{page.requirements.note}</Note>
      </ServiceSection>
      <ServiceSection id="visa-timeline" tone="surface" heading={page.timeline.heading} intro={page.timeline.intro}>
        <StatGrid stats={page.timeline.stats} />
        <Note>{page.timeline.note}</Note>
      </ServiceSection>
      <CtaBand id="visa-cta-heading" content={page.cta} />
    </>
  );
}

/** Structured data for the prerendered page. */
export const jsonLd: readonly object[] = [serviceJsonLd('visa')];
