/**
 * Every reader, given arbitrary bytes (decoded as a browser or the CLI would, whatever the
 * encoding claims) or lines built from pieces of what it reads, never throws: the decoder, the
 * paste cleaner and prompt parser, the journald/syslog unwrapper, klog headers, the printf and
 * structured message tables, containerd/CRI-O lines, Events rows and tables, get pods rows,
 * describe, documents (YAML/JSON, state files, cut JSON) and the rebuild.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replayText } from '../../../src/replay';
import { Collector } from '../../../src/replay/collector';
import { decodeInput, InputDecoder } from '../../../src/replay/decode';
import { DescribePodReader } from '../../../src/replay/describePod';
import { readDocuments } from '../../../src/replay/documents';
import { parseEventRow } from '../../../src/replay/eventRows';
import { EventsTableReader } from '../../../src/replay/eventsTable';
import { klogFields } from '../../../src/replay/fields';
import { unwrap } from '../../../src/replay/journal';
import { repairTruncatedJson } from '../../../src/replay/jsonRepair';
import { parseKlogHeader } from '../../../src/replay/klogHeader';
import { recognise } from '../../../src/replay/messages';
import { cleanLine, parseKubectl } from '../../../src/replay/paste';
import { PodsTableReader } from '../../../src/replay/podsTable';
import { recognisePrintf } from '../../../src/replay/printf';
import { parseRuntimeLine, recogniseRuntime, RuntimeIds } from '../../../src/replay/runtimeLog';
import { reconstructScenario } from '../../../src/replay/scenario';
import { validateScenario } from '../../../src/sim';

const seed = Number(process.env.ROBUSTNESS_SEED ?? 20261129) || undefined;
const runs = { seed, numRuns: 200 };

const bytes = fc.uint8Array({ maxLength: 600 });
/** Arbitrary bytes as text, through the decoder a paste or file goes through. */
const text = bytes.map((b) => decodeInput(b));
const piecesOf = (pieces: string[]) =>
  fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: 'binary', maxLength: 10 })), {
      maxLength: 30,
    })
    .map((p) => p.join(''));

const LOG = [
  'I0516 18:34:39.885628    4052 prober.go:107] ',
  'E0415 17:21:40.583715   46838 pod_workers.go:191] ',
  'May 16 18:34:04 aks kubelet[4052]: ',
  'sept. 20 16:41:05 erebos kubelet[8665]: ',
  '  - ',
  '> ',
  '"Probe failed" probeType="Liveness" pod="default/x" ',
  'Error syncing pod fee9 ("a_b(fee9)"), skipping: failed to "StartContainer" for "POD" with ',
  'Killing container "c6bc liveness ns/p" with 30 second grace period',
  'CreateContainer in sandbox "f09a" from runtime service failed: ',
  'Failed to create pod infra container: x; Skipping pod "a_b(c)": y',
  '{"ts":1655581336241.7,"caller":"kubelet/kubelet.go:2092","msg":"SyncLoop ADD","pods":[{"name":"n","namespace":"d"}]}',
  'time="2023-12-14T01:20:29.234Z" level=info msg="RunPodSandbox for &PodSandboxMetadata{Name:a,Uid:b,Namespace:c,Attempt:0,} returns sandbox id \\"8daf\\""',
  'INFO[0097] ',
  'output=<',
  '\n',
  '\r\n',
  '\ufffd',
];
const TABLE = [
  '  Normal   Scheduled  36s  default-scheduler  Successfully assigned a/b to n',
  'Warning FailedSync      Error syncing pod, skipping: pod=a_b(c)',
  'Thu, 12 Feb 2015 18:34:09 +0000\t{kubelet n}\t\t\tfailedSync\tError\t%!v(MISSING)',
  ' 18m\t\t2m\t\t8\t{kubelet n}\tspec.containers{web}\tNormal\t\tPulling\t\tpulling image "x"',
  'default       19m         Normal    Pulled              pod/a    Successfully pulled image "x" in 4.5s',
  'NAME   READY   STATUS   RESTARTS   AGE',
  'a-1   0/1     OOMKilled   4 (57s ago)   2m40s',
  'POD  CONTAINER(S)  IMAGE(S)  HOST  LABELS  STATUS',
  'embassy-261  embassy  onehub/embassy:latest  10.3.0.186/  x=y  Running',
  'LAST SEEN   TYPE   REASON   OBJECT   MESSAGE',
  '(x3 over 4m)',
  '\t',
  '\n',
];
const DESCRIBE = [
  'Name:   web\n',
  ' Namespace:  default\n',
  'Containers:\n',
  '  app:\n',
  '    State:          Waiting\n',
  '      Reason:       CrashLoopBackOff\n',
  '    Last State:     Terminated\n',
  '      Exit Code:    137\n',
  '      Started:      Fri, 16 May 2025 12:35:20 +0000\n',
  '    Restart Count:  2\n',
  '    Liveness:       exec [cat /tmp/healthy] delay=5s timeout=1s period=5s #success=1 #failure=3\n',
  'Events:\n',
  '  Type  Reason  Age  From  Message\n',
  '$ kubectl describe pod web -n x\n',
];
const DOCS = [
  '{"policyName":"static","defaultCpuSet":"0-3","entries":{"u":{"c":"1"}},"checksum":1}',
  '{"policyName":"Static","machineState":{"0":{"numberOfAssignments":1,"memoryMap":{"memory":{"total":1}},"cells":[0,1]}},"entries":{"u":{"c":[{"numaAffinity":[0],"type":"memory","size":1}]}}}',
  '{"Data":{"PodDeviceEntries":[{"PodUID":"u","ContainerName":"c","ResourceName":"r","DeviceIDs":{"0":["d"]}}],"RegisteredDevices":{"r":["d"]}},"Checksum":1}',
  '"lastState": {"terminated": {"exitCode": 137, "reason": "Error"',
  '"oom-test": {"state": {"termination": {"exitCode": 137',
  'status:\n  phase: Failed\n  containerStatuses:\n  - name: a\n    state:\n      waiting: {reason: X}\n',
  'apiVersion: v1\nkind: Pod\n',
  '---\n',
  '{',
  '[',
  '}',
  ',',
  '"',
  ': ',
  '\n',
];

