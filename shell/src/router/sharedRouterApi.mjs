/**
 * The part of react-router-dom the composed site uses in the browser. The federation shares this
 * module under the names react-router-dom and react-router (scripts/webpack.config.mjs), so every app
 * gets the shell's one router, yet the shared chunk holds only what is listed here: a shared module
 * is not tree-shaken, and the whole library would cost far more on every page (scripts/README.md).
 * It imports the library's production build under a name of its own, which the federation does not
 * intercept. scripts/test/shared-router.test.mjs fails when browser code imports something from
 * react-router(-dom) that is not listed here.
 */
export { BrowserRouter, matchRoutes, useLocation, useNavigate, useNavigationType } from 'react-router-unshared';
