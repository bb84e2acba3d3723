/**
 * A moment of a run named by what happens at it, not by a time: the nth Kubernetes Event with a
 * reason, the nth step at which a machine enters a state (or takes an event), the nth probe
 * result, the nth cpuset written into a container's create request. A scenario's
 * `metadata.moment` (its bookmark) and the tours' steps use it, so engine timing changes cannot
 * make them point at a sync tick.
 */
import { z } from 'zod';

const name = z.string().min(1).max(200);
const containerKey = z
  .string()
  .regex(/^[^/\s]+\/[^/\s]+\/[^/\s]+$/, 'a container is "ns/pod/name"');
const podKey = z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'a pod is "ns/pod"');
const nth = z.number().int().min(1).max(1000).optional();

export const momentSchema = z.union([
  /** The nth Event with this reason (of this container or pod), as kubectl describe lists it. */
  z.strictObject({
    event: z.strictObject({
      reason: name,
      container: containerKey.optional(),
      pod: podKey.optional(),
      nth,
    }),
  }),
  /**
   * The nth step at which this machine enters this state ("starting", "runtime.creatingSandbox"),
   * or takes this event (`on: CONFIG`: the sync loop's SyncLoop ADD, a self-transition).
   */
  z
    .strictObject({ machine: name, enters: name.optional(), on: name.optional(), nth })
    .refine(
      (m) => m.enters !== undefined || m.on !== undefined,
      'a machine step needs enters or on',
    ),
  /** The nth probe the prober ran for this container with this result. */
  z.strictObject({
    probe: z.strictObject({
      container: containerKey,
      kind: z.enum(['liveness', 'readiness', 'startup']),
      result: z.enum(['Success', 'Failure', 'Unknown']),
      nth,
    }),
  }),
  /** The nth time the cpuset of this container reached its CRI config. */
  z.strictObject({ cpuset: z.strictObject({ container: containerKey, nth }) }),
  /** The nth time the pod's Ready condition turned true (the status patch `kubectl get` shows). */
  z.strictObject({ ready: z.strictObject({ pod: podKey, nth }) }),
]);
export type Moment = z.output<typeof momentSchema>;
