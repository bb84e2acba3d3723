/**
 * Opening a link: the part of the address bar's session that needs the engine's link
 * decoder and scenario parser (the YAML parser, the schema), so it is its own module,
 * imported lazily by the page (permalinkSession.ts holds the light part, currentLink.ts
 * the encoder, which Copy link needs at once).
 */
import { decodePermalink, DEFAULT_PRESET_ID } from '../sim';
import { presetIdByName } from './presetTitles';
import { applyViewState, compareParam } from './permalinkSession';
import { after, type RunOutcome } from './slices/scenarioSlice';
import type { AppStore } from './store';
import type { Scenario } from './types';

/** The bundled preset a scenario came from, by name, for the Scenario picker. */
export function presetIdOf(s: Scenario): string {
  return presetIdByName(s.metadata.name);
}

/**
 * Opens a link: its scenario and view, or, when it cannot be opened, the default
 * scenario with a banner saying why. Never throws.
 */
/** What a broken link falls back to: the default scenario, or the preset the address names. */
function shownInstead(preset: string): string {
  return preset === DEFAULT_PRESET_ID ? 'the default scenario' : `the preset "${preset}"`;
}

export function openLink(
  store: AppStore,
  link: string,
  fallbackPreset: string,
): boolean | Promise<boolean> {
  const d = decodePermalink(link);
  const st = store.getState();
  if (!d.ok) {
    st.loadPreset(fallbackPreset);
    st.setNotice({
      tone: 'error',
      text: `This link could not be opened, so ${shownInstead(fallbackPreset)} is shown instead. ${d.reason}`,
    });
    return false;
  }
  return after(st.setScenario(d.scenario, presetIdOf(d.scenario)), (outcome) => {
    // Something newer (a preset picked meanwhile) replaced the link's run: leave it be.
    if (outcome === 'dropped') return false;
    if (outcome === 'failed' || store.getState().scenario !== d.scenario) {
      st.loadPreset(fallbackPreset);
      st.setNotice({
        tone: 'error',
        text: `The scenario in this link could not be run, so ${shownInstead(fallbackPreset)} is shown instead. ${store.getState().runError ?? ''}`.trim(),
      });
      return false;
    }
    // Compare's run B travels as a second scenario (`&b=`); links without it open one run.
    const notes = [...d.warnings];
    const b = compareParam(link);
    const db = b === null ? null : decodePermalink(`#s=${b}`);
    const refuse = (why: string, more = '') => {
      void st.setCompare(null);
      notes.push(`Run B in this link could not be ${why}, so only run A is shown.${more}`);
    };
    let ranB: RunOutcome | Promise<RunOutcome> = 'ran';
    if (db === null) void st.setCompare(null);
    else if (!db.ok) refuse('opened', ` ${db.reason}`);
    else
      ranB = after(st.setCompareScenario(db.scenario), (o) => {
        if (o === 'failed') refuse('run');
        return o;
      });
    return after(ranB, () => {
      store.setState({ past: [], future: [] });
      applyViewState(store, d.view);
      if (d.format < 1) notes.unshift('This link was made by an older version and was upgraded.');
      st.setNotice(notes.length ? { tone: 'warning', text: notes.join(' ') } : null);
      return true;
    });
  });
}
