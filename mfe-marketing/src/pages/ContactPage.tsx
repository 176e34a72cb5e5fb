import styled from 'styled-components';
import { Card, Container, PageHeader, Section, media, tokens } from '@kesho/shell-kit';
import { contactForm, contactHeader } from '../content/contact';
import { ContactDetails } from '../components/contact/ContactDetails';
import { ContactForm } from '../components/contact/ContactForm';
import { contactPageJsonLd } from '../content/contact-jsonld';

const Columns = styled.div`
  display: grid;
  gap: ${tokens.space(10)};
  ${media.lg} {
    grid-template-columns: minmax(0, 7fr) minmax(0, 5fr);
    align-items: start;
  }
`;

const FormCard = styled(Card)`
  padding: ${tokens.space(5)};
  ${media.md} {
    padding: ${tokens.space(8)};
  }
`;

export default function ContactPage() {
  return (
    <>
      <PageHeader eyebrow={contactHeader.eyebrow} title={contactHeader.title}>
        <p>{contactHeader.lead}</p>
      </PageHeader>
      <Section>
        <Container>
          <Columns>
            <FormCard>
              <h2 id="contact-form-title">{contactForm.title}</h2>
              <ContactForm titleId="contact-form-title" />
            </FormCard>
            <section aria-labelledby="contact-info-title">
              <ContactDetails titleId="contact-info-title" />
            </section>
          </Columns>
        </Container>
      </Section>
    </>
  );
}

/** Structured data for the prerendered page. */
export const jsonLd: readonly object[] = [contactPageJsonLd()];
