/**
 * v1.3.0's per-container Docker CPU settings (pkg/kubelet/dockertools/docker.go, minikube v0.5.0's
 * vendored copy): no CPU manager, no pod or QoS cgroup; HostConfig.CPUShares from the request
 * (or the limit when there is no request) and, with --cpu-cfs-quota (default true), CPUQuota and
 * CPUPeriod from the limit. No upper clamp on shares; period fixed at 100 ms.
 */
const minShares = 2;
const sharesPerCPU = 1024;
const milliCPUToCPU = 1000;
const quotaPeriod = 100000;
const minQuotaPeriod = 1000; // minQuotaPerod (sic) in docker.go

export function milliCPUToShares(milliCPU: number): number {
  if (milliCPU === 0) return minShares; // match kernel default for zero milliCPU
  const shares = Math.floor((milliCPU * sharesPerCPU) / milliCPUToCPU);
  return shares < minShares ? minShares : shares;
}

/** 0, 0 without a limit: "take the default behavior from docker" (no CFS quota). */
export function milliCPUToQuota(milliCPU: number): { quota: number; period: number } {
  if (milliCPU === 0) return { quota: 0, period: 0 };
  const quota = Math.floor((milliCPU * quotaPeriod) / milliCPUToCPU);
  return { quota: quota < minQuotaPeriod ? minQuotaPeriod : quota, period: quotaPeriod };
}

/** runContainer's choice: shares from the limit when the request is zero and the limit is not. */
export function dockerCpu(
  requestMilli: number,
  limitMilli: number,
): { shares: number; quota: number; period: number } {
  const shares = milliCPUToShares(
    requestMilli === 0 && limitMilli !== 0 ? limitMilli : requestMilli,
  );
  return { shares, ...milliCPUToQuota(limitMilli) };
}
