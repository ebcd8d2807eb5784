// ESLint flat config. The `shared/` rules keep that folder pure: it runs in both processes, so it may not
// import Electron, renderer or Node modules, nor touch DOM-only globals.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_'));
const domOnlyGlobals = [
  'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'history',
  'HTMLElement', 'Element', 'Node', 'Image', 'XMLHttpRequest', 'indexedDB', 'alert', 'confirm',
  'prompt', 'requestAnimationFrame', 'getComputedStyle', 'matchMedia', 'screen', 'DOMParser',
  'MutationObserver', 'IntersectionObserver', 'ResizeObserver', 'customElements',
].map((name) => ({ name, message: 'shared/ runs in main and renderer: DOM-only globals are not allowed.' }));

export default tseslint.config(
  { ignores: ['out/**', 'out-*/**', 'dist/**', 'coverage/**', 'test-results/**', 'node_modules/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // No code made at run time (issue 39): no new Function, no eval, no string given to a timer.
      'no-new-func': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      // Nor a worker's program given as a string: a worker starts from its module's file.
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Worker'] Property[key.name='eval']", message: 'Start a worker from its module file, not from a string (eval: true).' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'shared/ may not import Node modules.' })),
          patterns: [
            { group: ['node:*'], message: 'shared/ may not import Node modules.' },
            { group: ['electron', 'electron/*'], message: 'shared/ may not import Electron.' },
            { group: ['**/electron/**', '../electron', '../../electron'], message: 'shared/ may not import from electron/.' },
            { group: ['**/renderer/**', '../renderer', '../../renderer'], message: 'shared/ may not import from renderer/.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domOnlyGlobals],
    },
  },
);
