import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// docs/architecture.md §3: app → features → components, lib; a feature reaches another only through its api/.
const layering = [
  { target: './src/components', from: ['./src/features', './src/app'], message: 'components/ is shared: it must not import features or app.' },
  { target: './src/lib', from: ['./src/features', './src/app', './src/components'], message: 'lib/ is the bottom layer.' },
  { target: './src/features', from: './src/app', message: 'features must not import app/.' },
  { target: './src', from: './server', message: 'src/ never imports server/.' },
  { target: './server', from: './src', message: 'server/ never imports src/.' },
  { target: './supabase/functions/_shared', from: ['./src', './server'], message: 'Shared function code stands alone (it runs on Deno too).' },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/api`)],
    message: 'A feature uses another feature only through its api/ hooks.',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', '.scratch', 'test-results', 'playwright-report', 'supabase/functions/*/index.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': ['error', { zones: layering }],
      'no-console': 'off',
    },
  },
  {
    // Failure toasts stay until dismissed: every toast goes through src/lib/toast.ts. And zod runs
    // without eval (the pages' CSP forbids it): the app imports it from src/lib/zod.ts.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/toast.ts', 'src/lib/zod.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'sonner', importNames: ['toast'], message: "Import toast from '@/lib/toast': a failure toast stays until dismissed." },
            { name: 'zod', allowTypeImports: true, message: "Import z from '@/lib/zod': it runs without eval, as the pages' CSP requires." },
          ],
        },
      ],
    },
  },
  {
    // Every assertion can fail (issue 32): `expect(a ?? b).toBeTruthy()` passes on an error and on
    // any answer alike; a test waits for a condition or moves a fake clock, never for a fixed time.
    files: ['tests/**/*.ts', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'supabase/functions/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined|toBeFalsy)$/] > MemberExpression > CallExpression[callee.name='expect'] > LogicalExpression.arguments",
          message: 'An assertion on `a ?? b` or `a || b` passes either way: assert what is expected of each.',
        },
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: 'No fixed waits: await a condition, or move the page clock (page.clock).',
        },
        {
          // A pause as a statement of its own; a polling loop's pause (in the loop's body) is how it awaits its condition.
          selector: "BlockStatement:not(:matches(WhileStatement, DoWhileStatement, ForStatement, ForOfStatement, ForInStatement) > BlockStatement) > ExpressionStatement > AwaitExpression > NewExpression[callee.name='Promise']:has(CallExpression[callee.name='setTimeout'])",
          message: 'No fixed sleeps: await a condition (findBy, waitFor, a loop on it) or move a fake clock. Only where nothing can be awaited (checking that something does not happen), say why in an eslint-disable comment.',
        },
      ],
    },
  },
);
