import { ribbonHtml, withRibbon } from '../src/preview-ribbon';

const page = [
  '<!doctype html>',
  '<html lang="en-GB">',
  '<head>',
  '<meta name="robots" content="index, follow">',
  '</head>',
  '<body>',
  '<div id="root" data-path="/faq"><main><h1>FAQ</h1></main></div>',
  '</body>',
  '</html>',
].join('\n');

describe('the preview ribbon', () => {
  test('a previewing page names the app and build, links "Exit preview" to the same page, and says noindex', () => {
    const html = withRibbon(page, { kind: 'preview', app: 'marketing', build: '0c90b16c3258' });
    expect(html).toContain(
      '<body>\n<aside id="kesho-preview-ribbon" aria-label="Preview"><span>Preview: marketing 0c90b16c3258</span> <a href="?kesho-preview=exit">Exit preview</a></aside>',
    );
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).not.toContain('index, follow');
    expect(html).toContain('<style id="kesho-preview-ribbon-style">');
    // The app's root is left as it was: hydration sees the same HTML as on the live page.
    expect(html).toContain('<div id="root" data-path="/faq"><main><h1>FAQ</h1></main></div>');
  });

  test('the notices say why the live site is shown, without an exit link', () => {
    expect(ribbonHtml({ kind: 'expired' })).toContain('This preview link has expired, or its preview has ended: you are seeing the live site.');
    expect(ribbonHtml({ kind: 'invalid' })).toContain('This preview link is not valid (it was changed, or not made by this site): you are seeing the live site.');
    expect(ribbonHtml({ kind: 'invalid' })).not.toContain('<a ');
  });

  test('a page without robots meta gets one; something that is not a page is refused', () => {
    expect(withRibbon(page.replace('<meta name="robots" content="index, follow">\n', ''), { kind: 'expired' })).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(() => withRibbon('{"remotes":[]}', { kind: 'expired' })).toThrow('not a prerendered page');
  });
});
