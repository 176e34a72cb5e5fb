import { Container, PageHeader, Section } from '@kesho/shell-kit';
import { faqCategories, faqClosing, faqHeader, faqItems } from '../content/faq';
import { faqPageJsonLd } from '../content/faq-jsonld';
import { FaqAccordion } from '../components/core/FaqAccordion';
import { ContactPrompt } from '../components/core/ContactPrompt';

export default function FaqPage() {
  return (
    <>
      <PageHeader title={faqHeader.title}>{faqHeader.lead}</PageHeader>

      <Section as="div">
        <Container>
          <FaqAccordion categories={faqCategories} />
        </Container>
      </Section>

      <ContactPrompt id="faq-closing-title" title={faqClosing.title} text={faqClosing.text} action={faqClosing.action} />
    </>
  );
}

/** Structured data for the prerendered page: the same questions and answers as the page. */
export const jsonLd: readonly object[] = [faqPageJsonLd(faqItems)];
