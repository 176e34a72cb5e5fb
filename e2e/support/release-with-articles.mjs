/**
 * Releases marketing into the dist/ named by KESHO_DIST_DIR with the articles of one more folder,
 * the way the team releases a new article: built from the checkout's sources (the article loader of
 * mfe-marketing/tools/ told to read the folder too), then published through the release transaction.
 *
 *   KESHO_DIST_DIR=<scratch dist> node e2e/support/release-with-articles.mjs <folder of Markdown articles>
 *
 * Nothing in the checkout is written. A malformed article fails the build: exit 1 with its message.
 */
import path from 'node:path';
import { buildRemote, cleanStaging } from '../../scripts/lib/build-apps.mjs';
import { publishRemote } from '../../scripts/lib/release-engine.mjs';

const [folder] = process.argv.slice(2);
if (!process.env.KESHO_DIST_DIR || !folder) {
  console.error('Usage: KESHO_DIST_DIR=<dist> node e2e/support/release-with-articles.mjs <folder>');
  process.exit(2);
}
process.env.NODE_ENV = 'production';
const extraDir = path.resolve(folder);

/** @param {any} rule */
const withFolder = (rule) =>
  typeof rule?.use?.loader === 'string' && rule.use.loader.endsWith('article-loader.mjs') ? { ...rule, use: { ...rule.use, options: { ...rule.use.options, extraDirs: [extraDir] } } } : rule;

/** @param {import('webpack').Configuration} config */
const configure = (config) => ({ ...config, module: { ...config.module, rules: (config.module?.rules ?? []).map(withFolder) } });

await cleanStaging();
try {
  const result = await publishRemote('marketing', { build: (remote) => buildRemote(remote, { configure, contentDirs: [extraDir] }) });
  console.log(result.entries.map((entry) => `${entry.app} ${entry.previous} → ${entry.buildId}`).join(', '));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await cleanStaging();
}
