/**
 * kubeGenericRuntimeManager.startContainer (kuberuntime_container.go) with
 * imageManager.EnsureImageExists and the hook runner, on the current kubelet and on 1.18 (no
 * PreCreateContainer: PreStartContainer applies the cpuset with UpdateContainerResources); on
 * 1.3, DockerManager.runContainerInPod (dockertools/docker_manager.go).
 */
import type { StepFacts } from './facts';
import { ctr, dur, type SentenceRules } from './rule';

const docker = (f: StepFacts) => f.go.dockerManager;
const took = (f: StepFacts) => (f.waited > 0 ? ` after ${dur(f.waited)}` : '');
const img = (f: StepFacts) => f.image || 'its image';
const cpusetWords = (cpuset: string) =>
  cpuset ? `cpuset ${cpuset}` : 'no cpuset (the runtime keeps its default)';

/** GetMemoryNUMANodes: cpuset.mems is written only for a container with memory blocks. */
const memsWords = (mems: string | undefined) =>
  mems ? `, and the memory manager cpuset.mems ${mems} (its NUMA nodes)` : '';

export const startContainer: SentenceRules = [
  { event: 'init', say: (f) => `SyncPod prepares ${f.go.startContainer} for ${ctr(f)}.` },
  // KubeletEnsureSecretPulledImages: PullManager.MustAttemptImagePull on a present image.
  {
    event: 'START',
    guard: 'present image needs a pull for the pod’s credentials',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): ${img(f)} is present, but MustAttemptImagePull does not find the pod's pull Secrets among the credentials that pulled it (KubeletEnsureSecretPulledImages), so the image puller pulls it again with them (Pulling).`,
  },
  {
    event: 'START',
    guard: 'pull policy is Never, so the unchecked image fails',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): ${img(f)} is present but not verified for the pod's credentials, and imagePullPolicy Never forbids the pull (ErrImageNeverPull).`,
  },
  {
    event: 'START',
    guard: 'in image back-off before the credential pull',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): ${img(f)} needs a pull for the pod's credentials but is in pull back-off (ImagePullBackOff): the start fails without a pull.`,
  },
  {
    event: 'START',
    guard: 'image present and pull policy is not Always',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): EnsureImageExists finds ${img(f)} already present and imagePullPolicy is not Always: no pull.`,
  },
  {
    event: 'START',
    guard: 'in image back-off',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): ${img(f)} is in pull back-off (ImagePullBackOff): the start fails without a pull.`,
  },
  {
    event: 'START',
    guard: 'pull policy is Never',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): ${img(f)} is not present and imagePullPolicy is Never (ErrImageNeverPull).`,
  },
  {
    event: 'START',
    guard: 'image name does not parse',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): "${img(f)}" is no valid image reference (InvalidImageName).`,
  },
  {
    event: 'START',
    say: (f) =>
      `${f.go.startContainer}(${ctr(f)}): EnsureImageExists finds ${img(f)} missing and asks the image puller to pull it (Pulling).`,
  },
  {
    from: 'imageFailed',
    say: (f) =>
      `${f.go.startContainer} returns the image error for ${ctr(f)} to SyncPod, which goes on.`,
  },
  {
    from: 'imagePresent',
    to: 'generatingConfig',
    say: (f) =>
      `generateContainerConfig for ${ctr(f)}: command, env, mounts, and CPU shares and quota ("Enforcing CFS quota").`,
  },
  {
    event: 'PULLED',
    to: 'generatingConfig',
    say: (f) =>
      `The pull of ${img(f)} returned${took(f)} (Pulled); generateContainerConfig for ${ctr(f)}.`,
  },
  {
    event: 'PULL_FAILED',
    say: (f) =>
      `The pull of ${img(f)} failed (ErrImagePull): ${f.go.startContainer} returns the error; the image enters its pull back-off.`,
  },
  {
    from: 'generatingConfig',
    guard: 'container config failed',
    say: (f) =>
      `generateContainerConfig failed for ${ctr(f)} (CreateContainerConfigError, e.g. a missing ConfigMap or Secret key).`,
  },
  {
    from: 'generatingConfig',
    to: 'preCreate',
    say: (f) =>
      `PreCreateContainer: the CPU manager writes ${cpusetWords(f.record('cpuset')?.cpuset ?? '')} into ${f.container}'s create request${memsWords(f.record('cpuset')?.mems)}.`,
  },
  {
    from: 'generatingConfig',
    to: 'creating',
    say: (f) =>
      `CRI CreateContainer for ${ctr(f)} (this kubelet has no PreCreateContainer: any cpuset is applied after the create).`,
  },
  { from: 'preCreate', to: 'creating', say: (f) => `CRI CreateContainer for ${ctr(f)}.` },
  {
    from: 'creating',
    guard: 'CreateContainer failed',
    say: (f) => `CRI CreateContainer failed for ${ctr(f)}${took(f)} (CreateContainerError).`,
  },
  {
    from: 'creating',
    to: 'preStart',
    say: (f) =>
      `CreateContainer returned${took(f)}; PreStartContainer: the CPU, memory and topology managers record ${f.container} (kubelet-internal, no CRI call).`,
  },
  {
    from: 'creating',
    to: 'updatingContainerResources',
    say: (f) =>
      `CreateContainer returned${took(f)}; PreStartContainer: cpuManager.AddContainer applies ${cpusetWords(f.record('cpuset')?.cpuset ?? f.cpus)} with CRI UpdateContainerResources.`,
  },
  {
    from: 'creating',
    to: 'startingAfterPreStart',
    say: (f) =>
      `CreateContainer returned${took(f)}; PreStartContainer: the CPU manager holds no cpuset for ${f.container} (shared pool), nothing to update.`,
  },
  {
    to: 'starting',
    say: (f) => `Created; ${f.go.runtimeStart} for ${ctr(f)}.`,
  },
  {
    from: 'starting',
    guard: 'StartContainer failed',
    say: (f) =>
      `${f.go.runtimeStart} failed for ${ctr(f)}${took(f)} (RunContainerError; last state StartError, exit code 128).`,
  },
  {
    from: 'starting',
    to: 'postStart',
    say: (f) =>
      `${f.go.runtimeStart} returned${took(f)}: ${f.container} runs (Started); its PostStart hook runs now and ${f.go.startContainer} waits for it.`,
  },
  {
    from: 'starting',
    to: 'idle',
    say: (f) =>
      `${f.go.runtimeStart} returned${took(f)}: ${f.container} runs (Started); no PostStart hook, so ${f.go.startContainer} returns and SyncPod goes on.`,
  },
  {
    from: 'postStart',
    event: 'HOOK_FAILED',
    say: (f) =>
      `The PostStart hook of ${f.container} runs and its handler fails; ${f.go.startContainer} sees the error when the hook returns.`,
  },
  {
    from: 'postStart',
    guard: 'PostStart hook failed',
    say: (f) =>
      `The PostStart hook of ${f.container} failed${took(f)} (FailedPostStartHook): the kubelet kills the container.`,
  },
  {
    from: 'postStart',
    to: 'idle',
    say: (f) =>
      `PostStart hook returned${took(f)}; ${f.go.startContainer} is done for ${f.container} and SyncPod goes on with the next container.`,
  },
  {
    from: 'killingAfterHook',
    say: (f) =>
      `${f.container} is stopped after its failed PostStart hook; ${f.go.startContainer} returns its error.`,
  },
];