describe('readers never throw on arbitrary bytes', () => {
  it('the decoder, whole or chunked at any point', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (b, cut) => {
        expect(typeof decodeInput(b)).toBe('string');
        const d = new InputDecoder();
        const at = b.length ? cut % (b.length + 1) : 0;
        const s = d.push(b.subarray(0, at)) + d.push(b.subarray(at)) + d.end();
        expect(s).toBe(decodeInput(b));
      }),
      runs,
    );
  });
  it('paste cleaning, kubectl prompts, journald/syslog prefixes and klog headers', () => {
    fc.assert(
      fc.property(fc.oneof(text, piecesOf(LOG)), (s) => {
        for (const line of s.split('\n')) {
          expect(typeof cleanLine(line)).toBe('string');
          parseKubectl(line);
          const u = unwrap(line);
          parseKlogHeader(u.payload);
        }
      }),
      runs,
    );
  });
  it('the printf and structured message tables', () => {
    fc.assert(
      fc.property(
        fc.oneof(text, piecesOf(LOG)),
        fc.constantFrom('kubelet.go', 'manager.go', 'prober.go', 'pod_workers.go', 'x.go'),
        (s, file) => {
          recognisePrintf(s);
          recognise(file, s, klogFields(new Map([['pod', s]])), () => undefined);
        },
      ),
      runs,
    );
  });
  it('containerd and CRI-O lines', () => {
    fc.assert(
      fc.property(fc.oneof(text, piecesOf(LOG)), (s) => {
        const ids = new RuntimeIds();
        for (const ident of ['containerd', 'crio', undefined]) {
          const l = parseRuntimeLine(s, ident);
          if (l) recogniseRuntime(l, ids);
        }
      }),
      runs,
    );
  });
  it('Events rows and tables, get pods rows, describe', () => {
    fc.assert(
      fc.property(fc.oneof(text, piecesOf(TABLE), piecesOf(DESCRIBE)), (s) => {
        const c = new Collector();
        const events = new EventsTableReader(c);
        const pods = new PodsTableReader(c);
        const describe = new DescribePodReader(c);
        s.split('\n').forEach((line, i) => {
          parseEventRow(line);
          events.push(line, i + 1);
          pods.push(line, i + 1);
          describe.push(line, i + 1);
        });
        describe.flush();
        for (const e of c.events) expect(Number.isFinite(e.us)).toBe(true);
      }),
      runs,
    );
  });
  it('documents: YAML, JSON, state files, fragments and cut JSON', () => {
    fc.assert(
      fc.property(fc.oneof(text, piecesOf(DOCS)), (s) => {
        const fixed = repairTruncatedJson(s);
        if (fixed !== null) expect(typeof fixed).toBe('string');
        readDocuments(s, new Collector());
      }),
      runs,
    );
  });
  it('the whole pipeline and the rebuild: a valid scenario or none, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(text, piecesOf([...LOG, ...TABLE, ...DESCRIBE, ...DOCS])), (s) => {
        const r = replayText(s, { year: 2025 });
        if (r.events.length === 0) return;
        const { input } = reconstructScenario(r, { source: 'fuzz' });
        expect(validateScenario(input).ok).toBe(true);
      }),
      { seed, numRuns: 150 },
    );
  });
});
