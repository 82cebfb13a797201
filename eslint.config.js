import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', '.wrangler', 'worker-configuration.d.ts', 'playwright-report', 'test-results', 'migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A domain never imports a route file: only worker/app.ts assembles routes (README "Layout").
    files: ['worker/**/*.ts'],
    ignores: ['worker/app.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(routes|[a-z-]+\\.routes)$', message: 'Routes are assembled in worker/app.ts only; import the service instead.' }] }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
