import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import webpack from 'webpack';

/**
 * Runs webpack configurations together; rejects with the compiler's own messages on failure.
 * @param {import('webpack').Configuration[]} configs
 * @returns {Promise<import('webpack').Stats[]>}
 */
export function compile(configs) {
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error || !stats) return reject(error ?? new Error('webpack reported neither an error nor a result'));
      if (stats.hasErrors()) {
        const messages = stats.stats.flatMap((child) => child.compilation.errors.map((e) => `[${child.compilation.name}] ${e.message}`));
        return reject(new Error(`Build failed:\n${messages.join('\n')}`));
      }
      for (const child of stats.stats) {
        for (const warning of child.compilation.warnings) console.warn(`[${child.compilation.name}] warning: ${warning.message.split('\n')[0]}`);
      }
      resolve(stats.stats);
    });
  });
}

async function listFiles(dir, base = dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files = await Promise.all(entries.map((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name), base) : [path.relative(base, path.join(dir, entry.name))])));
  return files.flat().sort();
}

/**
 * A build id from what a build serves: the same sources give the same id (in any checkout, cold or
 * warm caches), any change a new one. Source maps are left out: they are never served, and they may
 * name files by the checkout's absolute path. A build is its browser output and its prerender bundle: a change that only
 * alters the prerendered HTML (the document, a no-script rule) is a new build too, so it is released.
 * @param {...string} dirs the build's output folders, in a fixed order
 */
export async function contentId(...dirs) {
  const hash = crypto.createHash('sha256');
  for (const [index, dir] of dirs.entries()) {
    for (const file of await listFiles(dir)) {
      if (file.endsWith('.map')) continue;
      hash.update(`${index}:${file}`);
      hash.update(await fs.readFile(path.join(dir, file)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

/** Moves a finished build into place; an existing build with the same id is identical and is kept. */
/**
 * Takes the source maps out of a browser build before it is published: they carry the full source
 * text, so they go to dist/sourcemaps (for whoever decodes an error's stack), never to visitors.
 */
export async function setSourceMapsAside(buildDir, mapsDir) {
  const entries = await fs.readdir(buildDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(mapsDir, path.relative(buildDir, from));
    await fs.mkdir(path.dirname(to), { recursive: true });
    await fs.rename(from, to);
  }
}

export async function moveInto(from, to) {
  await fs.mkdir(path.dirname(to), { recursive: true });
  try {
    await fs.access(to);
    await fs.rm(from, { recursive: true, force: true });
  } catch {
    await fs.rename(from, to);
  }
}

export async function writeJson(file, value) {
  await writeText(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Written whole or not at all (a temporary file renamed over the target), its folder made first. @param {string} file @param {string} text */
export async function writeText(file, text) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, text);
  await fs.rename(temporary, file);
}

export async function exists(file) {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

export async function readJson(file, fallback) {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (error) {
    if (fallback !== undefined && /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return fallback;
    throw error;
  }
}
