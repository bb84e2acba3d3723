/**
 * The volume operations' messages that the kubelet prints with details appended
 * (VolumeToMount.GenerateMsgDetailed: `<msg> for volume %q (UniqueName: %q) pod %q (UID: %q) `):
 * a line's message starts with one of these, followed by " for volume ". The klog tables key
 * such lines by the bare message; the replay recognises them the same way.
 */
export const DETAILED_MESSAGES = [
  'operationExecutor.VerifyControllerAttachedVolume started',
  'Starting operationExecutor.MountVolume',
  'operationExecutor.MountVolume started',
  'MountVolume.SetUp succeeded',
] as const;

export type DetailedMessage = (typeof DETAILED_MESSAGES)[number];

/** Each message as a detailed line starts (built once: every translated line is checked). */
const PREFIXES = DETAILED_MESSAGES.map((d) => `${d} for volume `);

/** The bare message a detailed line starts with, if it is one. */
export function detailedMessageOf(msg: string): DetailedMessage | undefined {
  for (let i = 0; i < PREFIXES.length; i++)
    if (msg.startsWith(PREFIXES[i]!)) return DETAILED_MESSAGES[i];
  return undefined;
}
