import { FeatureGrid } from '../../components/services/FeatureGrid';
import { OfferingsList } from '../../components/services/OfferingsList';
import { Prose } from '../../components/services/Prose';
import { ServiceHeader } from '../../components/services/ServiceHeader';
import { ServiceSection } from '../../components/services/ServiceSection';
import { CtaBand } from '../../components/shared/CtaBand';
import { StepList } from '../../components/shared/StepList';
import { careerPage as page } from '../../content/service-pages/career';
import { serviceJsonLd } from '../../content/service-pages/jsonLd';

export default function CareerPage() {
  return (
    <>
      <ServiceHeader title={page.title} content={page.header} action={page.headerAction} />
      <ServiceSection id="career-overview" heading={page.overview.heading}>
        <Prose paragraphs={page.overview.paragraphs} />
      </ServiceSection>
      <ServiceSection id="career-offerings" tone="surface" heading={page.offerings.heading} intro={page.offerings.intro}>
        <OfferingsList items={page.offerings.items} />
      </ServiceSection>
      <ServiceSection id="career-assessment" heading={page.assessment.heading} intro={page.assessment.intro}>
        <StepList steps={page.assessment.steps} />
      </ServiceSection>
      <ServiceSection id="career-fields" tone="surface" heading={page.fields.heading} intro={page.fields.intro}>
        <FeatureGrid items={page.fields.items} columns={3} />
      </ServiceSection>
      <ServiceSection id="career-reasons" heading={page.reasons.heading} intro={page.reasons.intro}>
        <FeatureGrid items={page.reasons.items} columns={4} />
      </ServiceSection>
      <CtaBand id="career-cta-heading" content={page.cta} />
    </>
  );
}

/** Structured data for the prerendered page. */
export const jsonLd: readonly object[] = [serviceJsonLd('career')];
