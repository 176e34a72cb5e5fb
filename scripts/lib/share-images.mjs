/**
 * What a page looks like outside the site: its Open Graph share card (1200×630 PNG, drawn from the
 * page's own title and, for an article, its category and date) and the shell's app icons. Drawn at
 * build time by satori (layout and text to SVG) and resvg (SVG to PNG, its WebAssembly build: no
 * native binary per platform), offline: the font is Roboto from @fontsource/roboto (the site sets no
 * web font; Roboto is the open font its system font stack names, and what Android phones show), the
 * colours are the brand's (@kesho/shell-kit palette) and the mark is the shell's favicon.svg.
 * Each team's build draws the cards of its own pages into its build folder (lib/build-apps.mjs), named by
 * content, so they are served with the build's long cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { repoRoot } from './repo-root.mjs';
import { palette } from '../../packages/shell-kit/src/palette.ts';
import { site } from '@kesho/site-rules/site';

const require = createRequire(import.meta.url);

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;
/** Where a build keeps its share cards, inside its browser output. */
export const SHARE_CARDS_DIR = 'og';

/** @typedef {{ heading: string, eyebrow?: string, detail?: string }} ShareCard */

let ready;
/** The renderer's WebAssembly, the fonts, the palette and the brand mark, loaded once per process. */
function renderer() {
  ready ??= (async () => {
    await initWasm(await fs.readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
    const fontFile = (weight) => fs.readFile(path.join(path.dirname(require.resolve('@fontsource/roboto/package.json')), 'files', `roboto-latin-${weight}-normal.woff`));
    const [regular, bold] = await Promise.all([fontFile(400), fontFile(700)]);
    const mark = await fs.readFile(path.join(repoRoot, 'shell', 'public', 'favicon.svg'), 'utf8');
    return {
      palette,
      site,
      mark,
      fonts: [
        { name: 'Roboto', data: regular, weight: 400, style: 'normal' },
        { name: 'Roboto', data: bold, weight: 700, style: 'normal' },
      ],
    };
  })();
  return ready;
}

/** A satori element (the React element shape, without React). */
const box = (style, ...children) => ({ type: 'div', props: { style: { display: 'flex', ...style }, children } });

/** An SVG drawn to a PNG of the given width (its height follows the SVG's proportions). */
export async function svgToPng(svg, width) {
  await renderer();
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render();
  return image.asPng();
}

/**
 * One share card as SVG: the brand mark and name, the eyebrow, the heading and the detail line.
 * @param {ShareCard} card
 */
export async function shareCardSvg({ heading, eyebrow, detail }) {
  const { palette, site, mark, fonts } = await renderer();
  const headingSize = heading.length > 90 ? 52 : heading.length > 55 ? 60 : 72;
  // satori sizes boxes without their padding: the margins are an inner box's size, not padding.
  return satori(
    /** @type {any} satori takes React's element shape, made here without React */ (
      box(
        { width: '100%', height: '100%', alignItems: 'center', justifyContent: 'center', background: palette.primary, color: palette.inverseText, fontFamily: 'Roboto' },
        box(
          { width: SHARE_CARD_WIDTH - 144, height: SHARE_CARD_HEIGHT - 128, flexDirection: 'column', justifyContent: 'space-between' },
          box(
            { alignItems: 'center', gap: 24 },
            {
              type: 'img',
              props: {
                src: `data:image/svg+xml;base64,${Buffer.from(mark).toString('base64')}`,
                width: 72,
                height: 72,
                style: { borderRadius: 16, border: `2px solid ${palette.primarySoft}` },
              },
            },
            box({ fontSize: 34, fontWeight: 700 }, site.brand),
          ),
          box(
            { flexDirection: 'column', gap: 20, width: SHARE_CARD_WIDTH - 144 },
            ...(eyebrow ? [box({ fontSize: 30, fontWeight: 700, color: palette.accentSoft, textTransform: 'uppercase', letterSpacing: 2 }, eyebrow)] : []),
            box({ fontSize: headingSize, fontWeight: 700, lineHeight: 1.15, width: SHARE_CARD_WIDTH - 144, flexWrap: 'wrap' }, heading),
          ),
          box(
            { justifyContent: 'space-between', width: SHARE_CARD_WIDTH - 144, fontSize: 28, color: palette.primarySoft, borderTop: `2px solid ${palette.primarySoft}`, paddingTop: 24 },
            box({}, detail ?? site.hours.short),
            box({}, new URL(site.origin).host),
          ),
        ),
      )
    ),
    { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, fonts },
  );
}

/**
 * One share card as a PNG.
 * @param {ShareCard} card
 */
export async function shareCardPng(card) {
  return svgToPng(await shareCardSvg(card), SHARE_CARD_WIDTH);
}

/**
 * The alt text of a card: what it shows.
 * @param {ShareCard} card
 */
export async function shareCardAlt({ heading, eyebrow, detail }) {
  const { site } = await renderer();
  const context = [eyebrow, detail].filter(Boolean).join(', ');
  return `${heading}${context ? ` (${context})` : ''}: ${site.brand}`;
}

const contentName = (name, bytes) => `${name}.${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.png`;

/**
 * Draws a card into `outDir`/og/ under a name made from its content; returns the file's path
 * relative to `outDir` and its alt text.
 * @param {string} outDir @param {string} name @param {ShareCard} card
 */
export async function writeShareCard(outDir, name, card) {
  const png = await shareCardPng(card);
  const file = path.posix.join(SHARE_CARDS_DIR, contentName(name, png));
  await fs.mkdir(path.join(outDir, SHARE_CARDS_DIR), { recursive: true });
  await fs.writeFile(path.join(outDir, file), png);
  return { file, alt: await shareCardAlt(card) };
}

/** The card of a route: its page's name (its title without " | <brand>"), and what the route adds. */
export async function routeShareCard(route) {
  const { site } = await renderer();
  const suffix = ` | ${site.brand}`;
  const heading = route.title.endsWith(suffix) ? route.title.slice(0, -suffix.length) : route.title;
  return { heading, ...(route.shareCard ?? {}) };
}

/** A file name for a route's card: "/" → "home", "/services/visa" → "services-visa". */
export const cardNameOf = (routePath) => (routePath === '/' ? 'home' : routePath.slice(1).replace(/\//g, '-'));

/** Where a shell build keeps its app icons and web app manifest, inside its browser output. */
export const APP_ICONS_DIR = 'icons';

/**
 * The shell's app icons, drawn from its favicon.svg: 192 and 512 px as the mark is (rounded), a
 * 512 px maskable one (full-bleed brand colour, the mark inside the central safe zone) and the
 * 180 px apple-touch-icon (square: iOS rounds it itself), plus the web app manifest naming them.
 * Returns the manifest's and the apple-touch-icon's paths relative to `outDir`.
 * @param {string} outDir
 */
export async function writeAppIcons(outDir) {
  const { palette, site, mark } = await renderer();
  const inner = mark.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const square = (content) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${palette.primary}"/>${content}</svg>`;
  const icons = [
    { file: 'icon-192.png', size: 192, svg: mark, purpose: 'any' },
    { file: 'icon-512.png', size: 512, svg: mark, purpose: 'any' },
    { file: 'icon-maskable-512.png', size: 512, svg: square(`<g transform="translate(6.4 6.4) scale(0.8)">${inner}</g>`), purpose: 'maskable' },
  ];
  const appleTouchIcon = { file: 'apple-touch-icon.png', size: 180, svg: square(inner) };
  await fs.mkdir(path.join(outDir, APP_ICONS_DIR), { recursive: true });
  for (const icon of [...icons, appleTouchIcon]) await fs.writeFile(path.join(outDir, APP_ICONS_DIR, icon.file), await svgToPng(icon.svg, icon.size));
  const manifest = {
    id: '/',
    name: site.brand,
    short_name: site.brand.split(' ')[0],
    lang: 'en-GB',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: palette.background,
    theme_color: palette.primary,
    icons: icons.map((icon) => ({ src: icon.file, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose })),
  };
  await fs.writeFile(path.join(outDir, APP_ICONS_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest: path.posix.join(APP_ICONS_DIR, 'manifest.json'), appleTouchIcon: path.posix.join(APP_ICONS_DIR, appleTouchIcon.file) };
}
