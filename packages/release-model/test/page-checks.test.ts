import { pageProblems } from '../src/page-checks';

const page = (main: string, title = 'About Us | Kesho Global Education') =>
  `<!doctype html><html><head><title>${title}</title></head><body><div id="root"><header><a href="/">Home</a></header><main id="main-content">${main}</main></div></body></html>`;
const about = { route: '/about', title: 'About Us | Kesho Global Education' };

describe('the checks a page passes before it goes live', () => {
  test('a page with its heading and its own title passes', () => {
    expect(pageProblems(page('<!--$--><h1>About Us</h1><p>Our story.</p><!--/$-->'), about)).toEqual([]);
  });

  test('a component that threw while prerendering (client-render fallback) is named, with the error when known', () => {
    expect(pageProblems(page('<!--$!--><template></template><!--/$-->'), about, 'Error: boom')).toEqual([
      '/about: a component threw while rendering, so the page would reach visitors empty until its script runs: Error: boom',
      '/about: its <main> is empty',
    ]);
  });

  test("the error screen, a page without a heading and a title that is not the route's are refused", () => {
    expect(pageProblems(page('<h1>Unexpected Application Error!</h1><p>x is undefined</p>'), about)).toEqual(['/about: it renders the error screen ("Unexpected Application Error!")']);
    expect(pageProblems(page('<p>Our story.</p>'), about)).toEqual(['/about: its <main> has no <h1> heading']);
    expect(pageProblems(page('<h1> </h1><p>Our story.</p>'), about)).toEqual(['/about: its <main> has no <h1> heading']);
    expect(pageProblems(page('<h1>About Us</h1>', 'Kesho Global Education'), about)).toEqual(['/about: its <title> is not the route\'s title "About Us | Kesho Global Education"']);
  });

  test('a document without <main> is refused; the not-found page has no route title to match', () => {
    expect(pageProblems('<!doctype html><html><body><h1>About</h1></body></html>', about)).toContain('/about: it has no <main> element');
    expect(pageProblems(page('<h1>Oops! Page not found</h1>', 'Page not found'), { route: '/404' })).toEqual([]);
  });
});
