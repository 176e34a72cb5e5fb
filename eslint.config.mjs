// One ESLint configuration for the whole monorepo (`npm run lint`).
// typescript-eslint's syntactic rules only: its type-aware set cost as much CPU again as the whole
// `npm run typecheck` (about 50 s and 3 GB on two cores, against 8 s), and what it added was typing nits.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Each workspace's "May import" (its README's table), enforced: importing another workspace that is not
 * listed, by package name or by a relative path into its folder, fails lint with the rule's message.
 * Remotes reach each other and the shell only at run time (the pointer document, shell-kit's contract).
 * `notPackages`: libraries a workspace must not import, with the reason.
 */
const ROUTER_IS_THE_SHELLS = {
  names: ['react-router', 'react-router-dom'],
  message: "the router is the shell's: pages navigate and read the address through the shell-kit contract (Link, useNavigate, useSearchParams, useShell), so the router sees every change.",
};
const WORKSPACES = [
  { folder: 'shell', name: '@kesho/shell', mayImport: ['@kesho/common', '@kesho/shell-kit'] },
  { folder: 'mfe-marketing', name: '@kesho/mfe-marketing', mayImport: ['@kesho/common', '@kesho/shell-kit'], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'mfe-commerce', name: '@kesho/mfe-commerce', mayImport: ['@kesho/common', '@kesho/shell-kit'], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'mfe-legal', name: '@kesho/mfe-legal', mayImport: ['@kesho/common', '@kesho/shell-kit'], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'packages/shell-kit', name: '@kesho/shell-kit', mayImport: [], notPackages: ROUTER_IS_THE_SHELLS },
  { folder: 'packages/common', name: '@kesho/common', mayImport: [] },
  { folder: 'lambdas', name: '@kesho/lambdas', mayImport: ['@kesho/common'] },
  { folder: 'local-server', name: '@kesho/local-server', mayImport: ['@kesho/common', '@kesho/lambdas'] },
  { folder: 'infra', name: '@kesho/infra', mayImport: ['@kesho/common'] },
  { folder: 'scripts', name: 'scripts', mayImport: ['@kesho/common', '@kesho/shell-kit'] },
  { folder: 'e2e', name: '@kesho/e2e', mayImport: ['@kesho/common', 'scripts'] },
];

const remoteHistoryMessage =
  "A remote changes the history through the shell-kit contract (useNavigate with { replace, state }, useShell().setHistoryState), never window.history: the shell's router must see every change.";
const remoteSearchMessage = "A remote reads the query through the shell-kit contract (useSearchParams), never location.search: it is the shell's router's location.";

export const workspaceBoundaries = WORKSPACES.map((workspace) => {
  const forbidden = WORKSPACES.filter((other) => other !== workspace && !workspace.mayImport.includes(other.name));
  return {
    files: [`${workspace.folder}/**/*.{ts,tsx,js,mjs,cjs}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbidden.flatMap((other) => [...(other.name.startsWith('@kesho/') ? [other.name, `${other.name}/**`] : []), `**/${other.folder}/**`, `**/${other.folder}`]),
              message: `${workspace.folder} may import ${workspace.mayImport.length > 0 ? workspace.mayImport.join(', ') : 'no other workspace'} (see ${workspace.folder}/README.md); another workspace's code is not its to use.`,
            },
            ...(workspace.notPackages
              ? [
                  {
                    group: workspace.notPackages.names.flatMap((name) => [name, `${name}/**`]),
                    message: `${workspace.folder} may not import ${workspace.notPackages.names.join(' or ')}: ${workspace.notPackages.message}`,
                  },
                ]
              : []),
          ],
        },
      ],
    },
  };
});

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/build/',
    '**/coverage/',
    '**/cdk.out/',
    '**/.data/',
    '**/.nx/',
    '**/test-results/',
    '**/playwright-report/',
    '**/bench-results/',
    // Stand-ins for built bundles that the infra tests upload; not source.
    'infra/test/fixtures/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A variable that a callback reads before its one assignment must stay `let`: as a const it would throw there.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `const { secret: _secret, ...rest } = value` is how a copy leaves a field out.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },

  // Plain JavaScript here is Node: build scripts, jest configs, Lambda entries.
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs', 'infra/functions/*/index.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: {
      // CommonJS is what these files are: jest configs and Lambda entries loaded by the runtime.
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // jest.isolateModules loads modules into a fresh registry synchronously, which only require() can.
    files: ['**/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The page.evaluate callbacks of the bench run in the browser tab.
    files: ['scripts/bench.mjs', 'scripts/lib/route-javascript.mjs'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly' } },
  },

  {
    files: ['**/*.{ts,tsx}'],
    // The two rules of hooks. The plugin's React Compiler rules are left out: no compiler runs here, and
    // its set-state-in-effect rule flags how a prerendered page reads browser storage after hydrating.
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },

  ...workspaceBoundaries,

  {
    // The address and the history belong to the shell's router: a remote that wrote them directly would
    // change the page behind the router's back (its location, its links' active state, Back and Forward).
    files: ['mfe-*/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'history', message: remoteHistoryMessage }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='history']", message: remoteHistoryMessage },
        { selector: "MemberExpression[property.name='search'][object.property.name='location']", message: remoteSearchMessage },
        { selector: "MemberExpression[property.name='search'][object.name='location']", message: remoteSearchMessage },
      ],
    },
  },
);
