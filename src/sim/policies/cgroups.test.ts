import { describe, expect, it } from 'vitest';
import type { ContainerLike, PodLike } from '../model/qos';
import {
  containerCpuSettings,
  cpuMax,
  cpuSharesToCpuWeight,
  cpuWeightToCpuShares,
  milliCPUToQuota,
  milliCPUToShares,
  podCpuSettings,
  runtimeCpuWeight,
} from './cgroups';

const c = (
  name: string,
  req?: Record<string, string>,
  lim?: Record<string, string>,
  restartPolicy?: string,
): ContainerLike => ({
  name,
  resources: { ...(req ? { requests: req } : {}), ...(lim ? { limits: lim } : {}) },
  ...(restartPolicy ? { restartPolicy } : {}),
});

describe('cgroup CPU math', () => {
  it.each([
    [0, 2],
    [1, 2],
    [100, 102],
    [250, 256],
    [500, 512],
    [1000, 1024],
    [300_000, 262144],
  ])('MilliCPUToShares(%d) = %d', (milli, shares) => expect(milliCPUToShares(milli)).toBe(shares));

  it.each([
    [0, 0],
    [5, 1000],
    [500, 50000],
    [2000, 200000],
  ])('MilliCPUToQuota(%d) = %d', (milli, quota) => expect(milliCPUToQuota(milli)).toBe(quota));

  it.each([
    [2, 1],
    [102, 4],
    [512, 20],
    [1024, 39],
    [262144, 10000],
  ])('cpu.weight of %d shares is %d', (shares, weight) => {
    expect(cpuSharesToCpuWeight(shares)).toBe(weight);
    expect(runtimeCpuWeight(shares, 'linear')).toBe(weight);
  });

  it('inverts weights and has the newer runtime curve', () => {
    expect(cpuWeightToCpuShares(39)).toBe(998);
    expect(runtimeCpuWeight(1024, 'log2-quadratic')).toBe(100);
    expect(runtimeCpuWeight(2, 'log2-quadratic')).toBe(1);
    expect(runtimeCpuWeight(262144, 'log2-quadratic')).toBe(10000);
    expect(cpuMax(-1, 100000)).toBe('max 100000');
    expect(cpuMax(50000, 100000)).toBe('50000 100000');
  });
});

describe('container and pod cgroups', () => {
  it('sets shares from the request and quota from the limit', () => {
    expect(
      containerCpuSettings(c('a', { cpu: '250m' }, { cpu: '500m' }), { hasExclusiveCPUs: false }),
    ).toEqual({
      cpuShares: 256,
      cpuQuota: 50000,
      cpuPeriod: 100000,
      quotaDisabled: false,
      cpuMax: '50000 100000',
      cpuWeight: 10,
    });
    // no request: shares follow the limit; no limit: no quota
    expect(
      containerCpuSettings(c('a', undefined, { cpu: '1' }), { hasExclusiveCPUs: false }).cpuShares,
    ).toBe(1024);
    expect(containerCpuSettings(c('a', { cpu: '1' }), { hasExclusiveCPUs: false }).cpuMax).toBe(
      'max 100000',
    );
  });

  it('drops the CFS quota of a container with exclusive CPUs (DisableCPUQuotaWithExclusiveCPUs)', () => {
    const pinned = c('a', { cpu: '2', memory: '1Gi' }, { cpu: '2', memory: '1Gi' });
    expect(containerCpuSettings(pinned, { hasExclusiveCPUs: true })).toMatchObject({
      cpuQuota: -1,
      quotaDisabled: true,
      cpuMax: 'max 100000',
    });
    expect(
      containerCpuSettings(pinned, {
        hasExclusiveCPUs: true,
        disableCPUQuotaWithExclusiveCPUs: false,
      }),
    ).toMatchObject({
      cpuQuota: 200000,
      quotaDisabled: false,
    });
  });

  it('computes the pod cgroup by QoS, with init containers and sidecars', () => {
    const g = { cpu: '1', memory: '1Gi' };
    const guaranteed: PodLike = {
      spec: {
        initContainers: [c('init', { cpu: '3', memory: '1Gi' }, { cpu: '3', memory: '1Gi' })],
        containers: [c('a', g, g), c('b', g, g)],
      },
    };
    expect(podCpuSettings(guaranteed, { podHasExclusiveCPUs: false })).toMatchObject({
      qos: 'Guaranteed',
      cpuShares: 3072,
      cpuQuota: 300000,
    });
    expect(podCpuSettings(guaranteed, { podHasExclusiveCPUs: true })).toMatchObject({
      cpuQuota: -1,
      cpuMax: 'max 100000',
      quotaDisabled: true,
    });
    const sidecar: PodLike = {
      spec: { initContainers: [c('side', g, g, 'Always')], containers: [c('a', g, g)] },
    };
    expect(podCpuSettings(sidecar, { podHasExclusiveCPUs: false })).toMatchObject({
      cpuShares: 2048,
      cpuQuota: 200000,
    });
    const burstableNoLimit: PodLike = {
      spec: { containers: [c('a', { cpu: '500m' }, { cpu: '1' }), c('b', { cpu: '500m' })] },
    };
    const b = podCpuSettings(burstableNoLimit, { podHasExclusiveCPUs: false });
    expect(b).toMatchObject({ qos: 'Burstable', cpuShares: 1024 });
    expect(b.cpuQuota).toBeUndefined();
    expect(
      podCpuSettings({ spec: { containers: [c('a')] } }, { podHasExclusiveCPUs: false }),
    ).toMatchObject({ qos: 'BestEffort', cpuShares: 2 });
  });
});
