import { CONTENT_TYPES, contentTypeOf, extensionOf, UNKNOWN_CONTENT_TYPE } from '../src/content-types';

describe('content types', () => {
  it('gives each served kind of file its type, by the extension of a name, path or object key', () => {
    expect(contentTypeOf('pages/faq.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('/mfe/commerce/89b71cee4ea7/remoteEntry.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('mfe/remotes.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('share/faq.3f2a.png')).toBe('image/png');
    expect(contentTypeOf('sitemap.xml')).toBe('application/xml; charset=utf-8');
    expect(contentTypeOf('PAGES/ABOUT.HTML')).toBe(CONTENT_TYPES['.html']);
  });

  it('serves a file of an unknown kind, or without an extension, as bytes', () => {
    expect(contentTypeOf('fonts/roboto.ttf')).toBe(UNKNOWN_CONTENT_TYPE);
    expect(contentTypeOf('mfe/commerce/LICENSE')).toBe(UNKNOWN_CONTENT_TYPE);
    expect(contentTypeOf('.well-known/security')).toBe(UNKNOWN_CONTENT_TYPE);
    expect(extensionOf('assets.v2/readme')).toBe('');
  });
});
