// standalone.mjs points this name at the remote's own src/routes.ts, the module it exposes to the shell.
declare module 'standalone-remote-routes' {
  export const routes: import('@kesho/shell-kit').RemoteRoutesModule['routes'];
}
