import { site } from '@kesho/site-rules/site';
import { Container, PageHeader, media, tokens } from '@kesho/shell-kit';
import styled from 'styled-components';
import type { LegalDocumentContent } from '../content/types';
import { BlockList } from './BlockList';
import { RichTextView } from './RichTextView';

const CONTENTS_HEADING_ID = 'legal-contents-heading';

const LastUpdated = styled.p`
  margin: 0 0 ${tokens.space(3)};
  font-size: 0.9375rem;
  font-weight: 600;
  color: ${tokens.color.text};
`;

const Summary = styled.p`
  margin: 0;
`;

const Body = styled.div`
  padding: ${tokens.space(8)} 0 ${tokens.space(12)};
  ${media.md} {
    padding: ${tokens.space(12)} 0 ${tokens.space(16)};
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${tokens.space(8)};
  ${media.lg} {
    grid-template-columns: 16rem minmax(0, 1fr);
    gap: ${tokens.space(12)};
    align-items: start;
  }
`;

const Contents = styled.nav`
  padding: ${tokens.space(5)};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  background: ${tokens.color.surface};
  font-size: 0.9375rem;
  ${media.lg} {
    position: sticky;
    top: calc(${tokens.headerHeight} + ${tokens.space(6)});
    max-height: calc(100vh - ${tokens.headerHeight} - ${tokens.space(12)});
    overflow-y: auto;
  }
  @media print {
    display: none;
  }
`;

const ContentsHeading = styled.h2`
  font-size: 1rem;
  margin-bottom: ${tokens.space(3)};
`;

const ContentsList = styled.ol`
  margin: 0;
  padding-left: ${tokens.space(5)};
  li + li {
    margin-top: ${tokens.space(2)};
  }
  li::marker {
    color: ${tokens.color.muted};
  }
`;

const Document = styled.div`
  min-width: 0;
  max-width: 46rem;
  overflow-wrap: break-word;
`;

/*
 * Laid out and painted only when it nears the screen (content-visibility: auto), at an estimated
 * height until then: a page's first layout covers the sections on screen, not the whole document.
 * Laid out at once, a legal page's text was the longest task of its start-up at 4x CPU (issue 44:
 * /privacy and /terms laid out ~500 objects in the first frame, ~190 this way). The estimate is
 * generous: a skipped section that axe (Lighthouse's accessibility audit) lays out keeps its
 * estimated box, and text falling past it onto the dark footer would read as too faint.
 */
const DocumentSection = styled.section`
  content-visibility: auto;
  contain-intrinsic-size: auto 40rem;
  & + & {
    margin-top: ${tokens.space(10)};
    padding-top: ${tokens.space(10)};
    border-top: 1px solid ${tokens.color.border};
  }
  h2 {
    font-size: clamp(1.375rem, 1vw + 1rem, 1.75rem);
  }
  > :last-child,
  > :last-child > :last-child {
    margin-bottom: 0;
  }
`;

/**
 * The layout every legal page shares: the title band with the date the document last changed, a
 * contents list of in-page links, then the sections, each an anchor target.
 */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={content.title}>
        <LastUpdated>{`Last Updated: ${site.legalLastUpdated}`}</LastUpdated>
        <Summary>
          <RichTextView text={content.summary} />
        </Summary>
      </PageHeader>
      <Body>
        <Container>
          <Layout>
            <Contents aria-labelledby={CONTENTS_HEADING_ID}>
              <ContentsHeading id={CONTENTS_HEADING_ID}>On this page</ContentsHeading>
              <ContentsList>
                {content.sections.map((section) => (
                  <li key={section.id}>
                    <a href={`#${section.id}`}>{section.heading}</a>
                  </li>
                ))}
              </ContentsList>
            </Contents>
            <Document>
              {content.sections.map((section) => (
                <DocumentSection key={section.id} id={section.id}>
                  <h2>{section.heading}</h2>
                  <BlockList blocks={section.blocks} idPrefix={section.id} headingLevel={3} />
                </DocumentSection>
              ))}
            </Document>
          </Layout>
        </Container>
      </Body>
    </>
  );
}
