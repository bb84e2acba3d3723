/**
 * client-go's EventCorrelator (tools/record/events_cache.go), which every kubelet event passes
 * through between the recorder and the API server (EventCorrelate: EventAggregate, then
 * eventObserve, then the spam filter):
 *   - EventAggregator (EventAggregatorByReasonFunc): events of one source, object, type and
 *     reason that differ only in message; from the 10th distinct message within 600 s of the
 *     previous one, the event becomes "(combined from similar events): <message>", counted
 *     under the aggregate key;
 *   - eventLogger.eventObserve: an identical event (getEventKey: object incl. field path, type,
 *     reason, message) bumps the count of the one already recorded;
 *   - EventSourceObjectSpamFilter: a token bucket per source + object (getSpamKey: neither
 *     reason nor field path; client-go v0.32+, kubelet 1.32+, adds the event type, so a
 *     Warning stream no longer spends the Normal events' tokens), burst 25, refilled at 1/300
 *     per second; a filtered emission reaches no API object, but eventObserve has already
 *     counted it.
 * The correlator lives in the kubelet's event broadcaster (StartRecordingToSink), one per
 * process: a restarted kubelet starts with empty caches and full buckets, so its events
 * become new API objects beside the old process's.
 */
import { CURRENT_KUBELET_VERSION, type KubeletVersionName } from '../versions/names';
import { profileOf } from '../versions/changelog/profile';
import type { KubeEvent } from '../trace/types';

export const SPAM_BURST = 25;
export const SPAM_QPS = 1 / 300;
export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;
export const COMBINED_PREFIX = '(combined from similar events): ';

/** One API Event object as the correlator leaves it. */
export interface CorrelatedEvent {
  /** The cache key it is stored under (getEventKey, or the aggregate key). */
  key: string;
  type: KubeEvent['type'];
  reason: string;
  object: string;
  fieldPath: string | null;
  message: string;
  source: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
  /** Step of the latest emission that reached the API server. */
  step: number;
}

interface Aggregate {
  /** Distinct messages in insertion order (Go's PopAny is map order; we pop the oldest). */
  messages: string[];
  last: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const SEP = '\u0000';

export interface CorrelatorOptions {
  /** getSpamKey includes event.Type (client-go v0.32+, kubelet 1.32+). */
  readonly spamKeyByType?: boolean;
  /** When each kubelet process started, ascending (the first at 0): one correlator each. */
  readonly kubeletStarts?: readonly number[];
}

/** The correlator a run's kubelet had: its client-go's spam key, and one per kubelet start. */
export function correlatorOptions(run: {
  scenario: { node: { kubeletVersion?: KubeletVersionName } };
  config: { generations: readonly { startAt: number }[] };
}): CorrelatorOptions {
  const v = run.scenario.node.kubeletVersion ?? CURRENT_KUBELET_VERSION;
  return {
    // client-go v0.32 (kubelet 1.32) put the event type in the key: the changelog's behaviour.
    spamKeyByType: profileOf(v).behaviours.eventSpamKeyByType,
    kubeletStarts: run.config.generations.map((g) => g.startAt),
  };
}

export class EventCorrelator {
  private readonly aggregates = new Map<string, Aggregate>();
  private readonly observed = new Map<string, { count: number; first: number }>();
  private readonly buckets = new Map<string, Bucket>();
  /** API objects by key, in order of creation. */
  readonly objects = new Map<string, CorrelatedEvent>();

  constructor(private readonly opts: CorrelatorOptions = {}) {}

  /** The emitting process: the kubelet's events are keyed by which start of it sent them. */
  private processOf(e: Pick<KubeEvent, 't' | 'source'>): string {
    const starts = this.opts.kubeletStarts;
    if (e.source !== 'kubelet' || !starts || starts.length < 2) return e.source;
    let gen = 0;
    while (gen + 1 < starts.length && starts[gen + 1]! <= e.t) gen++;
    return `${e.source}${SEP}${gen}`;
  }

  /** One emission; returns false when the spam filter dropped it. */
  correlate(
    e: Pick<
      KubeEvent,
      'step' | 't' | 'type' | 'reason' | 'object' | 'fieldPath' | 'message' | 'source'
    >,
  ): boolean {
    // EventAggregate
    const source = this.processOf(e);
    const aggKey = [source, e.object, e.type, e.reason].join(SEP);
    const eventKey = [source, e.object, e.fieldPath ?? '', e.type, e.reason, e.message].join(SEP);
    let agg = this.aggregates.get(aggKey);
    if (!agg || e.t - agg.last > AGGREGATE_INTERVAL_MS) {
      agg = { messages: [], last: e.t };
      this.aggregates.set(aggKey, agg);
    }
    if (!agg.messages.includes(e.message)) agg.messages.push(e.message);
    agg.last = e.t;
    let key = eventKey;
    let message = e.message;
    if (agg.messages.length >= AGGREGATE_MAX_EVENTS) {
      agg.messages.shift();
      key = `agg${SEP}${aggKey}`;
      message = COMBINED_PREFIX + e.message;
    }
    // eventObserve: counts even what the spam filter is about to drop.
    const prev = this.observed.get(key);
    const obs = prev ? { count: prev.count + 1, first: prev.first } : { count: 1, first: e.t };
    this.observed.set(key, obs);
    // EventSourceObjectSpamFilter (flowcontrol token bucket, starts full).
    const spamKey = (
      this.opts.spamKeyByType ? [source, e.object, e.type] : [source, e.object]
    ).join(SEP);
    const b = this.buckets.get(spamKey) ?? { tokens: SPAM_BURST, at: e.t };
    b.tokens = Math.min(SPAM_BURST, b.tokens + ((e.t - b.at) / 1000) * SPAM_QPS);
    b.at = e.t;
    this.buckets.set(spamKey, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    // recordToSink: Patch the existing object (count, message, lastTimestamp), else Create.
    const existing = this.objects.get(key);
    if (existing) {
      existing.count = obs.count;
      existing.message = message;
      existing.lastSeen = e.t;
      existing.step = e.step;
    } else {
      this.objects.set(key, {
        key,
        type: e.type,
        reason: e.reason,
        object: e.object,
        fieldPath: e.fieldPath,
        message,
        source: e.source,
        count: obs.count,
        firstSeen: obs.first,
        lastSeen: e.t,
        step: e.step,
      });
    }
    return true;
  }
}
