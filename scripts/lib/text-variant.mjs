/**
 * A build of an app with one text of one source file changed, as an edit of the file would give it,
 * without writing the checkout: the e2e tests release such builds (e2e/support/release-variant.mjs)
 * and the benchmark times releases of them (lib/bench-release.mjs).
 */

/**
 * Serves the changed text to webpack in place of the file's own: the module keeps its identifier, so
 * its module and chunk ids are those a team's edit would give (a loader would show in the identifier
 * and change them).
 */
class TextVariantPlugin {
  /** @param {string} source @param {string} original @param {string} replacement */
  constructor(source, original, replacement) {
    this.source = source;
    this.original = original;
    this.replacement = replacement;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEnvironment.tap('TextVariantPlugin', () => {
      const files = /** @type {any} */ (compiler.inputFileSystem);
      const readFile = files.readFile.bind(files);
      files.readFile = (file, ...rest) => {
        const callback = rest.at(-1);
        if (file !== this.source) return readFile(file, ...rest);
        readFile(file, (error, content) => {
          if (error) return callback(error);
          const text = String(content);
          if (!text.includes(this.original)) return callback(new Error(`${file} does not contain ${JSON.stringify(this.original)}`));
          callback(null, Buffer.from(text.replace(this.original, this.replacement)));
        });
      };
    });
  }
}

/**
 * The `configure` option of lib/build-apps.mjs buildRemote for a build with `original` replaced by
 * `replacement` in the file `source` (an absolute path).
 * @param {string} source @param {string} original @param {string} replacement
 * @returns {(config: import('webpack').Configuration) => import('webpack').Configuration}
 */
export function textVariant(source, original, replacement) {
  return (config) => ({ ...config, plugins: [...(config.plugins ?? []), new TextVariantPlugin(source, original, replacement)] });
}
