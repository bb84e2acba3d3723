/**
 * Events as a release recorded them: the current kubelet's Events (the shared machines record
 * 1.37's texts) sorted into kinds by reason and text (EventId), and each kind's form in a
 * release, a function of the current event. The changelog's event rows give the forms from
 * each release on; 1.18's are the starting point.
 */
import type { KubeletRun } from '../../kubelet/config';
import type { KubeletDomain } from '../../kubelet/types';
import type { KubeEvent } from '../../trace/types';

export type EventIn = Omit<KubeEvent, 'step' | 't'>;

/** The kinds of Event the model records whose text some release printed otherwise. */
export type EventId =
  | 'Created'
  | 'Started'
  | 'Pulled'
  | 'PulledPresent'
  | 'BackOff'
  | 'BackOffImage'
  | 'Failed'
  | 'FailedPull'
  | 'FailedPostStartHook'
  | 'Other';

export function eventId(e: EventIn): EventId {
  switch (e.reason) {
    case 'Created':
    case 'Started':
    case 'FailedPostStartHook':
      return e.reason;
    case 'Pulled':
      return e.message.startsWith('Successfully pulled') ? 'Pulled' : 'PulledPresent';
    case 'BackOff':
      return e.message.startsWith('Back-off pulling image') ? 'BackOffImage' : 'BackOff';
    case 'Failed':
      return e.message.startsWith('Failed to pull image') ? 'FailedPull' : 'Failed';
    default:
      return 'Other';
  }
}

/** An Event's form in a release: the event it recorded instead (null: none). */
export type EventForm = (e: EventIn, run: KubeletRun, domain: KubeletDomain) => EventIn | null;

/** The container an Event is about: "spec.containers{app}" -> "app". */
export function eventContainer(e: EventIn): string {
  return /\{([^}]*)\}$/.exec(e.fieldPath ?? '')?.[1] ?? '';
}

/** "Successfully pulled image "x" in 1.2s (1.5s including waiting). Image size: N bytes." */
const PULLED =
  /^(Successfully pulled image "(?:[^"\\]|\\.)*") in (\S+) \((\S+) including waiting\)/;

/** An Event recorded as today. */
export const SAME_EVENT: EventForm = (e) => e;

export const withMessage = (e: EventIn, message: string): EventIn => ({ ...e, message });

/** 1.18: "Successfully pulled image %q" (no duration). */
export const pulledNoDuration: EventForm = (e) => {
  const m = PULLED.exec(e.message);
  return m ? withMessage(e, m[1]!) : e;
};

/** 1.19-1.25: "... in %v", time.Since the request (the waiting included). */
export const pulledSinceRequest: EventForm = (e) => {
  const m = PULLED.exec(e.message);
  return m ? withMessage(e, `${m[1]} in ${m[3]}`) : e;
};

/** 1.26-1.29: "... in %v (%v including waiting)", without the image size. */
export const pulledWithWaiting: EventForm = (e) => {
  const m = PULLED.exec(e.message);
  return m ? withMessage(e, `${m[1]} in ${m[2]} (${m[3]} including waiting)`) : e;
};
