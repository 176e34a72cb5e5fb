/**
 * Jest stand-in for esbuild's `file` loader (lambdas/bundling.json): importing a font gives its path.
 * esbuild's path is relative to the bundle, this one absolute; `path.resolve(__dirname, imported)`
 * reads the same file either way.
 */
module.exports = {
  process(_source, filename) {
    return { code: `module.exports = ${JSON.stringify(filename)};` };
  },
};
