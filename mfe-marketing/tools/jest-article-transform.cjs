/**
 * The jest side of article-loader.mjs: the same modules of the Markdown articles, as CommonJS.
 * A catalog's cache key covers every article beside it, so an edited article is read again.
 */
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const modules = () => require('./article-modules.mjs');
const articles = () => require('./articles.mjs');
const ownSources = ['articles.mjs', 'article-modules.mjs', 'jest-article-transform.cjs'].map((name) => fs.readFileSync(path.join(__dirname, name)));

module.exports = {
  process(source, file) {
    const name = path.relative(path.resolve(__dirname, '..', '..'), file);
    if (file.endsWith('.articles')) {
      const dirs = [modules().articlesDirOf(file)];
      return { code: modules().catalogModule(dirs, { format: 'cjs', nameOf: (entry) => path.relative(path.dirname(file), entry), requestOf: (entry) => entry }) };
    }
    return { code: modules().bodyModule(source, { format: 'cjs', name }) };
  },
  getCacheKey(source, file) {
    const hash = createHash('sha256').update(source).update(file);
    for (const own of ownSources) hash.update(own);
    if (file.endsWith('.articles')) {
      for (const entry of articles().articleFiles([path.dirname(file)])) hash.update(entry).update(fs.readFileSync(entry));
    }
    return hash.digest('hex');
  },
};
