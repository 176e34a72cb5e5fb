const path = require('node:path');
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  testEnvironment: 'jsdom',
  // The blog's Markdown articles and their catalog, made into modules as the webpack build makes them.
  transform: { ...preset.transform, '^.+\\.(md|articles)$': path.join(__dirname, 'tools/jest-article-transform.cjs') },
  moduleFileExtensions: [...preset.moduleFileExtensions, 'md', 'articles'],
};
