/** `?`: the keys, Perfetto-style, in a modal dialog that Esc closes. */
import { useEffect, useRef } from 'react';
import { useApp, useAppStore } from './storeContext';

const KEYS: [string, string][] = [
  ['Space', 'Play / pause'],
  ['← / →', 'Step back / forward'],
  ['Home / End', 'Jump to start / end'],
  ['W / S', 'Zoom in / out (about the playhead)'],
  ['A / D', 'Pan left / right'],
  ['Ctrl + wheel', 'Zoom about the pointer'],
  ['Shift + wheel, drag', 'Pan'],
  ['Click', 'Select a span, lane or CPU'],
  ['. / ,', 'Next / previous span on the selected lane'],
  ['F', 'Fit the selection (or the whole run)'],
  ['Esc', 'Clear the selection'],
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
