import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'var', 'node_modules', 'server/src/db/migrations', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{ts,js}', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The site's layers: shared components know no feature, and a feature uses another only through its public entry
  // (src/features/<name>/index.ts). Pages, app/ and the authors' area compose features freely.
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)features/', message: 'Shared components do not import features: move the part into a feature, or pass what it needs.' }] },
      ],
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)|(^|/)features/[^/]+/(?!index\\.ts$)',
              message: "Another feature is used through its public entry only: import from '../<feature>/index.ts' (and export what is needed there).",
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
