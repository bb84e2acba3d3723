/**
 * The resource managers' policy options and their maturity by release, as
 * pkg/kubelet/cm/{cpumanager,topologymanager}/policy_options.go list them in alphaOptions, betaOptions and
 * stableOptions (CheckPolicyOptionAvailable refuses an alpha option without
 * CPUManagerPolicyAlphaOptions, a beta one without CPUManagerPolicyBetaOptions). In 1.22 the
 * file had no maturity sets: every option needed the CPUManagerPolicyOptions gate (alpha, off),
 * checked in cmd/kubelet/app/server.go. The OpenShift tree of 1.31 lists
 * prefer-align-cpus-by-uncorecache early (a downstream carry, absent from KubeEdge's 1.31.12):
 * upstream it came in 1.32. Function-free: the page's checks read it.
 */
import type { ChangelogRowBase, PolicyOptionChange } from './types';

const PO = 'pkg/kubelet/cm/cpumanager/policy_options.go';

function cpuOption(
  release: ChangelogRowBase['release'],
  name: string,
  maturity: PolicyOptionChange['maturity'],
  ref: string,
  tree: string,
): ChangelogRowBase {
  return {
    release,
    what: `CPU manager option ${name}: ${maturity === 'stable' ? 'GA' : maturity}`,
    ref,
    source: `${PO} (${tree})`,
    policyOption: { manager: 'cpu', name, maturity },
    touches: ['cpuManagerPolicyOptions'],
  };
}

const TPO = 'pkg/kubelet/cm/topologymanager/policy_options.go';

/** A topology manager option (alphaOptions, betaOptions, stableOptions of TPO). */
function topologyOption(
  release: ChangelogRowBase['release'],
  name: string,
  maturity: PolicyOptionChange['maturity'],
  ref: string,
  tree: string,
): ChangelogRowBase {
  return {
    release,
    what: `Topology manager option ${name}: ${maturity === 'stable' ? 'GA' : maturity}`,
    ref,
    source: `${TPO} (${tree})`,
    policyOption: { manager: 'topology', name, maturity },
    touches: ['topologyManager'],
  };
}

export const POLICY_OPTION_ROWS: readonly ChangelogRowBase[] = [
  cpuOption('1.22', 'full-pcpus-only', 'alpha', 'KEP-2625', 'v1.22.17'),
  cpuOption('1.23', 'full-pcpus-only', 'beta', 'KEP-2625', 'v1.23.17'),
  cpuOption('1.23', 'distribute-cpus-across-numa', 'alpha', 'KEP-2902', 'v1.23.17'),
  cpuOption('1.25', 'align-by-socket', 'alpha', 'KEP-3327', 'v1.25.2'),
  cpuOption('1.31', 'distribute-cpus-across-cores', 'alpha', 'KEP-4176', 'v1.31.12'),
  cpuOption('1.32', 'strict-cpu-reservation', 'alpha', 'KEP-4540', 'v1.32.10'),
  cpuOption('1.32', 'prefer-align-cpus-by-uncorecache', 'alpha', 'KEP-4800', 'v1.32.10'),
  cpuOption('1.33', 'full-pcpus-only', 'stable', 'KEP-2625', 'v1.33.5'),
  cpuOption('1.33', 'distribute-cpus-across-numa', 'beta', 'KEP-2902', 'v1.33.5'),
  cpuOption('1.33', 'strict-cpu-reservation', 'beta', 'KEP-4540', 'v1.33.5'),
  cpuOption('1.34', 'prefer-align-cpus-by-uncorecache', 'beta', 'KEP-4800', 'v1.34.2'),
  cpuOption('1.35', 'strict-cpu-reservation', 'stable', 'KEP-4540', 'v1.35.3'),
  cpuOption('1.36', 'prefer-align-cpus-by-uncorecache', 'stable', 'KEP-4800', 'v1.36.3'),
  topologyOption('1.26', 'prefer-closest-numa-nodes', 'alpha', 'KEP-3545', 'v1.26.1'),
  topologyOption('1.28', 'prefer-closest-numa-nodes', 'beta', 'KEP-3545', 'v1.28.3'),
  topologyOption('1.32', 'prefer-closest-numa-nodes', 'stable', 'KEP-3545', 'v1.32.6'),
  topologyOption('1.31', 'max-allowable-numa-nodes', 'beta', 'KEP-4622', 'v1.31.1'),
  topologyOption('1.35', 'max-allowable-numa-nodes', 'stable', 'KEP-4622', 'v1.35.3'),
];
