import styled from 'styled-components';
import { DEFERRED_LAYOUT_ATTRIBUTE, deferredLayout, Link, media, tokens } from '@kesho/shell-kit';
import { mailtoHref, site, telHref } from '@kesho/site-rules/site';
import { footerLegalLinks, footerQuickLinks } from './navigation';

/* Laid out when it nears the screen until it or the page is marked laid out (`layOutInPieces`), as a `Section` band is. */
const Band = styled.footer.attrs<{ [DEFERRED_LAYOUT_ATTRIBUTE]: string }>({ [DEFERRED_LAYOUT_ATTRIBUTE]: '' })`
  ${deferredLayout('28rem')}
  background: ${tokens.color.footer};
  color: #e5e7eb;
  padding: ${tokens.space(12)} 0 ${tokens.space(6)};
  a {
    color: #e5e7eb;
  }
  a:hover {
    color: #ffffff;
  }
  @media print {
    display: none;
  }
`;

const Grid = styled.div`
  max-width: ${tokens.maxWidth};
  margin: 0 auto;
  padding: 0 ${tokens.space(4)};
  display: grid;
  gap: ${tokens.space(8)};
  ${media.md} {
    grid-template-columns: 2fr 1fr 1fr 2fr;
    padding: 0 ${tokens.space(6)};
  }
`;

const Heading = styled.h2`
  font-size: 1rem;
  color: #ffffff;
  margin-bottom: ${tokens.space(3)};
`;

const LinkList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li + li {
    margin-top: ${tokens.space(2)};
  }
`;

const Facts = styled.address`
  font-style: normal;
  display: grid;
  gap: ${tokens.space(2)};
`;

const Bottom = styled.div`
  max-width: ${tokens.maxWidth};
  margin: ${tokens.space(10)} auto 0;
  padding: ${tokens.space(6)} ${tokens.space(4)} 0;
  border-top: 1px solid rgba(255, 255, 255, 0.2);
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(2)} ${tokens.space(6)};
  justify-content: space-between;
  font-size: 0.875rem;
  ${media.md} {
    padding: ${tokens.space(6)} ${tokens.space(6)} 0;
  }
  p {
    margin: 0;
  }
`;

/*
 * Drawn, not an emoji: a colour-emoji glyph sends the renderer looking for a fallback font during the
 * page's first layout (measured: 10–15 ms more on every route where no emoji font is installed), and
 * it looks different on every platform.
 */
const Padlock = styled.svg`
  display: inline-block;
  width: 1em;
  height: 1em;
  vertical-align: -0.125em;
  margin-right: 0.25em;
`;

export function Footer() {
  return (
    <Band>
      <Grid>
        <div>
          <Heading>{site.brand}</Heading>
          <p>
            Honest guidance for students in Kenya and East Africa on university admissions, visas, scholarships and careers abroad. Services for students aged {site.minimumAge} and over.
          </p>
        </div>
        <nav aria-label="Quick links">
          <Heading as="p">Quick Links</Heading>
          <LinkList>
            {footerQuickLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.name}</Link>
              </li>
            ))}
          </LinkList>
        </nav>
        <nav aria-label="Legal">
          <Heading as="p">Legal</Heading>
          <LinkList>
            {footerLegalLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.name}</Link>
              </li>
            ))}
          </LinkList>
        </nav>
        <div>
          <Heading>Contact</Heading>
          <Facts>
            <span>
              Phone: <a href={telHref}>{site.phone.display}</a>
            </span>
            <span>
              Email: <a href={mailtoHref}>{site.email}</a>
            </span>
            <span>{site.registeredOffice.display}</span>
            <span>{site.postalAddress.display}</span>
            <span>Hours: {site.hours.display}</span>
          </Facts>
        </div>
      </Grid>
      <Bottom>
        <p>
          © {site.incorporatedOn.slice(0, 4)}–present {site.legalName}. Company No. {site.companyNumber}.
        </p>
        <p>
          <Padlock viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M8 1a3.5 3.5 0 0 0-3.5 3.5V7H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-.5V4.5A3.5 3.5 0 0 0 8 1Zm-2 6V4.5a2 2 0 1 1 4 0V7H6Z"
            />
          </Padlock>
          SSL secured
        </p>
      </Bottom>
    </Band>
  );
}
