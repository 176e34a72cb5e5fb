/**
 * Font files, bundled by esbuild's `file` loader (lambdas/bundling.json): the import is the file's path
 * relative to the bundle that imports it (in jest, its absolute path: jest.file-path-transform.cjs).
 */
declare module '*.ttf' {
  const relativePath: string;
  export default relativePath;
}
declare module '*.woff' {
  const relativePath: string;
  export default relativePath;
}
