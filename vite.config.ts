/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';

export default defineConfig({
  // Relative asset paths: dist/ works from any path prefix on a static host.
  base: './',
  plugins: [
    react(),
    // `ANALYZE=1 npx vite build` writes what each chunk holds (gzip per module) to stats.html.
    ...(process.env.ANALYZE
      ? [
          visualizer({
            filename: process.env.ANALYZE_OUT ?? 'stats.html',
            gzipSize: true,
            template: process.env.ANALYZE_TEMPLATE === 'raw-data' ? 'raw-data' : 'treemap',
          }),
        ]
      : []),
  ],
  build: {
    rolldownOptions: {
      // The engine (src/sim) is pure: importing a module does nothing but define things, so a
      // view helper taken from its index brings only what it uses, not the whole engine.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/src/sim/') },
    },
  },
  // The engine's worker (src/state/engine) is an ES module like the page.
  worker: { format: 'es' },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
