/** Applies a form's edit through the schema; says why when the edit is refused. */
import { useState } from 'react';
import { checkEdited } from '../../state/podTemplates';
import { after, type RunOutcome } from '../../state/slices/scenarioSlice';
import { useAppStore } from '../app/storeContext';

type Input = Record<string, unknown>;

export function useCheckedEdit(): {
  error: string | null;
  /** `here`: show the refusal by the field instead of at the form's end. */
  apply: (
    edit: (input: Input) => Input,
    here?: (message: string) => void,
    ran?: (outcome: RunOutcome) => void,
  ) => boolean;
} {
  const store = useAppStore();
  const [error, setError] = useState<string | null>(null);
  /** `ran` hears what became of the run (it lands later when the engine is a worker). */
  const apply = (
    edit: (input: Input) => Input,
    here?: (message: string) => void,
    ran?: (outcome: RunOutcome) => void,
  ) => {
    const st = store.getState();
    if (!st.scenario) return false;
    const r = checkEdited(st.scenario, edit);
    if (!r.ok) {
      if (here) here(r.message);
      else setError(r.message);
      return false;
    }
    setError(null);
    const outcome = st.replaceScenario(r.scenario);
    if (ran) void after(outcome, ran);
    return true;
  };
  return { error, apply };
}

/** input.node (a copy), for forms that edit the node. */
export function nodeOf(input: Input): Input {
  return { ...((input.node as Input | undefined) ?? {}) };
}

/** Why the last edit of a form was refused, where the form ends. */
export function FormError({ error }: { readonly error: string | null }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      Not applied: {error}
    </p>
  );
}
