/**
 * Who gets a key: the app (the timeline's shortcuts) or the focused element. Pure, over a
 * description of the focused element, so the rules are unit-tested without a DOM.
 *
 * - In a text field (text inputs, text areas, selects, the code editor) every plain key
 *   is the field's own.
 * - Home, End act on the timeline wherever else focus is: after touching the Speed
 *   slider, Home goes to the start instead of setting the speed to 1/100×.
 * - Space plays and pauses wherever else focus is, except on things Space presses
 *   (buttons, checkboxes, menu items, tabs), which keep it.
 * - Arrows and PageUp/PageDown stay with a control that uses them (sliders, the CPU grid,
 *   splitters, tabs, menus); on a plain button they step the timeline, but not inside a
 *   dialog (the tour's Back/Next and answers): what is typed there is the dialog's.
 */
export interface KeyTarget {
  /** Lower-case tag name ("input", "button", "svg", "div"…). */
  readonly tag: string;
  /** An input's type ("text", "range", "checkbox"…). */
  readonly type?: string;
  /** The element's role, or that of the nearest ancestor with one that matters. */
  readonly role?: string;
  readonly editable?: boolean;
  /** Inside an <svg> (the CPU grid) or a separator: arrows move there. */
  readonly inWidget?: boolean;
  /** Inside a dialog (the tour, Import): arrows move there, never the timeline. */
  readonly inDialog?: boolean;
}

const NON_TEXT_INPUTS = new Set([
  'range',
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'color',
  'file',
]);

export function isTextField(t: KeyTarget): boolean {
  if (t.editable) return true;
  if (t.tag === 'textarea' || t.tag === 'select') return true;
  if (t.tag === 'input') return !NON_TEXT_INPUTS.has(t.type ?? 'text');
  return t.role === 'textbox' || t.role === 'combobox' || t.role === 'searchbox';
}

const PRESSABLE_ROLES = new Set([
  'button',
  'checkbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'switch',
  'option',
  'link',
]);

function pressesWithSpace(t: KeyTarget): boolean {
  if (t.tag === 'button' || t.tag === 'a' || t.tag === 'summary') return true;
  if (t.tag === 'input' && t.type !== 'range') return true;
  return t.role !== undefined && PRESSABLE_ROLES.has(t.role);
}

const WIDGET_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
]);

function usesArrows(t: KeyTarget): boolean {
  // A plain button does not use arrows: ← → step the timeline after clicking one.
  return (
    t.tag === 'input' ||
    t.inWidget === true ||
    t.inDialog === true ||
    t.role === 'slider' ||
    t.role === 'separator' ||
    t.role === 'tab' ||
    t.role === 'menuitem'
  );
}

/** Whether the app's shortcut for `key` (no Ctrl/Alt/Meta) runs with focus on `t`. */
export function appGetsKey(key: string, t: KeyTarget | null): boolean {
  if (t === null) return true;
  if (isTextField(t)) return false;
  if (key === 'Home' || key === 'End') return true;
  if (key === ' ') return !pressesWithSpace(t);
  if (WIDGET_KEYS.has(key)) return !usesArrows(t);
  return true;
}

/** Describes a DOM element for the rules above. */
export function keyTargetOf(el: EventTarget | null): KeyTarget | null {
  if (typeof Element === 'undefined' || !(el instanceof Element)) return null;
  if (el === document.body || el === document.documentElement) return null;
  const role = el.getAttribute('role') ?? undefined;
  return {
    tag: el.tagName.toLowerCase(),
    ...(el instanceof HTMLInputElement ? { type: el.type } : {}),
    ...(role !== undefined ? { role } : {}),
    editable: el instanceof HTMLElement && el.isContentEditable,
    inWidget: el.closest('[role="separator"], svg') !== null,
    inDialog: el.closest('[role="dialog"]') !== null,
  };
}
