import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// The engine (src/sim) is pure and deterministic: no UI layers, no DOM d3, no wall clock, no randomness;
// the view maths (src/viz) are pure functions of the trace: no clock, no randomness, no DOM d3.
const simRestrictedImports = {
  patterns: [
    {
      group: ['react', 'react-*', 'react/*', 'zustand', 'zustand/*'],
      message: 'src/sim is pure: no React or Zustand.',
    },
    {
      group: ['**/ui/**', '**/state/**', '**/viz/**'],
      message: 'src/sim must not import the view layers.',
    },
    {
      group: ['d3', 'd3-selection', 'd3-zoom', 'd3-drag', 'd3-transition', 'd3-brush'],
      message: 'src/sim: no DOM-touching d3.',
    },
  ],
};
// The app reaches the engine only through its public surface, src/sim/index.ts (type imports too).
const engineSurfaceOnly = {
  group: ['**/sim/**', '!**/sim/index', '!**/sim/index.ts'],
  message: 'Import the engine through src/sim/index.ts (add the export there).',
};
const wallClock = [
  { name: 'Date', message: 'virtual time only: no Date.' },
  { name: 'performance', message: 'virtual time only: no performance.' },
  { name: 'setTimeout', message: 'the engine owns time: no timers.' },
  { name: 'setInterval', message: 'the engine owns time: no timers.' },
  { name: 'requestAnimationFrame', message: 'the engine owns time: no timers.' },
];
// The engine runs in Node and in a worker as well as the page: no DOM, no ambient entropy.
const noHostGlobals = [
  { name: 'document', message: 'src/sim has no DOM.' },
  { name: 'window', message: 'src/sim has no DOM.' },
  { name: 'crypto', message: 'src/sim: use the seeded PRNG in core/prng.' },
  { name: 'queueMicrotask', message: 'src/sim owns time: no microtasks.' },
];
const noRandomOrClock = [
  { object: 'Math', property: 'random', message: 'use the seeded PRNG in core/prng.' },
  { object: 'Date', property: 'now', message: 'no wall clock: virtual time only.' },
  { object: 'globalThis', property: 'Date', message: 'no wall clock: virtual time only.' },
  { object: 'globalThis', property: 'performance', message: 'no wall clock: virtual time only.' },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'test-results', 'playwright-report', 'eslint.config.js', 'bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json', './tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  reactHooks.configs.flat.recommended,
  {
    files: ['src/sim/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', simRestrictedImports],
      'no-restricted-globals': ['error', ...wallClock, ...noHostGlobals],
      'no-restricted-properties': ['error', ...noRandomOrClock],
    },
  },
  {
    files: ['src/state/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [engineSurfaceOnly] }] },
  },
  {
    // Readers of real kubelet output and trace exporters: pure, run in Node, a worker and the page.
    files: ['src/replay/**/*.ts', 'src/export/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'zustand', 'zustand/*', '**/ui/**', '**/state/**'],
              message: 'src/replay and src/export are pure: no UI or store.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'pure: the year and times are passed in.' },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'performance', message: 'pure: no clock.' },
        { name: 'document', message: 'pure: no DOM.' },
        { name: 'window', message: 'pure: no DOM.' },
      ],
    },
  },
  {
    files: ['src/viz/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'zustand', '**/ui/**', '**/state/**'],
              message: 'src/viz is DOM-free view maths.',
            },
            engineSurfaceOnly,
            {
              group: ['d3-selection', 'd3-transition', 'd3-zoom', 'd3-drag', 'd3-brush'],
              message: 'src/viz is DOM-free view maths: no DOM-touching d3.',
            },
          ],
        },
      ],
      // View maths are pure functions of the trace and the cursor: no clock, no randomness.
      'no-restricted-globals': ['error', ...wallClock],
      'no-restricted-properties': ['error', ...noRandomOrClock],
    },
  },
);
