/** Reading real kubelet output (logs, kubectl output, checkpoints) into replay events. */
export { Replayer, replayText, eventRows, eventRow, unusable, MAX_DOCUMENT_CHARS } from './replay';
export type * from './types';
