/**
 * The probe results a computation read, noted as it reads them (key, value, key, value…), so a
 * memo of its result can tell later whether it would read the same: generateAPIPodStatus and
 * computePodActions each keep their last result per pod while these hold.
 */
import type { KubeletDomain } from './types';

export type ProbeReads = (string | undefined)[];

/** `d.probeResults[key]`, noted in `reads`. */
export function readProbe(d: KubeletDomain, key: string, reads: ProbeReads): string | undefined {
  const r = d.probeResults[key];
  reads.push(key, r);
  return r;
}

/** Whether every probe result in `reads` is still the one read. */
export function probeReadsHold(reads: ProbeReads, d: KubeletDomain): boolean {
  for (let i = 0; i < reads.length; i += 2)
    if (d.probeResults[reads[i]!] !== reads[i + 1]) return false;
  return true;
}
