/**
 * Makes react-router's production build tree-shakeable. Its top-level contexts and components are
 * created by calls a bundler must assume have side effects (React.createContext, forwardRef, memo,
 * Symbol, new Set …) and named by top-level `displayName` assignments, so webpack keeps most of the
 * library whatever the site imports from it. Marking those calls pure and dropping the
 * names (used only by React's developer tools) lets it keep only what the shared router module
 * re-exports. Applied to the browser build of that one library only (scripts/webpack.config.mjs).
 */
module.exports = function treeShakeableRouter(source) {
  return source.replace(/^(var [\w$]+ = )(?=(?:new )?[\w$.]+\()/gm, '$1/* @__PURE__ */ ').replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
};
