import { ArrowUpCircle, CalendarClock, RotateCcw, ShieldCheck } from 'lucide-react';
import { Container, Link, PageHeader, Section } from '@kesho/shell-kit';
import { pricingFaqs, pricingFaqSection, pricingHeader, pricingIntro, pricingNotes, pricingPackages } from '../content/pricing';
import { FaqList } from '../components/engage/FaqList';
import { NoteCard } from '../components/engage/NoteCard';
import { PackageCard } from '../components/engage/PackageCard';
import { CardGrid, SectionIntro, SectionTitle, TextLinkRow } from '../components/engage/layout';
import { pricingFaqJsonLd, pricingOffersJsonLd } from '../content/engage-jsonld';

const iconProps = { size: 28, 'aria-hidden': true, focusable: false } as const;

export default function PricingPage() {
  return (
    <>
      <PageHeader eyebrow={pricingHeader.eyebrow} title={pricingHeader.title}>
        <p>{pricingHeader.lead}</p>
      </PageHeader>

      <Section aria-labelledby="pricing-packages-title">
        <Container>
          <SectionTitle id="pricing-packages-title">{pricingIntro.title}</SectionTitle>
          <SectionIntro>{pricingIntro.vatNote}</SectionIntro>
          <CardGrid>
            {pricingPackages.map((pkg) => (
              <li key={pkg.id}>
                <PackageCard
                  pkg={pkg}
                  headingId={`package-${pkg.id}`}
                  priceNote={pricingIntro.cardPriceNote}
                  getStartedText={pricingIntro.getStarted}
                  customPackageText={pricingIntro.customPackage}
                  popularText={pricingIntro.popularBadge}
                />
              </li>
            ))}
          </CardGrid>
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="pricing-notes-title">
        <Container>
          <SectionTitle id="pricing-notes-title">{pricingNotes.title}</SectionTitle>
          <CardGrid $columns={2}>
            <li>
              <NoteCard icon={<ArrowUpCircle {...iconProps} />} title={pricingNotes.upgrade.title}>
                <p>{pricingNotes.upgrade.text}</p>
              </NoteCard>
            </li>
            <li>
              <NoteCard icon={<CalendarClock {...iconProps} />} title={pricingNotes.paymentPlans.title}>
                <p>{pricingNotes.paymentPlans.text}</p>
              </NoteCard>
            </li>
            <li>
              <NoteCard icon={<ShieldCheck {...iconProps} />} title={pricingNotes.security.title}>
                <p>{pricingNotes.security.text}</p>
              </NoteCard>
            </li>
            <li>
              <NoteCard icon={<RotateCcw {...iconProps} />} title={pricingNotes.refund.title}>
                <p>{pricingNotes.refund.text}</p>
                <p>
                  <Link to="/refund">{pricingNotes.refund.linkText}</Link>
                </p>
              </NoteCard>
            </li>
          </CardGrid>
          <TextLinkRow>
            <span>{pricingNotes.legal.text}</span>
            <Link to="/terms">{pricingNotes.legal.termsLinkText}</Link>
            <Link to="/privacy">{pricingNotes.legal.privacyLinkText}</Link>
          </TextLinkRow>
        </Container>
      </Section>

      <Section aria-labelledby="pricing-faq-title">
        <Container>
          <SectionTitle id="pricing-faq-title">{pricingFaqSection.title}</SectionTitle>
          <FaqList items={pricingFaqs} />
          <TextLinkRow>
            <span>{pricingFaqSection.moreQuestions}</span>
            <Link to="/faq">{pricingFaqSection.allFaqsLinkText}</Link>
            <Link to="/contact">{pricingFaqSection.contactLinkText}</Link>
          </TextLinkRow>
        </Container>
      </Section>
    </>
  );
}

/** Structured data for the prerendered page. */
export const jsonLd: readonly object[] = [pricingFaqJsonLd(), pricingOffersJsonLd()];
