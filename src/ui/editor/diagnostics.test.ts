import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';
import { toDiagnostics } from './ScenarioEditor';

describe('editor diagnostics', () => {
  const state = EditorState.create({ doc: 'a: 1\nbb: [\n  c: 2\n' });

  it('puts a problem at its line and column', () => {
    const [d] = toDiagnostics(state, [{ line: 2, column: 5, message: 'flow sequence not closed' }]);
    expect(state.doc.sliceString(d!.from, d!.to)).toBe('[');
    expect(d!.message).toBe('flow sequence not closed');
  });

  it('keeps out-of-range positions inside the document', () => {
    const ds = toDiagnostics(state, [{ line: 99, message: 'x' }, { message: 'no line' }]);
    expect(ds[0]!.from).toBeLessThanOrEqual(state.doc.length);
    expect(ds[1]!.from).toBe(0);
  });
});
