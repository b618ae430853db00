// ESLint: typescript-eslint's strict, type-checked rules over every TypeScript file; Prettier owns layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'node_modules/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Numbers read naturally in messages ("3 entries"); everything else must be made a string on purpose.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // strict forbids `!`; this stylistic rule would turn every `as T` narrowing into one, so it stays off.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
      // A leading underscore marks a value left out on purpose (`{ flags: _flags, ...rest }`).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests index into fixtures they just built; `!` there says "this exists", and a wrong guess fails the test anyway.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // The local Discord speaks the wire format: numbers where discord.js has enums, and fields Discord still sends
    // though the types mark them deprecated (channel_id, summary, color).
    files: ['test/support/discord/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-enum-assignment': 'off',
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
      '@typescript-eslint/no-deprecated': 'off',
    },
  },
  prettier,
);
