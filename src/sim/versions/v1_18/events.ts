/**
 * v1.18.6's event texts for what the shared machines record (kuberuntime and images packages of
 * KubeEdge v1.4.0's vendored v1.18.6): "Successfully pulled image %q" with no duration (the
 * duration came with PR #91563, v1.19) and the BackOff event "Back-off restarting failed
 * container" with no names (names came later, log-formats §5).
 */
import type { EventRewrite } from '../messages';

export const EVENTS_1_18: EventRewrite = (e) => {
  if (e.reason === 'Pulled' && e.message.startsWith('Successfully pulled image '))
    return { ...e, message: e.message.replace(/^(Successfully pulled image "[^"]*").*$/, '$1') };
  if (e.reason === 'BackOff' && e.message.startsWith('Back-off restarting failed container'))
    return { ...e, message: 'Back-off restarting failed container' };
  if (e.reason === 'Created' && e.message.startsWith('Created container: '))
    return { ...e, message: e.message.replace('Created container: ', 'Created container ') };
  return e;
};
