/**
 * Replay figures: a generated 50 MB journald-wrapped kubelet log (pods starting one after
 * another, every line a structured klog line the replay keys on, some multi-line probe
 * output) streamed from disk through the reader as `npm run replay --format events` does,
 * rows serialised and dropped. Time against the 10 s budget, and the heap growth, which
 * must not scale with the file.
 */
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { eventRow, Replayer } from '../../src/replay';
import { summarise, type Figure } from './harness';

const G = 'replay';

function p2(n: number): string {
  return String(n).padStart(2, '0');
}

/** A journald line with a klog header at `us` µs after 18:00:00 on Nov 29. */
function line(us: number, file: string, rest: string): string {
  const s = Math.floor(us / 1e6);
  const hms = `${p2(18 + Math.floor(s / 3600))}:${p2(Math.floor(s / 60) % 60)}:${p2(s % 60)}`;
  const frac = String(us % 1e6).padStart(6, '0');
  return `Nov 29 ${hms} node-1 kubelet[2775]: I1129 ${hms}.${frac}    2775 ${file}] ${rest}`;
}

/** About `bytes` of log: pods created one after another, each with its start-up lines. */
export function generateLog(bytes: number): string {
  const out: string[] = [];
  let size = 0;
  let us = 0;
  for (let i = 0; size < bytes; i++) {
    // 200 pods over and over (restarts, re-creations): memory must not grow with the file.
    const pod = `default/web-${i % 200}`;
    const uid = `${String(i % 200).padStart(8, '0')}-2a4d-4e55-9c1e-0d8f3e2b9a11`;
    const q = `pod="${pod}"`;
    const lines = [
      line(us, 'kubelet.go:2433', `"SyncLoop ADD" source="api" pods=["${pod}"]`),
      line(
        us + 80,
        'pod_workers.go:775',
        `"Pod is being synced for the first time" ${q} podUID="${uid}" updateType="create"`,
      ),
      line(us + 300, 'kubelet.go:1720', `"SyncPod enter" ${q} podUID="${uid}"`),
      line(
        us + 900,
        'util.go:30',
        `"No sandbox for pod can be found. Need to start a new one" ${q}`,
      ),
      line(us + 1000, 'kuberuntime_manager.go:1271', `"Creating PodSandbox for pod" ${q}`),
      line(
        us + 801000,
        'kuberuntime_manager.go:1306',
        `"Created PodSandbox for pod" podSandboxID="a1b2c3" ${q}`,
      ),
      line(
        us + 801100,
        'kuberuntime_manager.go:1362',
        `"Creating container in pod" containerType="container" container="&Container{Name:app,Image:nginx:1.27,...}" ${q}`,
      ),
      line(
        us + 801200,
        'event.go:389',
        `"Event occurred" object="${pod}" fieldPath="spec.containers{app}" kind="Pod" apiVersion="v1" type="Normal" reason="Pulled" message="Container image \\"nginx:1.27\\" already present on machine"`,
      ),
      line(
        us + 861200,
        'event.go:389',
        `"Event occurred" object="${pod}" fieldPath="spec.containers{app}" kind="Pod" apiVersion="v1" type="Normal" reason="Created" message="Created container: app"`,
      ),
      line(
        us + 981200,
        'event.go:389',
        `"Event occurred" object="${pod}" fieldPath="spec.containers{app}" kind="Pod" apiVersion="v1" type="Normal" reason="Started" message="Started container app"`,
      ),
      line(
        us + 1000000,
        'generic.go:208',
        `"GenericPLEG" podUID="${uid}" containerID="0c9d8e7f" oldState="non-existent" newState="running"`,
      ),
      line(
        us + 1000100,
        'kubelet.go:2465',
        `"SyncLoop (PLEG): event for pod" ${q} event={"ID":"${uid}","Type":"ContainerStarted","Data":"0c9d8e7f"}`,
      ),
      line(us + 1280000, 'kubelet.go:1722', `"SyncPod exit" ${q} podUID="${uid}" isTerminal=false`),
      line(
        us + 2000000,
        'prober.go:107',
        `"Probe failed" probeType="Readiness" ${q} podUID="${uid}" containerName="app" probeResult="failure" output=<`,
      ),
      'Nov 29 18:00:00 node-1 kubelet[2775]: \tHTTP probe failed with statuscode: 503',
      'Nov 29 18:00:00 node-1 kubelet[2775]:  >',
    ];
    for (const l of lines) {
      out.push(l);
      size += l.length + 1;
    }
    us += 50_000; // a pod every 50 ms keeps the day from rolling over
  }
  return out.join('\n') + '\n';
}

/** Streams `file` through the reader as the CLI does; returns ms and the records read. */
export async function replayFile(
  file: string,
): Promise<{ ms: number; records: number; heapMB: number }> {
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  let peak = heap0;
  const t0 = performance.now();
  let origin: number | null = null;
  let bytes = 0;
  let n = 0;
  const r = new Replayer({
    year: 2026,
    sink: (e) => {
      origin ??= e.us;
      bytes += JSON.stringify(eventRow(e, origin), null, 2).length;
      if (++n % 20000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    },
    keep: () => false,
  });
  const lines = createInterface({
    input: createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  for await (const l of lines) r.push(l);
  const res = r.finish();
  const ms = performance.now() - t0;
  void bytes;
  // Retained (after a collection, when node runs with --expose-gc), else the peak seen.
  global.gc?.();
  const after = global.gc ? process.memoryUsage().heapUsed : peak;
  void res.pods.size;
  return { ms, records: res.recognised, heapMB: (after - heap0) / 1024 / 1024 };
}

export async function replayFigures(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ks-replay-bench-'));
  const file = join(dir, 'kubelet-50mb.log');
  writeFileSync(file, generateLog(50 * 1024 * 1024));
  const mb = statSync(file).size / 1024 / 1024;
  const runs: { ms: number; records: number; heapMB: number }[] = [];
  for (let i = 0; i < 3; i++) runs.push(await replayFile(file));
  rmSync(dir, { recursive: true, force: true });
  const note = `${mb.toFixed(0)} MB, ${runs[0]!.records.toLocaleString('en')} records`;
  return [
    summarise(
      G,
      `Replay a ${mb.toFixed(0)} MB journald log (stream, events)`,
      runs.map((r) => r.ms),
      10_000,
      'ms',
      note,
    ),
    summarise(
      G,
      global.gc ? 'Heap retained after replaying it' : 'Peak heap growth while replaying it',
      runs.map((r) => r.heapMB),
      64,
      'MB',
    ),
  ];
}

// `npx tsx tests/bench/replay.ts` prints the figures alone.
if (process.argv[1]?.endsWith('replay.ts'))
  void replayFigures().then((f) => console.log(JSON.stringify(f, null, 2)));
