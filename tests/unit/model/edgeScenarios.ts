/**
 * Small scenarios for kubelet paths that neither the presets nor the random scenarios reach:
 * each exists so a declared transition of a machine is exercised (machineCoverage.test.ts).
 */
const node = `
node:
  name: node-1
  topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 1 }
  kubelet: { cpuManagerPolicy: none }
  images:
    - { name: busybox:1.36, present: true }
  runtime: { runPodSandbox: 500ms, createContainer: 50ms, startContainer: 100ms }
`;

export const EDGE_SCENARIOS: Record<string, string> = {
  // computePodActions: restartPolicy Never and every container exited -> KillPod without
  // CreateSandbox; the runtime SyncPod ends after stopping the sandbox.
  'restartPolicy Never, the only container exits': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 30s
${node}
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: job, namespace: default }
      spec:
        restartPolicy: Never
        containers:
          - { name: work, image: busybox:1.36 }
faults:
  - { kind: ContainerExit, target: default/job/work, afterSeconds: 2, exitCode: 1, reason: Error }
`,
  // computePodActions: restartPolicy Never and the sandbox died under a running container ->
  // KillPod without CreateSandbox (the pod is not restarted); SyncPod ends after the kill.
  'restartPolicy Never, the sandbox dies': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 30s
${node}
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: job, namespace: default }
      spec:
        restartPolicy: Never
        containers:
          - { name: work, image: busybox:1.36 }
faults:
  - { kind: SandboxDied, target: default/job, afterSeconds: 3 }
`,
  // EnsureImageExists: an absent image with imagePullPolicy Never -> ErrImageNeverPull.
  'imagePullPolicy Never for an absent image': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 20s
${node}
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: offline, namespace: default }
      spec:
        containers:
          - { name: app, image: example.com/absent:1.0, imagePullPolicy: Never }
`,
  // EnsureImageExists: applyDefaultImageTag cannot parse the image -> InvalidImageName.
  'an image that is no valid reference': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 10s
${node}
pods:
  - at: 0s
    manifest:
      metadata: { name: typo, namespace: default }
      spec:
        containers:
          - { name: app, image: 'busybox:1.36:x' }
`,
  // generateContainerConfig: env names a ConfigMap key that does not exist ->
  // CreateContainerConfigError.
  'env from a missing ConfigMap key': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 10s
${node}
pods:
  - at: 0s
    manifest:
      metadata: { name: cfg, namespace: default }
      spec:
        containers:
          - name: app
            image: busybox:1.36
            env:
              - { name: LEVEL, valueFrom: { configMapKeyRef: { name: app-config, key: level } } }
configMaps:
  - { name: app-config, data: { other: x } }
`,
  // A readiness probe with initialDelaySeconds: the worker waits out the delay, then probes.
  'a readiness probe with an initial delay': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 20s
${node}
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: slow, namespace: default }
      spec:
        containers:
          - name: app
            image: busybox:1.36
            readinessProbe:
              exec: { command: [cat, /tmp/ready] }
              initialDelaySeconds: 5
              periodSeconds: 1
`,
  // A PreStop hook longer than the deletion's grace period: executePreStopHook gives up when
  // the grace period runs out ("PreStop hook not completed in grace period").
  'a PreStop hook that outlives the grace period': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 30s
${node}
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: web, namespace: default }
      spec:
        containers:
          - name: app
            image: busybox:1.36
            lifecycle:
              preStop:
                sleep: { seconds: 10 }
actions:
  - { kind: DeletePod, at: 5s, target: default/web, gracePeriodSeconds: 3 }
`,
  // KubeletEnsureSecretPulledImages: a present image pulled with another pod's Secret, for a
  // pod without it. With imagePullPolicy Never, MustAttemptImagePull's pull is forbidden
  // (ErrImageNeverPull); with IfNotPresent, the credential pull fails once and the next start
  // finds it in back-off.
  'a present image the pod may not use unchecked': `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 30s
