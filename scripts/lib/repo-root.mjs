import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, for every script that names a file of the checkout. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
