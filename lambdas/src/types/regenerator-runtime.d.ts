/** regenerator-runtime ships no types: the runtime object Babel's generator output calls (invoiceFonts.ts installs it). */
declare module 'regenerator-runtime' {
  const runtime: unknown;
  export default runtime;
}
