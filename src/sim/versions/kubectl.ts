/**
 * kubectl describe of each version's era, where it differs from today's: the Events section
 * (v1.3: pkg/kubectl/describe.go DescribeEvents of May 2016, minikube @
 * 9fae621dd6403b3f5b1a719c7deb26115168139b: FirstSeen/LastSeen/Count/From/SubobjectPath columns,
 * From as %v of api.EventSource "{kubelet node-1}", ages by shortHumanDuration; the CRI
 * releases by their DescribeEra (versions/changelog/describe.ts): From "kubelet, node-1" and the
 * scheduler's Age "<unknown>" in 1.18's kubectl, the field path before a container's message
 * from 1.35) and the pod conditions 1.3 reported (no ContainersReady).
 */
import { ageSince, apiSeconds } from '../core/time';
import type { EventRow } from '../views/events';
import type { KubeletVersionName } from './names';
import type { DescribeEra } from './changelog/types';

export type { EventRow };

/** resource_printer.go shortHumanDuration (v1.3). */
function shortHumanDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 0) return '0s';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h`;
  if (h < 24 * 364) return `${Math.floor(h / 24)}d`;
  return `${Math.floor(h / (24 * 365))}y`;
}

/** An event's From column as the version's kubectl printed its source. */
export function eventFrom(
  version: KubeletVersionName,
  era: DescribeEra,
  source: string,
  nodeName: string,
): string {
  if (version === '1.3') return `{${source} ${source === 'kubelet' ? nodeName : ''}}`;
  // formatEventSource: "<component>, <host>"; the kubelet's events carry the node as host.
  if (!era.eventFromWithoutHost) return source === 'kubelet' ? `kubelet, ${nodeName}` : source;
  return source;
}

/**
 * An event's Age column (Type/Reason/Age layout). kubectl 1.18 read only the core/v1 counts and
 * timestamps (DescribeEvents: FirstTimestamp, or LastTimestamp and Count when Count > 1); the
 * 1.18 scheduler wrote its events through events.k8s.io/v1beta1 (client-go tools/events sets
 * EventTime, not FirstTimestamp), so its Scheduled event's Age read "<unknown>"
 * (translateTimestampSince of a zero time). kubectl 1.34 falls back to EventTime.
 */
export function eventAge(era: DescribeEra, e: EventRow, now: number): string {
  if (!era.eventAgeFromEventTime && e.source === 'default-scheduler') return '<unknown>';
  return e.count > 1
    ? `${ageSince(now, e.lastSeen)} (x${e.count} over ${ageSince(now, e.firstSeen)})`
    : ageSince(now, e.firstSeen);
}

/** The Events section's lines (before the tabwriter), for a kubelet version's kubectl. */
export function describeEventsLines(
  version: KubeletVersionName,
  era: DescribeEra,
  events: readonly EventRow[],
  now: number,
  nodeName: string,
  indent: string,
): string[] {
  const from = (source: string) => eventFrom(version, era, source, nodeName);
  if (version === '1.3') {
    const out = [
      'Events:',
      `${indent}FirstSeen\tLastSeen\tCount\tFrom\tSubobjectPath\tType\tReason\tMessage`,
      `${indent}---------\t--------\t-----\t----\t-------------\t--------\t------\t-------`,
    ];
    for (const e of events)
      out.push(
        `${indent}${shortHumanDuration(now - apiSeconds(e.firstSeen))}\t${shortHumanDuration(now - apiSeconds(e.lastSeen))}\t${e.count}\t${from(e.source)}\t${e.fieldPath ?? ''}\t${e.type}\t${e.reason}\t${e.message.trim()}`,
      );
    return out;
  }
  const out = [
    'Events:',
    `${indent}Type\tReason\tAge\tFrom\tMessage`,
    `${indent}----\t------\t----\t----\t-------`,
  ];
  for (const e of events) {
    // kubectl 1.35+: a container's event message starts with its field path.
    const message =
      era.eventFieldPathPrefix && e.fieldPath
        ? `${e.fieldPath}: ${e.message.trim()}`
        : e.message.trim();
    out.push(
      `${indent}${e.type}\t${e.reason}\t${eventAge(era, e, now)}\t${from(e.source)}\t${message}`,
    );
  }
  return out;
}

/**
 * The pod condition types a kubelet version reported: 1.3 had no ContainersReady; the CRI
 * kubelets' statuses hold the conditions their gates give (PodReadyToStartContainers from 1.29).
 */
export function reportedCondition(version: KubeletVersionName, type: string): boolean {
  if (version === '1.3') return ['Initialized', 'Ready', 'PodScheduled'].includes(type);
  return true;
}
