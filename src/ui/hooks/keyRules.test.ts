import { describe, expect, it } from 'vitest';
import { appGetsKey, isTextField, type KeyTarget } from './keyRules';

const range: KeyTarget = { tag: 'input', type: 'range' };
const text: KeyTarget = { tag: 'input', type: 'text' };
const button: KeyTarget = { tag: 'button' };
const checkbox: KeyTarget = { tag: 'input', type: 'checkbox' };
const select: KeyTarget = { tag: 'select' };
const editor: KeyTarget = { tag: 'div', role: 'textbox', editable: true };
const cpuGrid: KeyTarget = { tag: 'svg', inWidget: true };
const panel: KeyTarget = { tag: 'div', role: 'group' };

describe('who gets a key', () => {
  it('gives Home and End to the timeline from a slider (not the speed to 1/100×)', () => {
    expect(appGetsKey('Home', range)).toBe(true);
    expect(appGetsKey('End', range)).toBe(true);
    expect(appGetsKey('Home', button)).toBe(true);
    expect(appGetsKey('End', cpuGrid)).toBe(true);
  });

  it('gives Space to the timeline from a slider, a panel and the page', () => {
    expect(appGetsKey(' ', range)).toBe(true);
    expect(appGetsKey(' ', panel)).toBe(true);
    expect(appGetsKey(' ', cpuGrid)).toBe(true);
    expect(appGetsKey(' ', null)).toBe(true);
  });

  it('leaves Space to what it presses', () => {
    expect(appGetsKey(' ', button)).toBe(false);
    expect(appGetsKey(' ', checkbox)).toBe(false);
    expect(appGetsKey(' ', { tag: 'div', role: 'menuitem' })).toBe(false);
    expect(appGetsKey(' ', { tag: 'button', role: 'tab' })).toBe(false);
  });

  it('leaves every plain key to a text field, the code editor and a select', () => {
    for (const t of [text, editor, select, { tag: 'textarea' }])
      for (const k of ['Home', 'End', ' ', 'w', 'e', '?', 'ArrowLeft'])
        expect(appGetsKey(k, t), `${k} in ${t.tag}`).toBe(false);
    expect(isTextField({ tag: 'input', type: 'number' })).toBe(true);
    expect(isTextField(range)).toBe(false);
  });

  it('leaves arrows to the controls that move with them', () => {
    expect(appGetsKey('ArrowLeft', range)).toBe(false);
    expect(appGetsKey('ArrowRight', cpuGrid)).toBe(false);
    expect(appGetsKey('ArrowUp', { tag: 'div', role: 'separator' })).toBe(false);
    expect(appGetsKey('ArrowRight', { tag: 'button', role: 'tab' })).toBe(false);
    expect(appGetsKey('ArrowRight', panel)).toBe(true);
    expect(appGetsKey('ArrowRight', button)).toBe(true);
    expect(appGetsKey('ArrowRight', null)).toBe(true);
  });

  it("leaves arrows typed in a dialog (the tour's buttons and answers) to the dialog", () => {
    const inTour: KeyTarget = { tag: 'button', inDialog: true };
    for (const k of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageDown'])
      expect(appGetsKey(k, inTour), k).toBe(false);
    // Home and End still jump, as from any button; Space presses the button.
    expect(appGetsKey('Home', inTour)).toBe(true);
    expect(appGetsKey(' ', inTour)).toBe(false);
  });

  it('gives letter shortcuts to the app outside text fields', () => {
    expect(appGetsKey('w', range)).toBe(true);
    expect(appGetsKey('?', button)).toBe(true);
    expect(appGetsKey('e', cpuGrid)).toBe(true);
  });
});
