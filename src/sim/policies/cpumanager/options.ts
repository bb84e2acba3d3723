/**
 * Static policy options (pkg/kubelet/cm/cpumanager/policy_options.go @7ed31812): parsing with
 * Go's ParseBool, feature-gate maturity checks, incompatible pairs and the machine checks of
 * ValidateStaticPolicyOptions, all with the kubelet's error texts.
 */
import { err, ok, type Result } from '../../model/result';
import type { CPUTopology } from '../../model/topology';
import { featureEnabled, type FeatureGates } from '../featureGates';
import { parseBool } from '../parseBool';

export interface StaticPolicyOptions {
  readonly fullPhysicalCPUsOnly: boolean;
  readonly distributeCPUsAcrossNUMA: boolean;
  readonly alignBySocket: boolean;
  readonly distributeCPUsAcrossCores: boolean;
  readonly strictCPUReservation: boolean;
  readonly preferAlignByUncoreCache: boolean;
}

export const NO_OPTIONS: StaticPolicyOptions = {
  fullPhysicalCPUsOnly: false,
  distributeCPUsAcrossNUMA: false,
  alignBySocket: false,
  distributeCPUsAcrossCores: false,
  strictCPUReservation: false,
  preferAlignByUncoreCache: false,
};

const FIELD = {
  'full-pcpus-only': 'fullPhysicalCPUsOnly',
  'distribute-cpus-across-numa': 'distributeCPUsAcrossNUMA',
  'align-by-socket': 'alignBySocket',
  'distribute-cpus-across-cores': 'distributeCPUsAcrossCores',
  'strict-cpu-reservation': 'strictCPUReservation',
  'prefer-align-cpus-by-uncorecache': 'preferAlignByUncoreCache',
} as const satisfies Record<string, keyof StaticPolicyOptions>;

export type StaticPolicyOptionName = keyof typeof FIELD;

/** Maturity at policy_options.go @7ed31812 (1.34; other releases: versions/changelog). */
export const OPTION_MATURITY: Readonly<
  Record<StaticPolicyOptionName, 'alpha' | 'beta' | 'stable'>
> = {
  'full-pcpus-only': 'stable',
  'distribute-cpus-across-numa': 'beta',
  'align-by-socket': 'alpha',
  'distribute-cpus-across-cores': 'alpha',
  'strict-cpu-reservation': 'beta',
  'prefer-align-cpus-by-uncorecache': 'beta',
};

function isOption(name: string): name is StaticPolicyOptionName {
  return Object.prototype.hasOwnProperty.call(FIELD, name);
}

/** Each option's maturity in a release (versions/changelog/policyOptions.ts). */
export type OptionMaturity = Readonly<Partial<Record<string, 'alpha' | 'beta' | 'stable'>>>;

/** CheckPolicyOptionAvailable, with the release's alphaOptions/betaOptions/stableOptions. */
export function checkPolicyOptionAvailable(
  name: string,
  gates: FeatureGates,
  maturity: OptionMaturity = OPTION_MATURITY,
): Result<void> {
  const m = isOption(name) ? maturity[name] : undefined;
  if (m === undefined) return err(`unknown CPU Manager Policy option: ${JSON.stringify(name)}`);
  if (m === 'alpha' && !featureEnabled(gates, 'CPUManagerPolicyAlphaOptions'))
    return err(
      `CPU Manager Policy Alpha-level Options not enabled, but option ${JSON.stringify(name)} provided`,
    );
  if (m === 'beta' && !featureEnabled(gates, 'CPUManagerPolicyBetaOptions'))
    return err(
      `CPU Manager Policy Beta-level Options not enabled, but option ${JSON.stringify(name)} provided`,
    );
  return ok(undefined);
}

/**
 * NewStaticPolicyOptions. Go walks the map in random order, so with several bad options the
 * reported one can vary; we walk names in sorted order to stay deterministic.
 */
export function newStaticPolicyOptions(
  raw: Readonly<Record<string, string>>,
  gates: FeatureGates,
  maturity: OptionMaturity = OPTION_MATURITY,
): Result<StaticPolicyOptions> {
  const opts: { -readonly [K in keyof StaticPolicyOptions]: boolean } = { ...NO_OPTIONS };
  for (const name of Object.keys(raw).sort()) {
    const avail = checkPolicyOptionAvailable(name, gates, maturity);
    if (!avail.ok) return avail;
    const v = parseBool(raw[name] ?? '');
    if (!v.ok) return err(`bad value for option ${JSON.stringify(name)}: ${v.error}`);
    if (isOption(name)) opts[FIELD[name]] = v.value;
  }
  const pair = (a: StaticPolicyOptionName, b: StaticPolicyOptionName): string =>
    `static policy options ${a} and ${b} can not be used at the same time`;
  if (opts.fullPhysicalCPUsOnly && opts.distributeCPUsAcrossCores)
    return err(pair('full-pcpus-only', 'distribute-cpus-across-cores'));
  if (opts.distributeCPUsAcrossNUMA && opts.distributeCPUsAcrossCores)
    return err(pair('distribute-cpus-across-numa', 'distribute-cpus-across-cores'));
  if (opts.preferAlignByUncoreCache && opts.distributeCPUsAcrossCores)
    return err(pair('prefer-align-cpus-by-uncorecache', 'distribute-cpus-across-cores'));
  if (opts.preferAlignByUncoreCache && opts.distributeCPUsAcrossNUMA)
    return err(pair('prefer-align-cpus-by-uncorecache', 'distribute-cpus-across-numa'));
  return ok(opts);
}

/** ValidateStaticPolicyOptions: align-by-socket's machine and topology-manager checks. */
export function validateStaticPolicyOptions(
  opts: StaticPolicyOptions,
  topo: CPUTopology,
  topologyManagerPolicy: string,
): Result<void> {
  if (opts.alignBySocket) {
    if (topologyManagerPolicy === 'single-numa-node')
      // The typo "Topolgy" is the kubelet's.
      return err(
        'Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option',
      );
    if (topo.numSockets > topo.numNUMANodes)
      return err(
        'Align by socket is not compatible with hardware where number of sockets are more than number of NUMA',
      );
  }
  return ok(undefined);
}
