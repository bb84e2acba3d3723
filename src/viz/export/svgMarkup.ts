/**
 * SVG as text for the exported pictures. Every piece of text (a scenario's name, a
 * container's name: the user's words) goes through `esc`, so nothing a user typed can
 * become markup; numbers are rounded so the files stay small and diff well.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text and attribute values, XML-escaped; characters XML 1.0 forbids are dropped. */
export function esc(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (c) => ENTITIES[c]!)
  );
}

/** A number for an attribute: at most 2 decimals. */
export const n = (v: number): string => String(Math.round(v * 100) / 100);

/** The caption both pictures carry: the scenario's name and the cursor's time. */
export function captionText(scenarioName: string, cursorLabel: string): string {
  return `${scenarioName} — cursor at ${cursorLabel}`;
}