/** 1.3's DockerManager: the image through imagePuller.PullImage, then runContainer. */
export const dockerStartContainer: SentenceRules = [
  {
    when: docker,
    event: 'START',
    guard: 'image present and pull policy is not Always',
    say: (f) =>
      `runContainerInPod(${ctr(f)}): imagePuller.PullImage finds ${img(f)} present: no pull.`,
  },
  {
    when: docker,
    event: 'START',
    to: 'waitingForPull',
    say: (f) =>
      `runContainerInPod(${ctr(f)}): imagePuller.PullImage pulls ${img(f)} (pulling image).`,
  },
  {
    when: docker,
    event: 'PULLED',
    to: 'creating',
    say: (f) =>
      `The pull of ${img(f)} returned${took(f)}; runContainer: docker CreateContainer with CPU shares and CFS quota on the HostConfig.`,
  },
  {
    when: docker,
    from: 'imagePresent',
    to: 'creating',
    say: (f) =>
      `runContainer: docker CreateContainer for ${ctr(f)}, CPU shares and CFS quota on the HostConfig (no CPU manager in 1.3).`,
  },
  {
    when: docker,
    from: 'creating',
    guard: 'docker CreateContainer failed',
    say: (f) => `docker CreateContainer failed for ${ctr(f)}${took(f)}.`,
  },
  {
    when: docker,
    from: 'creating',
    to: 'starting',
    say: (f) =>
      `docker CreateContainer returned${took(f)} (Created, with the docker id); docker StartContainer.`,
  },
];
