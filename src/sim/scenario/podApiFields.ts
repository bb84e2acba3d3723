/**
 * Field names of the Pod API (k8s.io/api/core/v1, types.go: Pod, ObjectMeta, PodSpec,
 * Container, ResourceRequirements, Lifecycle, LifecycleHandler, Probe and the actions),
 * so that a pod manifest is checked as `kubectl apply --validate=strict` checks it: a
 * field the API does not have is an error (`unknown field "spec.containers[0].startUpProbe"`),
 * while a real field the simulation does not model (volumes, env, tolerations…) is
 * accepted and left alone, as it is in `kubectl get pod -o yaml` output.
 */
import { z } from 'zod';

/** Fields accepted as they are (not modelled; their own contents are not checked). */
function accepted<const K extends string>(
  names: readonly K[],
): Record<K, z.ZodOptional<z.ZodUnknown>> {
  return Object.fromEntries(names.map((n) => [n, z.unknown().optional()])) as Record<
    K,
    z.ZodOptional<z.ZodUnknown>
  >;
}

/** ObjectMeta: name, namespace, uid, labels and annotations are modelled. */
export const OBJECT_META_OTHER_FIELDS = accepted([
  'generateName',
  'selfLink',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'ownerReferences',
  'finalizers',
  'managedFields',
]);

/** PodSpec fields the simulation does not model. */
export const POD_SPEC_OTHER_FIELDS = accepted([
  'volumes',
  'ephemeralContainers',
  'activeDeadlineSeconds',
  'dnsPolicy',
  'nodeSelector',
  'serviceAccountName',
  'serviceAccount',
  'automountServiceAccountToken',
  'hostPID',
  'hostIPC',
  'shareProcessNamespace',
  'securityContext',
  'imagePullSecrets',
  'hostname',
  'subdomain',
  'affinity',
  'schedulerName',
  'tolerations',
  'hostAliases',
  'priority',
  'dnsConfig',
  'readinessGates',
  'runtimeClassName',
  'enableServiceLinks',
  'preemptionPolicy',
  'overhead',
  'topologySpreadConstraints',
  'setHostnameAsFQDN',
  'os',
  'hostUsers',
  'schedulingGates',
  'resourceClaims',
]);

/** Container fields the simulation does not model. */
export const CONTAINER_OTHER_FIELDS = accepted([
  'workingDir',
  'ports',
  'volumeMounts',
  'volumeDevices',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'securityContext',
  'stdin',
  'stdinOnce',
  'tty',
]);

export const RESOURCES_OTHER_FIELDS = accepted(['claims']);
export const LIFECYCLE_OTHER_FIELDS = accepted(['stopSignal']);
export const PROBE_OTHER_FIELDS = accepted(['terminationGracePeriodSeconds']);
export const HTTP_GET_OTHER_FIELDS = accepted(['httpHeaders']);
export const TCP_SOCKET_OTHER_FIELDS = accepted(['host']);
export const GRPC_OTHER_FIELDS = accepted(['service']);
