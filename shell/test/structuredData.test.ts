import { site } from '@kesho/site-rules/site';
import { organizationJsonLd } from '../src/server/structuredData';

describe('the organisation structured data on every page', () => {
  it('describes the company from the site configuration', () => {
    expect(organizationJsonLd()).toMatchObject({
      '@type': 'EducationalOrganization',
      name: site.brand,
      legalName: site.legalName,
      telephone: site.phone.e164,
      email: site.email,
      foundingDate: site.incorporatedOn,
      address: { streetAddress: site.registeredOffice.streetAddress, addressLocality: 'Nairobi', addressCountry: 'KE' },
      founder: site.founders.map((founder) => expect.objectContaining({ name: founder.name })),
    });
  });
});
