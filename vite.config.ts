/// <reference types="vitest/config" />
import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { presetScenarios } from './scripts/presetScenarios.ts';

// The engine (src/sim) is pure: importing a module does nothing but define things, so a
// view helper taken from its index brings only what it uses, not the whole engine.
const treeshake = { moduleSideEffects: (id: string) => !id.includes('/src/sim/') };

export default defineConfig({
  // Relative asset paths: dist/ works from any path prefix on a static host.
  base: './',
  plugins: [
    react(),
    presetScenarios(),
    // `ANALYZE=1 npx vite build` writes what each chunk holds (gzip per module) to stats.html.
    ...(process.env.ANALYZE
      ? [
          visualizer({
            filename: process.env.ANALYZE_OUT ?? 'stats.html',
            gzipSize: true,
            template: process.env.ANALYZE_TEMPLATE === 'raw-data' ? 'raw-data' : 'treemap',
          }) as PluginOption,
        ]
      : []),
  ],
  build: { rolldownOptions: { treeshake } },
  // The engine's worker (src/state/engine) is an ES module like the page.
  worker: {
    format: 'es',
    plugins: () => [
      presetScenarios(),
      ...(process.env.ANALYZE
        ? [
            visualizer({
              filename: `${process.env.ANALYZE_OUT ?? 'stats.html'}.worker`,
              gzipSize: true,
              template: process.env.ANALYZE_TEMPLATE === 'raw-data' ? 'raw-data' : 'treemap',
            }) as PluginOption,
          ]
        : []),
    ],
    rolldownOptions: { treeshake },
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/bench/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/setup/kubelets.ts'],
    testTimeout: 20_000,
  },
});
