import { describe, expect, it } from 'vitest';
import { computePodQOS, explainPodQOS, getPodQOS, type ContainerLike, type PodLike } from './qos';

const c = (
  name: string,
  requests?: Record<string, string | number>,
  limits?: Record<string, string | number>,
  restartPolicy?: string,
): ContainerLike => ({
  name,
  resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) },
  ...(restartPolicy ? { restartPolicy } : {}),
});
const pod = (containers: ContainerLike[], initContainers: ContainerLike[] = []): PodLike => ({
  spec: { containers, initContainers },
});
const g = { cpu: '1', memory: '1Gi' };

describe('QoS class (ComputePodQOS)', () => {
  it.each<[string, PodLike, string]>([
    ['no resources at all', pod([c('a')]), 'BestEffort'],
    [
      'only a non-QoS resource',
      pod([c('a', { 'nvidia.com/gpu': '1' }, { 'nvidia.com/gpu': '1' })]),
      'BestEffort',
    ],
    ['cpu and memory requests equal limits', pod([c('a', g, g)]), 'Guaranteed'],
    ['limits only: requests default to limits', pod([c('a', undefined, g)]), 'Guaranteed'],
    [
      'numbers and text mixed',
      pod([c('a', { cpu: 2, memory: '1Gi' }, { cpu: '2000m', memory: '1024Mi' })]),
      'Guaranteed',
    ],
    [
      'memory request differs from limit',
      pod([c('a', { cpu: '1', memory: '128Mi' }, { cpu: '1', memory: '256Mi' })]),
      'Burstable',
    ],
    ['no memory limit', pod([c('a', { cpu: '1' }, { cpu: '1' })]), 'Burstable'],
    ['requests only', pod([c('a', g)]), 'Burstable'],
    ['one Guaranteed and one BestEffort container', pod([c('a', g, g), c('b')]), 'Burstable'],
    ['init container without limits', pod([c('a', g, g)], [c('init')]), 'Burstable'],
    ['init container Guaranteed too', pod([c('a', g, g)], [c('init', g, g)]), 'Guaranteed'],
    ['sidecar Guaranteed too', pod([c('a', g, g)], [c('side', g, g, 'Always')]), 'Guaranteed'],
    // The Go quirk: sums are compared, not each container.
    [
      'per-container mismatch that cancels out in the sums',
      pod([
        c('a', { cpu: '1', memory: '1Gi' }, { cpu: '2', memory: '1Gi' }),
        c('b', { cpu: '2', memory: '1Gi' }, { cpu: '1', memory: '1Gi' }),
      ]),
      'Guaranteed',
    ],
    [
      'a zero request does not count',
      pod([c('a', { cpu: '0', memory: '1Gi' }, { cpu: '1', memory: '1Gi' })]),
      'Burstable',
    ],
  ])('%s → %s', (_name, p, qos) => {
    expect(computePodQOS(p)).toBe(qos);
  });

  it('GetPodQOS returns status.qosClass when set', () => {
    expect(getPodQOS({ ...pod([c('a')]), status: { qosClass: 'Guaranteed' } })).toBe('Guaranteed');
  });

  it('pod-level resources decide when the gate is on', () => {
    const p: PodLike = { spec: { containers: [c('a')], resources: { requests: g, limits: g } } };
    expect(computePodQOS(p)).toBe('BestEffort');
    expect(computePodQOS(p, { podLevelResources: true })).toBe('Guaranteed');
  });

  it('explains why a pod is Burstable', () => {
    const p = pod([c('app', { cpu: '1', memory: '128Mi' }, { cpu: '1', memory: '256Mi' })]);
    expect(explainPodQOS(p)).toEqual({
      qos: 'Burstable',
      reason: 'container "app": memory request 128Mi differs from limit 256Mi',
    });
    expect(explainPodQOS(pod([c('app', { cpu: '1' }, { cpu: '1' })])).reason).toBe(
      'container "app" has no memory limit',
    );
  });

  it('throws a clear error for a bad quantity', () => {
    expect(() => computePodQOS(pod([c('a', { cpu: 'lots' })]))).toThrow(
      /container a requests cpu: invalid quantity "lots"/,
    );
  });
});
