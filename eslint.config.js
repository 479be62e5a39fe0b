// ESLint for the whole tree (`npm run lint`, part of `npm test`); formatting is Prettier's (.prettierrc.json).
// typescript-eslint's recommended rules without type information, to stay fast.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  // Besides node_modules: build output, generated code, test output and deliberately broken fixtures.
  globalIgnores(['dist/', 'build/', 'site/generated/', 'test-results/', 'playwright-report/', 'outbox/', '.outbox/', '.bench/', '.screenshots/', 'tests/fixtures/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    // The plain JavaScript files (bin/, configs, a bench helper) run in Node.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Playwright reads the fixtures a test, fixture or hook needs from its first parameter's destructuring:
    // one that needs none must write `{}`.
    files: ['tests/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    rules: {
      // Warnings do not fail `eslint .`: the hooks rules that only warn by default fail the lint here.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
      // `_name` marks a parameter or destructured value that is deliberately unused (e.g. `{ type: _type, ...props }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
)
