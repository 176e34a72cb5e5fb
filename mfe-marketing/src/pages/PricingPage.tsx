import { ArrowUpCircle, CalendarClock, RotateCcw, ShieldCheck } from 'lucide-react';
import { Container, Link, PageHeader, Section } from '@kesho/shell-kit';
import { pricingFaqs, pricingFaqSection, pricingHeader, pricingIntro, pricingNotes, pricingPackages } from '../content/pricing';
import { FaqList } from '../components/pricing/FaqList';
import { NoteCard } from '../components/pricing/NoteCard';
import { PackageCard } from '../components/pricing/PackageCard';
import { TextLinkRow } from '../components/pricing/TextLinkRow';
import { CardGrid } from '../components/shared/cardGrid';
import { SectionIntro } from '../components/shared/SectionIntro';
import { pricingFaqJsonLd, pricingOffersJsonLd } from '../content/pricing-jsonld';

const iconProps = { size: 28, 'aria-hidden': true, focusable: false } as const;

export default function PricingPage() {
  return (
    <>
      <PageHeader eyebrow={pricingHeader.eyebrow} title={pricingHeader.title}>
        <p>{pricingHeader.lead}</p>
      </PageHeader>

      <Section aria-labelledby="pricing-packages-title">
        <Container>
          <SectionIntro id="pricing-packages-title" title={pricingIntro.title}>
            {pricingIntro.vatNote}
          </SectionIntro>
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
          <h2 id="pricing-notes-title">{pricingNotes.title}</h2>
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
          <h2 id="pricing-faq-title">{pricingFaqSection.title}</h2>
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
