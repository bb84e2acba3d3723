/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  // Relative asset paths: dist/ works from any path prefix on a static host.
  base: './',
  plugins: [react()],
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
