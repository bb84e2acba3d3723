/** `?`: the keys, Perfetto-style, in a modal dialog that Esc closes. */
import { useEffect, useRef } from 'react';
import { useApp, useAppStore } from './storeContext';

/**
 * Every key the app handles (useShortcuts, the CPU grid, the perturbation menu, the
 * editor). Home, End and Space work wherever focus is except in a text field; Space
 * still presses a focused button.
 */
export const KEYS: readonly (readonly [string, string])[] = [
  ['Space', 'Play / pause (Play at the end starts again)'],
  ['← / →', 'Step back / forward (under Compare, through both runs’ steps)'],
  ['Home / End', 'Jump to start / end'],
  ['B', "Jump to the preset's bookmark"],
  ['W / S', 'Zoom in / out (about the playhead)'],
  ['A / D', 'Pan left / right'],
  ['Ctrl + wheel, pinch', 'Zoom about the pointer'],
  ['Shift + wheel, drag', 'Pan'],
  ['Click', 'Select a span, lane or CPU'],
  ['. / ,', 'Next / previous span on the selected lane'],
  ['F', 'Fit the selection (or the whole run)'],
  ['Arrows, Enter', 'Move in the CPU diagram, select a CPU'],
  ['Shift + F10, Menu key', 'Perturb the selected container or pod'],
  ['Right click, long press', 'Perturb the span under the pointer or finger'],
  ['E', 'Edit the scenario'],
  ['Ctrl + Z', 'Undo a scenario edit'],
  ['Ctrl + Shift + Z, Ctrl + Y', 'Redo a scenario edit'],
  ['Esc', 'Close a menu, the editor or this help; clear the selection'],
  ['?', 'This help'],
];

export function HelpOverlay() {
  const store = useAppStore();
  const open = useApp((s) => s.helpOpen);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="help"
      aria-labelledby="help-title"
      onClose={() => store.getState().setHelpOpen(false)}
    >
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {KEYS.map(([k, what]) => (
            <tr key={k}>
              <th scope="row">
                <kbd>{k}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="text-btn">
          Close
        </button>
      </form>
    </dialog>
  );
}
