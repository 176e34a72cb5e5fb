/**
 * @jest-environment node
 */
import styled from 'styled-components';
import { renderDocument } from '../src/server/render';

const Lead = styled.p`
  font-size: 1.25rem;
`;

function AboutPage() {
  return (
    <>
      <h1>About us</h1>
      <Lead>We help students study abroad.</Lead>
    </>
  );
}

const html = renderDocument({
  path: '/about',
  page: { route: { path: '/about', title: 'About Us', description: 'Who we are.', listed: true, load: async () => ({ default: AboutPage }) }, Component: AboutPage },
  pointers: { remotes: [] },
  assets: {
    scripts: ['/shell/abc/main.js'],
    preloads: [{ href: '/mfe/marketing/def/remoteEntry.js', as: 'script' }],
  },
});

describe('the prerendered document', () => {
  it('carries the page, the shell around it and the component styles', () => {
    expect(html).toContain('<h1>About us</h1>');
    expect(html).toContain('We help students study abroad.');
    expect(html).toMatch(/<style[^>]*data-styled[^>]*>[^<]*font-size:1\.25rem/);
  });

  it('writes the global rules as a plain style element ahead of the component styles, so components win', () => {
    const global = html.indexOf('<style id="kesho-global-style">');
    const components = html.search(/<style[^>]*data-styled/);
    expect(global).toBeGreaterThan(-1);
    expect(global).toBeLessThan(components);
    const css = html.slice(global, html.indexOf('</style>', global));
    expect(css).toContain('--c-primary: #0f4c81');
    expect(css).toContain('.visually-hidden {');
    expect(css).not.toContain('\n');
  });

  it('does not hold up the first paint: the shell script is deferred and the remote preloaded at low priority', () => {
    expect(html).toContain('<script defer src="/shell/abc/main.js"></script>');
    expect(html).toContain('<link rel="preload" href="/mfe/marketing/def/remoteEntry.js" as="script" fetchpriority="low">');
  });
});

describe('controls only the app can serve', () => {
  function OrderPage() {
    return (
      <>
        <h1>Your order</h1>
        <button type="button" data-needs-js="">
          Download Invoice
        </button>
      </>
    );
  }
  const orderHtml = renderDocument({
    path: '/order',
    page: { route: { path: '/order', title: 'Order', description: 'Your order.', listed: false, load: async () => ({ default: OrderPage }) }, Component: OrderPage },
    pointers: { remotes: [] },
    assets: { scripts: [], preloads: [] },
  });

  it('are hidden by a rule that applies only when scripts are off, after the component styles so it wins', () => {
    expect(orderHtml).toContain('<button type="button" data-needs-js="">');
    const rule = '<noscript><style>[data-needs-js]{display:none!important}</style></noscript>';
    for (const document of [orderHtml, html]) {
      expect(document.indexOf(rule)).toBeGreaterThan(-1);
      expect(document.indexOf(rule)).toBeLessThan(document.indexOf('</head>'));
    }
    expect(html.indexOf(rule)).toBeGreaterThan(html.search(/<style[^>]*data-styled/));
  });
});
