import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './repo-root.mjs';
import { discoveryFiles } from '@kesho/release-model/discovery-files';

/**
 * sitemap.xml, robots.txt and llms.txt, made from the routes of the given pointer document by
 * @kesho/release-model/discovery-files (the maker the AWS release publisher uses too), plus the shell's
 * public files, written into `outDir` (a release's staging folder). Returns the file names.
 */
export async function writeDiscoveryFiles({ pointers, outDir }) {
  await fs.mkdir(outDir, { recursive: true });
  const files = [];
  for (const [file, text] of Object.entries(discoveryFiles(pointers))) {
    await fs.writeFile(path.join(outDir, file), text);
    files.push(file);
  }
  const publicDir = path.join(repoRoot, 'shell', 'public');
  for (const file of await fs.readdir(publicDir)) {
    await fs.copyFile(path.join(publicDir, file), path.join(outDir, file));
    files.push(file);
  }
  return files;
}
