/**
 * CPU manager errors as data, carrying the kubelet's exact texts. `type` is set when the Go error
 * implements admission.Error (its Type() becomes the pod's rejection reason); otherwise admission
 * wraps the text as UnexpectedAdmissionError.
 */

/** SMTAlignmentError (policy_static.go), raised under full-pcpus-only. */
export interface SMTAlignmentError {
  readonly kind: 'SMTAlignmentError';
  readonly type: 'SMTAlignmentError';
  readonly message: string;
  readonly requestedCPUs: number;
  readonly cpusPerCore: number;
  readonly availablePhysicalCPUs: number;
  readonly causedByPhysicalCPUs: boolean;
}

/** The allocator's "not enough cpus available to satisfy request" (cpu_assignment.go). */
export interface NotEnoughCPUsError {
  readonly kind: 'NotEnoughCPUs';
  readonly message: string;
  readonly requested: number;
  readonly available: number;
}

/** Any other error text from the CPU manager (e.g. "failed to allocate cpus"). */
export interface PlainError {
  readonly kind: 'Error';
  readonly message: string;
}

export type CpuManagerError = SMTAlignmentError | NotEnoughCPUsError | PlainError;

/** SMTAlignmentError.Error() text for both causes. */
export function smtAlignmentError(
  requestedCPUs: number,
  cpusPerCore: number,
  availablePhysicalCPUs: number,
  causedByPhysicalCPUs: boolean,
): SMTAlignmentError {
  const message = causedByPhysicalCPUs
    ? `SMT Alignment Error: not enough free physical CPUs: available physical CPUs = ${availablePhysicalCPUs}, requested CPUs = ${requestedCPUs}, CPUs per core = ${cpusPerCore}`
    : `SMT Alignment Error: requested ${requestedCPUs} cpus not multiple cpus per core = ${cpusPerCore}`;
  return {
    kind: 'SMTAlignmentError',
    type: 'SMTAlignmentError',
    message,
    requestedCPUs,
    cpusPerCore,
    availablePhysicalCPUs,
    causedByPhysicalCPUs,
  };
}

export function notEnoughCPUs(requested: number, available: number): NotEnoughCPUsError {
  return {
    kind: 'NotEnoughCPUs',
    message: `not enough cpus available to satisfy request: requested=${requested}, available=${available}`,
    requested,
    available,
  };
}

export function plainError(message: string): PlainError {
  return { kind: 'Error', message };
}

/** The admission.Error Type() of an error, when it has one. */
export function admissionType(e: CpuManagerError): string | undefined {
  return e.kind === 'SMTAlignmentError' ? e.type : undefined;
}
