import { FeatureGrid } from '../../components/services/FeatureGrid';
import { OfferingsList } from '../../components/services/OfferingsList';
import { PartnershipModels } from '../../components/services/PartnershipModels';
import { Prose } from '../../components/services/Prose';
import { ServiceHeader } from '../../components/services/ServiceHeader';
import { ServiceSection } from '../../components/services/ServiceSection';
import { StatGrid } from '../../components/shared/StatGrid';
import { CtaBand } from '../../components/shared/CtaBand';
import { partnersPage as page } from '../../content/service-pages/partners';
import { serviceJsonLd } from '../../content/service-pages/jsonLd';

export default function PartnersPage() {
  return (
    <>
      <ServiceHeader title={page.title} content={page.header} action={page.headerAction} />
      <ServiceSection id="partners-overview" heading={page.overview.heading}>
        <Prose paragraphs={page.overview.paragraphs} />
      </ServiceSection>
      <ServiceSection id="partners-services" tone="surface" heading={page.services.heading} intro={page.services.intro}>
        <OfferingsList items={page.services.items} />
      </ServiceSection>
      <ServiceSection id="partners-reasons" heading={page.reasons.heading} intro={page.reasons.intro}>
        <FeatureGrid items={page.reasons.items} columns={4} />
      </ServiceSection>
      <ServiceSection id="partners-models" tone="surface" heading={page.models.heading} intro={page.models.intro}>
        <PartnershipModels models={page.models.items} mostPopularLabel={page.models.mostPopularLabel} bestForLabel={page.models.bestForLabel} />
      </ServiceSection>
      <ServiceSection id="partners-network" heading={page.network.heading} intro={page.network.intro}>
        <StatGrid stats={page.network.stats} columns={4} />
      </ServiceSection>
      <CtaBand id="partners-cta-heading" content={page.cta} />
    </>
  );
}

/** Structured data for the prerendered page. */
export const jsonLd: readonly object[] = [serviceJsonLd('partners')];
