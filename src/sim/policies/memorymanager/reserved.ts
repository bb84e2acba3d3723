/**
 * The memory manager's reserved memory (pkg/kubelet/cm/memorymanager/memory_manager.go
 * getSystemReservedMemory, validateReservedMemory, convertReserved) and the node allocatable
 * reservation it is checked against (cm/node_container_manager_linux.go
 * GetNodeAllocatableReservation: kubeReserved + systemReserved + the hard eviction threshold,
 * cm/helpers.go hardEvictionReservation). Quantities keep their format as apimachinery's
 * Quantity.Add does, so the error texts print them as the kubelet does ("1Gi", "1100Mi", "17").
 */
import { err, ok, type Result } from '../../model/result';
import { formatQuantity, parseQuantity } from '../../model/quantity';
import { isHugePageResourceName } from './state';
import type { SystemReservedMemory } from './staticPolicy';

/** Quantity formats (resource.Format). */
export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** An exact quantity with the format Add keeps (the first non-zero operand's). */
export interface FormattedQuantity {
  readonly nanos: bigint;
  readonly format: QuantityFormat | '';
}

const NANO = 1_000_000_000n;

/** ParseQuantity with the format its suffix gives. */
export function formattedQuantity(text: string | number): Result<FormattedQuantity> {
  const q = parseQuantity(text);
  if (!q.ok) return q;
  const s = String(text);
  const format: QuantityFormat = /[KMGTPE]i$/.test(s)
    ? 'BinarySI'
    : /[eE][-+]?[0-9]+$/.test(s)
      ? 'DecimalExponent'
      : 'DecimalSI';
  return ok({ nanos: q.value.nanos, format });
}

/** Quantity.Add: a zero receiver takes the operand's format. */
export function addFormatted(a: FormattedQuantity, b: FormattedQuantity): FormattedQuantity {
  return { nanos: a.nanos + b.nanos, format: a.nanos === 0n ? b.format : a.format };
}

export const ZERO_DECIMAL: FormattedQuantity = { nanos: 0n, format: 'DecimalSI' };

/**
 * Quantity.String (CanonicalizeBytes) for whole-unit amounts: binary at the largest exact power
 * of 1024 (decimal below 1024), decimal at the largest exact power of 1000.
 */
export function quantityString(q: FormattedQuantity): string {
  return formatQuantity(q.nanos, q.format);
}

/** KubeletConfiguration reservedMemory: [{ numaNode, limits: { memory, hugepages-1Gi… } }]. */
export interface MemoryReservation {
  readonly numaNode: number;
  readonly limits: Readonly<Record<string, string | number>>;
}

/** GetNodeAllocatableReservation's memory and hugepages entries (non-zero only). */
export type AllocatableReservation = Readonly<Record<string, FormattedQuantity>>;

/**
 * The hard eviction threshold's memory.available as a quantity: an amount, or a percentage of
 * the memory capacity (BinarySI, int64 of float64 product).
 */
export function evictionMemoryReservation(
  value: string,
  capacityBytes: number,
): Result<FormattedQuantity> {
  const pct = /^([0-9.]+)%$/.exec(value.trim());
  if (pct) {
    const p = Number(pct[1]) / 100;
    if (!Number.isFinite(p) || p < 0 || p > 1)
      return err(`invalid percentage: ${JSON.stringify(value)}`);
    return ok({ nanos: BigInt(Math.trunc(capacityBytes * p)) * NANO, format: 'BinarySI' });
  }
  return formattedQuantity(value);
}

/**
 * GetNodeAllocatableReservation for memory and hugepages: per resource of the capacity,
 * systemReserved + kubeReserved + eviction, kept when not zero.
 */
export function allocatableReservation(
  resources: readonly string[],
  systemReserved: Readonly<Record<string, string | number>> | undefined,
  kubeReserved: Readonly<Record<string, string | number>> | undefined,
  eviction: FormattedQuantity | null,
): Result<AllocatableReservation> {
  const out: Record<string, FormattedQuantity> = {};
  for (const r of resources) {
    let v: FormattedQuantity = ZERO_DECIMAL;
    for (const part of [systemReserved?.[r], kubeReserved?.[r]]) {
      if (part === undefined) continue;
      const q = formattedQuantity(part);
      if (!q.ok) return q;
      v = addFormatted(v, q.value);
    }
    if (r === 'memory' && eviction !== null) v = addFormatted(v, eviction);
    if (v.nanos !== 0n) out[r] = v;
  }
  return ok(out);
}

/** validateReservedMemory: per memory type, reservedMemory's total equals the reservation. */
export function validateReservedMemory(
  numaNodes: readonly number[],
  reservation: AllocatableReservation,
  reserved: readonly MemoryReservation[],
): Result<void> {
  const totals: Record<string, FormattedQuantity> = {};
  for (const r of reserved) {
    if (!numaNodes.includes(r.numaNode))
      return err(
        `the reserved memory configuration references a NUMA node ${r.numaNode} that does not exist on this machine`,
      );
    for (const [name, text] of Object.entries(r.limits)) {
      const q = formattedQuantity(text);
      if (!q.ok) return q;
      // q.Add(total): this reservation's quantity is the receiver.
      totals[name] = totals[name] === undefined ? q.value : addFormatted(q.value, totals[name]);
    }
  }
  const types = new Set(Object.keys(totals));
  for (const name of Object.keys(reservation))
    if (name === 'memory' || isHugePageResourceName(name)) types.add(name);
  // Go walks the set in map order; sorted here.
  for (const name of [...types].sort()) {
    const allocatable = addFormatted(ZERO_DECIMAL, reservation[name] ?? ZERO_DECIMAL);
    const total = addFormatted(ZERO_DECIMAL, totals[name] ?? ZERO_DECIMAL);
    if (allocatable.nanos !== total.nanos)
      return err(
        `the total amount ${JSON.stringify(quantityString(total))} of type ${JSON.stringify(name)} is not equal to the value ${JSON.stringify(quantityString(allocatable))} determined by Node Allocatable feature`,
      );
  }
  return ok(undefined);
}

/** convertReserved: NUMA id → resource → bytes, every NUMA node present. */
export function convertReserved(
  numaNodes: readonly number[],
  reserved: readonly MemoryReservation[],
): Result<SystemReservedMemory> {
  const out: Record<number, Record<string, number>> = {};
  for (const id of numaNodes) out[id] = {};
  for (const r of reserved)
    for (const [name, text] of Object.entries(r.limits)) {
      const q = parseQuantity(text);
      if (!q.ok || q.value.nanos % NANO !== 0n)
        return err('could not covert a variable of type Quantity to int64');
      (out[r.numaNode] ??= {})[name] = Number(q.value.nanos / NANO);
    }
  return ok(out);
}

/** getSystemReservedMemory. */
export function systemReservedMemory(
  numaNodes: readonly number[],
  reservation: AllocatableReservation,
  reserved: readonly MemoryReservation[],
): Result<SystemReservedMemory> {
  const valid = validateReservedMemory(numaNodes, reservation, reserved);
  if (!valid.ok) return valid;
  return convertReserved(numaNodes, reserved);
}
