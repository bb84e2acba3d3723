/**
 * npm run simulate -- <scenario.yaml>
 *   [--format describe|events|log|containerd-log|trace|cpus|devices|memory|chrome-trace|otlp] [--v N]
 *   [--kubelet-version 1.34|1.18|1.3]
 * Builds the whole output first and writes it at once; a scenario that does not validate
 * prints "<file>:<line>:<col>: <path>: <message>" per problem and exits 1.
 */
import { readFileSync } from 'node:fs';
import { containerdLog, formatContainerdLine } from '../src/sim/views/containerdLog';
import {
  cpuStateFileHistory,
  deviceStateFileHistory,
  memoryStateFileHistory,
  describePod,
  eventsAt,
  formatKlog,
  logsAt,
  parseScenario,
  simulate,
} from '../src/sim/index';
import { versionProblems } from '../src/sim/scenario/versionCheck';
import { versionNotes } from '../src/sim/scenario/versionNotes';
import {
  isKubeletVersion,
  KUBELET_VERSIONS,
  type KubeletVersionName,
} from '../src/sim/versions/names';
import { runToChromeTrace, runToOtlp } from '../src/export';
import { buildRunView } from '../src/state/buildRunView';
import { registerAllKubelets } from '../src/sim/versions/all';

registerAllKubelets();

type Format =
  | 'describe'
  | 'events'
  | 'log'
  | 'containerd-log'
  | 'trace'
  | 'cpus'
  | 'devices'
  | 'memory'
  | 'chrome-trace'
  | 'otlp';
const FORMATS: readonly string[] = [
  'describe',
  'events',
  'log',
  'containerd-log',
  'trace',
  'cpus',
  'devices',
  'memory',
  'chrome-trace',
  'otlp',
];

function usage(msg: string): never {
  process.stderr.write(
    `${msg}\nusage: simulate <scenario.yaml> [--format ${FORMATS.join('|')}] [--v N] [--kubelet-version ${KUBELET_VERSIONS.join('|')}]\n`,
  );
  process.exit(2);
}

function main(argv: string[]): number {
  let file: string | undefined;
  let format: Format = 'describe';
  let v = 4;
  let kubeletVersion: KubeletVersionName | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--format') {
      const f = argv[++i];
      if (f === undefined || !FORMATS.includes(f)) usage(`unknown format "${f ?? ''}"`);
      format = f as Format;
    } else if (a === '--v') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 0 || n > 10) usage('--v takes an integer 0..10');
      v = n;
    } else if (a === '--kubelet-version') {
      const k = argv[++i] ?? '';
      if (!isKubeletVersion(k))
        usage(`--kubelet-version takes one of ${KUBELET_VERSIONS.join(', ')} (got "${k}")`);
      kubeletVersion = k;
    } else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else if (file === undefined) file = a;
    else usage('one scenario file only');
  }
  if (!file) usage('missing scenario file');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}: ${(e as Error).message}\n`);
    return 1;
  }
  const parsed = parseScenario(text);
  if (!parsed.ok) {
    const out = parsed.problems
      .map(
        (p) => `${file}:${p.line ?? 1}:${p.column ?? 1}: ${p.path || '(document)'}: ${p.message}`,
      )
      .join('\n');
    process.stderr.write(`${out}\n`);
    return 1;
  }
  // --kubelet-version overrides the scenario's node.kubeletVersion, checked as the file would be.
  const scenario =
    kubeletVersion === undefined
      ? parsed.scenario
      : { ...parsed.scenario, node: { ...parsed.scenario.node, kubeletVersion } };
  const refused = versionProblems(scenario);
  if (refused.length) {
    const out = refused.map((p) => `${file}: ${p.path}: ${p.message}`).join('\n');
    process.stderr.write(`${out}\n`);
    return 1;
  }
  for (const note of versionNotes(scenario)) process.stderr.write(`note: ${note}\n`);
  const run = simulate(scenario);
  const steps = run.trace.steps.t.length;
  let out: string;
  switch (format) {
    case 'events':
      out =
        JSON.stringify(
          run.trace.events.map((e) => ({
            t: e.t,
            type: e.type,
            reason: e.reason,
            object: e.object,
            fieldPath: e.fieldPath,
            message: e.message,
          })),
          null,
          2,
        ) + '\n';
      break;
    case 'log':
      out = logsAt(run.trace.logs, steps, v)
        .map((l) => formatKlog(l) + '\n')
        .join('');
      break;
    case 'containerd-log':
      // containerd's own lines for the same run (the runtime's side of the kubelet's log).
      out = containerdLog(run)
        .map((l) => formatContainerdLine(l) + '\n')
        .join('');
      break;
    case 'cpus': {
      // The cpu_manager_state file after each change, as the kubelet writes it.
      const versions = cpuStateFileHistory(run);
      out = versions.length
        ? versions.map((f) => `# ${(f.t / 1000).toFixed(3)}s step ${f.step}\n${f.json}\n`).join('')
        : '# the CPU manager never started: no cpu_manager_state was written\n';
      break;
    }
    case 'devices':
    case 'memory': {
      // kubelet_internal_checkpoint / memory_manager_state after each change, as written.
      const versions =
        format === 'devices' ? deviceStateFileHistory(run) : memoryStateFileHistory(run);
      const name = format === 'devices' ? 'kubelet_internal_checkpoint' : 'memory_manager_state';
      out = versions.length
        ? versions.map((f) => `# ${(f.t / 1000).toFixed(3)}s step ${f.step}\n${f.json}\n`).join('')
        : `# the kubelet never started its container manager: no ${name} was written\n`;
      break;
    }
    case 'chrome-trace':
    case 'otlp': {
      // The timeline's own lanes (buildRunView), so the file shows what the app shows.
      const view = buildRunView(parsed.scenario);
      const exportable = { raw: view.raw, lanes: view.lanes };
      out =
        JSON.stringify(
          format === 'otlp'
            ? runToOtlp(exportable)
            : runToChromeTrace(exportable, parsed.scenario.metadata.name),
        ) + '\n';
      break;
    }
    case 'trace': {
      const { checkpoints: _c, ...rest } = run.trace;
      out = JSON.stringify(rest) + '\n';
      break;
    }
    default: {
      const keys = run.config.arrivals.map((a) => run.config.pods[a.uid]!.key);
      out = keys.map((k) => describePod(run, k, steps)).join('\n\n');
    }
  }
  void eventsAt;
  process.stdout.write(out);
  return 0;
}

process.exitCode = main(process.argv.slice(2));
