import { describe, expect, it, vi } from 'vitest';

vi.mock('../../replay/importPipeline', () => ({
  importText: (text: string) => {
    if (text === 'boom') throw new Error('unexpected token');
    return { ok: false, error: 'no kubelet lines' };
  },
}));

const { runImport } = await import('./runImport');

describe('runImport (inline, small input)', () => {
  it("a reader that throws becomes the import's error, not a rejection", async () => {
    await expect(runImport('boom', 2026, 'kubelet.log')).resolves.toEqual({
      ok: false,
      error: 'kubelet.log: the reader stopped (unexpected token).',
    });
  });

  it("passes the reader's own outcome through", async () => {
    await expect(runImport('text', 2026, 'paste')).resolves.toEqual({
      ok: false,
      error: 'no kubelet lines',
    });
  });
});
