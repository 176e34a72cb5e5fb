import fs from 'node:fs/promises';
import path from 'node:path';
import { readJson } from './compile.mjs';
import { notFoundPageFile, pageFileFor, pointerFile, shellCurrentFile, ssrDir } from './paths.mjs';
import { loadServerBundle } from './publish.mjs';

async function writeFileAtomic(file, content) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, content);
  await fs.rename(temporary, file);
}

/**
 * Renders the HTML of every route of the given remotes (all by default) from the CURRENT shell and
 * the CURRENT build of each remote, as the pointer document names them. A remote's release renders
 * its own routes again; a shell release renders every route.
 */
export async function prerender({ remotes: only } = {}) {
  const shell = await readJson(shellCurrentFile);
  const pointers = await readJson(pointerFile);
  const { renderDocument } = loadServerBundle(path.join(ssrDir, shell.server));
  const written = [];
  for (const remote of pointers.remotes) {
    if (only && !only.includes(remote.name)) continue;
    const serverDir = path.join(ssrDir, remote.name, remote.buildId);
    const { preloads } = await readJson(path.join(serverDir, 'publish.json'));
    const { routes } = loadServerBundle(path.join(serverDir, 'server.cjs'));
    for (const route of routes) {
      const { default: Component, jsonLd } = await route.load();
      const html = renderDocument({
        path: route.path,
        page: { route, Component, jsonLd },
        pointers,
        assets: { scripts: shell.scripts, preloads },
      });
      const file = pageFileFor(route.path);
      await writeFileAtomic(file, html);
      written.push(route.path);
    }
  }
  if (!only) {
    const html = renderDocument({ path: '/404', pointers, assets: { scripts: shell.scripts, preloads: [] } });
    await writeFileAtomic(notFoundPageFile, html);
  }
  return written;
}
