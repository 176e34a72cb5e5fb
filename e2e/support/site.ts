import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

interface PointerDocument {
  remotes: { name: string; routes: { path: string; title: string; listed: boolean }[] }[];
}

/** Every route the built site serves, as the remotes declare them in the pointer document. */
export function builtRoutes(): { path: string; title: string; remote: string; listed: boolean }[] {
  const document = JSON.parse(fs.readFileSync(path.join(repoRoot, 'dist', 'site', 'mfe', 'remotes.json'), 'utf8')) as PointerDocument;
  return document.remotes.flatMap((remote) => remote.routes.map((route) => ({ ...route, remote: remote.name })));
}
