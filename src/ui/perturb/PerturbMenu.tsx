/**
 * The perturbation menu: opened by a right click or a long press on a container's
 * span, by the Inspector's "Perturb…" button, or by the context-menu key (or
 * Shift+F10) with a container selected. Each item adds a fault or an action at the
 * cursor; the run forks there and the cursor stays. A WAI-ARIA menu: arrows move,
 * Enter picks, Escape closes and gives focus back.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  containerSpecOf,
  CPU_QUANTITY,
  cpuRequestOf,
  perturb,
  PERTURBATIONS,
  unavailable,
  noEffect,
  withCpuRequest,
  cpuRequestProblem,
  type PerturbationItem,
} from '../../state/perturbations';
import type { Scenario, SimulationRun } from '../../sim';
import { formatClock } from '../../viz/formatTime';
import { useApp, useAppStore } from '../app/storeContext';

const MENU_W = 300;

export function PerturbMenu() {
  const store = useAppStore();
  const menu = useApp((s) => s.perturbMenu);
  const scenario = useApp((s) => s.scenario);
  const ref = useRef<HTMLDivElement>(null);
  const returnTo = useRef<Element | null>(null);
  // The CPU request form, for the menu it was opened in (a new menu starts without it).
  const [cpuDraft, setCpuDraft] = useState<{ menu: object; value: string } | null>(null);
  const cpuForm = menu && cpuDraft?.menu === menu ? cpuDraft.value : null;
  const setCpuForm = (value: string) => menu && setCpuDraft({ menu, value });
  const [pos, setPos] = useState({ left: 0, top: 0 });
  // A pointer picks an item only if it was pressed inside the open menu: the finger that
  // opened it with a long press lifts over an item, and that lift must choose nothing.
  const pressedInside = useRef(false);

  useEffect(() => {
    if (!menu) return;
    returnTo.current = document.activeElement;
    pressedInside.current = false;
  }, [menu]);

  // Keep the menu on screen; focus its first item.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!menu || !el) return;
    const h = el.offsetHeight;
    setPos({
      left: Math.max(4, Math.min(menu.x, window.innerWidth - MENU_W - 4)),
      top: Math.max(4, Math.min(menu.y, window.innerHeight - h - 4)),
    });
    el.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [menu]);

  useEffect(() => {
    if (!menu) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close(false);
    };
    window.addEventListener('pointerdown', onDown, true);
    return () => window.removeEventListener('pointerdown', onDown, true);
  });

  if (!menu || !scenario) return null;
  const spec = menu.container ? containerSpecOf(scenario, menu.container) : undefined;
  const items = PERTURBATIONS.filter((p) => !p.perContainer || menu.container !== undefined);
  const who = menu.container ?? menu.pod;

  function close(restoreFocus = true) {
    store.getState().openPerturbMenu(null);
    const back = returnTo.current;
    if (restoreFocus && back instanceof HTMLElement && back.isConnected) back.focus();
  }

  function apply(item: PerturbationItem) {
    const st = store.getState();
    const t = st.timeMs;
    if (item.kind === 'CpuRequest') {
      setCpuForm(cpuRequestOf(scenario!, menu!.container!) ?? '');
      return;
    }
    const raw = st.run?.raw as SimulationRun | undefined;
    let next: Scenario | undefined;
    st.editScenario(
      (s) =>
        (next = perturb(
          s,
          item.kind as Exclude<typeof item.kind, 'CpuRequest'>,
          { pod: menu!.pod, ...(menu!.container ? { container: menu!.container } : {}) },
          t,
          raw,
        )),
    );
    said(`At ${formatClock(t)}: ${item.label.replace(/…$/, '')} (${who}).`, next);
    close();
  }

  function said(text: string, forScenario: Scenario | undefined) {
    // Under Compare, say which run forked.
    const run = menu?.run === 'B' ? 'Run B: ' : store.getState().compare ? 'Run A: ' : '';
    // A phone has no Ctrl+Z: the Undo button is the way back there.
    const undo = window.matchMedia?.('(pointer: coarse)').matches
      ? 'Undo takes it back.'
      : 'Undo (Ctrl+Z) takes it back.';
    store.getState().setNotice({
      tone: 'info',
      text: `${run}${text} ${undo}`,
      ...(forScenario ? { forScenario } : {}),
    });
  }

  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    const list = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = list.indexOf(document.activeElement as HTMLElement);
    const go = (j: number) => list[(j + list.length) % list.length]?.focus();
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      close(false);
    } else if (cpuForm === null) {
      if (e.key === 'ArrowDown') go(i + 1);
      else if (e.key === 'ArrowUp') go(i < 0 ? -1 : i - 1);
      else if (e.key === 'Home') go(0);
      else if (e.key === 'End') go(-1);
      else return;
      e.preventDefault();
    }
  }

  const cpuWellFormed = cpuForm !== null && CPU_QUANTITY.test(cpuForm.trim());
  // ValidateResourceRequirements: the API server refuses a request above its limit.
  const cpuRefused =
    cpuWellFormed && scenario && menu?.container
      ? cpuRequestProblem(scenario, menu.container, cpuForm.trim())
      : null;
  const cpuValid = cpuWellFormed && cpuRefused === null;
  return (
    <div
      ref={ref}
      className="perturb-menu"
      role="menu"
      aria-label={`Perturb ${who}`}
      style={{ left: pos.left, top: pos.top, width: MENU_W }}
      onKeyDown={onKey}
      onContextMenu={(e) => e.preventDefault()}
      onPointerDown={() => {
        pressedInside.current = true;
      }}
    >
      <div className="perturb-head" aria-hidden="true">
        {who} · at {formatClock(store.getState().timeMs)}
      </div>
      {cpuForm === null ? (
        items.map((item) => {
          const why =
            unavailable(item.kind, spec) ??
            noEffect(
              item.kind,
              store.getState().run?.raw as SimulationRun | undefined,
              menu.container,
              store.getState().timeMs,
            );
          return (
            <button
              key={item.kind}
              type="button"
              role="menuitem"
              className="perturb-item"
              aria-disabled={why !== null}
              tabIndex={-1}
              onClick={(e) => {
                // detail 0: Enter or Space from the keyboard, always a choice.
                if (e.detail > 0 && !pressedInside.current) return;
                if (why === null) apply(item);
              }}
            >
              <span className="perturb-label">{item.label}</span>
              <span className="perturb-hint">{why ?? item.hint}</span>
            </button>
          );
        })
      ) : (
        <form
          className="perturb-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!cpuValid) return;
            const cpu = cpuForm.trim();
            let next: Scenario | undefined;
            store.getState().editScenario((s) => (next = withCpuRequest(s, menu.container!, cpu)));
            said(`${menu.container} now requests ${cpu} CPU; the pod was re-run with it.`, next);
            close();
          }}
        >
          <label className="field">
            <span className="field-label">CPU request</span>
            <input
              autoFocus
              value={cpuForm}
              aria-invalid={!cpuValid}
              aria-describedby="perturb-cpu-help"
              onChange={(e) => setCpuForm(e.currentTarget.value)}
              size={8}
            />
          </label>
          <p id="perturb-cpu-help" className="perturb-hint">
            {cpuRefused !== null
              ? `The API server would refuse it: ${cpuRefused}.`
              : cpuValid
                ? 'A limit equal to the request follows it, so a Guaranteed pod stays Guaranteed.'
                : 'A CPU quantity: 2, 1.5 or 500m.'}
          </p>
          <div className="perturb-form-buttons">
            <button type="button" className="text-btn" onClick={() => close()}>
              Cancel
            </button>
            <button type="submit" className="text-btn text-btn-primary" disabled={!cpuValid}>
              Apply
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
