/**
 * Prints a preview token for <app> <buildId>, valid until <expiresAt> (ms since the epoch, possibly
 * past), signed with the key the local server holds (PREVIEW_LINK_SECRET, read by the one reader of
 * the local settings): the e2e tests' expired links.
 *
 *   node e2e/support/sign-preview.mjs <app> <buildId> <expiresAt>
 */
import { readLocalSettings } from '../../scripts/lib/local-config.mjs';
import { loadTsModule } from '../../scripts/lib/load-ts.mjs';

const [app, buildId, expiresAt] = process.argv.slice(2);
if (!app || !buildId || !/^\d+$/.test(expiresAt ?? '')) {
  console.error('Usage: node e2e/support/sign-preview.mjs <app> <buildId> <expiresAt ms>');
  process.exit(2);
}
const { previewLinkSecret } = await readLocalSettings('readReleaseConfig');
const { previewToken } = await loadTsModule('packages/release-model/src/build-choice.ts');
const { hmacHex } = await loadTsModule('packages/release-model/src/signed-tokens.ts');
console.log(previewToken(app, buildId, Number(expiresAt), previewLinkSecret, hmacHex));
