/**
 * Prints a preview token for <app> <buildId>, valid until <expiresAt> (ms since the epoch, possibly
 * past), signed with the key the local server holds (PREVIEW_LINK_SECRET, read by the one reader of
 * the local settings): the e2e tests' expired links.
 *
 *   node e2e/support/sign-preview.mjs <app> <buildId> <expiresAt>
 */
import { readLocalSettings } from '../../scripts/lib/local-config.mjs';
import { previewToken } from '@kesho/release-model/build-choice';
import { hmacHex } from '@kesho/release-model/signed-tokens';

const [app, buildId, expiresAt] = process.argv.slice(2);
if (!app || !buildId || !/^\d+$/.test(expiresAt ?? '')) {
  console.error('Usage: node e2e/support/sign-preview.mjs <app> <buildId> <expiresAt ms>');
  process.exit(2);
}
const { previewLinkSecret } = await readLocalSettings('readReleaseConfig');
console.log(previewToken(app, buildId, Number(expiresAt), previewLinkSecret, hmacHex));
