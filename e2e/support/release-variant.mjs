/**
 * Releases a variant of a remote into the dist/ named by KESHO_DIST_DIR, the way a team's release
 * would: the remote built from the checkout's sources with texts of one file changed, then published
 * through the release transaction (prerendered, checked, pointer swapped last), or put before a share
 * of visitors (--canary <percent>), or staged for preview (--preview: prints the preview link).
 *
 *   KESHO_DIST_DIR=<scratch dist> node e2e/support/release-variant.mjs <remote> <source file> <text> <replacement> [<text> <replacement> …] [--canary <percent> | --preview]
 *
 * The source file is relative to the repository; nothing in the checkout is written.
 */
import path from 'node:path';
import { readLocalSettings } from '../../scripts/lib/local-config.mjs';
import { buildRemote, cleanStaging } from '../../scripts/lib/build-apps.mjs';
import { textVariant } from '../../scripts/lib/text-variant.mjs';
import { publishCanary, publishRemote, stagePreview } from '../../scripts/lib/release-engine.mjs';
import { previewLink } from '../../scripts/lib/release/preview-link.mjs';

const args = process.argv.slice(2);
const modeAt = args.findIndex((arg) => arg.startsWith('--'));
const [name, file, ...texts] = modeAt === -1 ? args : args.slice(0, modeAt);
const [mode, percent] = modeAt === -1 ? [] : args.slice(modeAt);
/** @type {[string, string][]} each text of the file and what it becomes */
const edits = [];
for (let index = 0; index + 1 < texts.length; index += 2) edits.push([texts[index] ?? '', texts[index + 1] ?? '']);
if (
  !process.env.KESHO_DIST_DIR ||
  !name ||
  !file ||
  edits.length === 0 ||
  texts.length % 2 !== 0 ||
  edits.some(([original]) => !original) ||
  (mode !== undefined && mode !== '--preview' && mode !== '--canary')
) {
  console.error('Usage: KESHO_DIST_DIR=<dist> node e2e/support/release-variant.mjs <remote> <source file> <text> <replacement> [<text> <replacement> …] [--canary <percent> | --preview]');
  process.exit(2);
}
process.env.NODE_ENV = 'production';
const source = path.resolve(import.meta.dirname, '..', '..', file);

/** Each edit is one more text variant of the file, applied over the ones before it. @param {import('webpack').Configuration} config */
const configure = (config) => edits.reduce((variant, [original, replacement]) => textVariant(source, original, replacement)(variant), config);

await cleanStaging();
try {
  const build = (remote) => buildRemote(remote, { configure });
  if (mode === '--preview') {
    const settings = await readLocalSettings('readReleaseConfig');
    const expiresAt = new Date(Date.now() + settings.previewLinkHours * 3_600_000);
    const { pointer } = await stagePreview(name, { build, expiresAt });
    console.log(await previewLink({ pointer, expiresAt, settings }));
  } else {
    const result = mode === '--canary' ? await publishCanary(name, Number(percent), { build }) : await publishRemote(name, { build });
    console.log(result.entries.map((entry) => `${entry.action} ${entry.app} ${entry.previous} → ${entry.buildId}`).join(', '));
  }
} finally {
  await cleanStaging();
}