node:
  name: node-1
  topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 1 }
  kubelet: { cpuManagerPolicy: none }
  images:
    - name: registry.example.com/app:1.0
      present: true
      pulledWith: { secrets: [{ namespace: default, name: other }] }
  runtime: { runPodSandbox: 500ms, createContainer: 50ms, startContainer: 100ms }
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: never, namespace: default }
      spec:
        containers:
          - { name: app, image: registry.example.com/app:1.0, imagePullPolicy: Never }
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: retry, namespace: default }
      spec:
        containers:
          - { name: app, image: registry.example.com/app:1.0 }
faults:
  - { kind: ImagePullError, target: default/retry/app, times: 1 }
`,
  // In-place resize (resize-burstable's pod), the paths its preset on 1.37 does not take.
  // 1.33 decides in SyncPod (handlePodResourcesResize): accepted, Deferred, Infeasible.
  'resize on 1.33, accepted in SyncPod': resize({ version: '1.33', cpu: '1' }),
  'resize on 1.33, Deferred: another pod holds the CPUs': resize({
    version: '1.33',
    cpu: '5',
    crowded: true,
  }),
  'resize on 1.33, Infeasible: above the node’s allocatable': resize({
    version: '1.33',
    cpu: '20',
  }),
  // 1.34+ decide in HandlePodUpdates: Deferred, then retried when the other pod is removed.
  'resize on 1.35, Deferred until the other pod is removed': resize({
    version: '1.35',
    cpu: '5',
    crowded: true,
    deleteOther: true,
  }),
  // A memory resize whose resizePolicy is RestartContainer: the container is killed first, so
  // SyncPod reaches the pod's resources update (UpdatePodResources) after the init step.
  'resize that restarts the container (memory, RestartContainer)': resize({
    version: '1.37',
    cpu: '1',
    memoryRestart: true,
  }),
};

/** resize-burstable's pod, its CPU request raised to `cpu` (limit 40 when crowded) at 5 s. */
function resize(o: {
  version: string;
  cpu: string;
  crowded?: boolean;
  deleteOther?: boolean;
  memoryRestart?: boolean;
}): string {
  const limit = Number(o.cpu) > 2 ? '40' : '2';
  const other = o.crowded
    ? `
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: other, namespace: default }
      spec:
        containers:
          - { name: app, image: nginx:1.27, resources: { requests: { cpu: '4' } } }`
    : '';
  const policy = o.memoryRestart
    ? `
            resizePolicy:
              - { resourceName: memory, restartPolicy: RestartContainer }`
    : '';
  const memory = o.memoryRestart ? '384Mi' : '256Mi';
  const del = o.deleteOther ? `\n  - { kind: DeletePod, at: 10s, target: default/other }` : '';
  return `
apiVersion: kubeletscope/v1
kind: Scenario
metadata: { name: edge }
seed: 1
horizon: 30s
node:
  name: node-1
  kubeletVersion: '${o.version}'
  topology: { sockets: 1, coresPerSocket: 4, threadsPerCore: 2 }
  images:
    - { name: registry.k8s.io/pause:3.10, present: true }
    - { name: nginx:1.27, present: true }
  runtime: { runPodSandbox: 800ms, createContainer: 60ms, startContainer: 120ms }
pods:
  - at: 0s
    manifest:
      apiVersion: v1
      kind: Pod
      metadata: { name: web, namespace: default }
      spec:
        containers:
          - name: app
            image: nginx:1.27
            resources:
              requests: { cpu: 500m, memory: 256Mi }
              limits: { cpu: '1', memory: 512Mi }${policy}${other}
actions:
  - kind: ResizePod
    at: 5s
    target: default/web
    containers:
      - name: app
        resources:
          requests: { cpu: '${o.cpu}', memory: ${memory} }
          limits: { cpu: '${limit}', memory: 512Mi }${del}
`;
}
