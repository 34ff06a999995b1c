// ESLint (flat config): typescript-eslint's type-checked rules, the hooks rules for Preact's
// hooks (preact/hooks follows React's rules of hooks), and eslint-config-prettier last so that
// no rule argues with the formatter. `npm run lint` runs it with no warning allowed; so does CI.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Built, generated or installed; the released builds are kept byte for byte as they shipped.
    ignores: [
      '**/node_modules/',
      '**/.output/',
      '**/.wxt/',
      'artifacts/',
      'test/fixtures/releases/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.cjs', '.ci/*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `let [a, b, c] = …` where only some are assigned again reads better than two statements.
      'prefer-const': ['error', { destructuring: 'all' }],
      // Leaving a field out of a copy (`{ id: _id, ...rest }`) is the point of the unused name.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // A browser event listener returns its work's promise: browsers ignore it, and the fake
      // browser's trigger() in the tests awaits it.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false } },
      ],
    },
  },
  {
    // Plain JavaScript (the node scripts in .mjs, the configs): no types to check.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'entrypoints/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // Written for the React Compiler, which memoizes renders; Preact has none, and a page
      // reads the clock as it renders to say how long ago or how soon.
      'react-hooks/purity': 'off',
      // Also the React Compiler's: a ref read or written as a page renders (a memo that outlives
      // renders) is plain code in Preact, which renders each change once and in order.
      'react-hooks/refs': 'off',
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // Tests' callbacks and fakes of async APIs are async by their signature, awaited or not.
      '@typescript-eslint/require-await': 'off',
      // Tests read JSON (manifests, exported files, stored data) as `any` and vitest's asymmetric
      // matchers (expect.any, objectContaining) are `any` by design: the expect() is the check.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
