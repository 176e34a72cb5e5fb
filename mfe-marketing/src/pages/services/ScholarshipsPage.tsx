import { FeatureGrid } from '../../components/services/FeatureGrid';
import { Note } from '../../components/services/Note';
import { OfferingsList } from '../../components/services/OfferingsList';
import { Prose, ProseWithAside } from '../../components/services/Prose';
import { ScholarshipTable } from '../../components/services/ScholarshipTable';
import { ServiceHeader } from '../../components/services/ServiceHeader';
import { ServiceSection } from '../../components/services/ServiceSection';
import { StatGrid } from '../../components/shared/StatGrid';
import { CtaBand } from '../../components/shared/CtaBand';
import { StepList } from '../../components/shared/StepList';
import { scholarshipsPage as page } from '../../content/service-pages/scholarships';
import { serviceJsonLd } from '../../content/service-pages/jsonLd';

export default function ScholarshipsPage() {
  return (
    <>
      <ServiceHeader title={page.title} content={page.header} action={page.headerAction} />
      <ServiceSection id="scholarships-overview" heading={page.overview.heading}>
        <ProseWithAside>
          <Prose paragraphs={page.overview.paragraphs} />
          <StatGrid stats={[page.overview.highlight]} />
        </ProseWithAside>
      </ServiceSection>
      <ServiceSection id="scholarships-offerings" tone="surface" heading={page.offerings.heading} intro={page.offerings.intro}>
        <OfferingsList items={page.offerings.items} />
      </ServiceSection>
      <ServiceSection id="scholarships-types" heading={page.types.heading} intro={page.types.intro}>
        <FeatureGrid items={page.types.items} columns={4} />
      </ServiceSection>
      <ServiceSection id="scholarships-process" tone="surface" heading={page.process.heading} intro={page.process.intro}>
        <StepList steps={page.process.steps} />
      </ServiceSection>
      <ServiceSection id="scholarships-programmes" heading={page.table.heading} intro={page.table.intro}>
        <ScholarshipTable id="scholarships-table" caption={page.table.caption} scrollHint={page.table.scrollHint} columns={page.table.columns} rows={page.table.rows} />
        <Note>{page.table.note}</Note>
      </ServiceSection>
      <CtaBand id="scholarships-cta-heading" content={page.cta} />
    </>
  );
}

/** Structured data for the prerendered page. */
export const jsonLd: readonly object[] = [serviceJsonLd('scholarships')];
