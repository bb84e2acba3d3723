import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import {
  cleanViewState,
  CURRENT_LINK_FORMAT,
  decodePermalink,
  encodePermalink,
  jsonNesting,
  LINK_LIMITS,
  parseJsonSafely,
  permalinkParam,
  type ViewState,
} from './permalink';
import { decompressUriSafeBounded } from './permalinkLz';
import { migratePayload } from './migrations';
import { listPresets, loadPreset, PRESET_IDS, type PresetId } from './presets';
import type { Fault, Scenario } from './schema';

function preset(id: PresetId): Scenario {
  const r = loadPreset(id);
  if (!r.ok) throw new Error(id);
  return r.scenario;
}

const link = (payload: unknown, format = CURRENT_LINK_FORMAT) =>
  `#s=${format}.${compressToEncodedURIComponent(JSON.stringify(payload))}`;

const view: ViewState = {
  t: 2_000,
  step: 41,
  window: [0, 12_000],
  selection: { kind: 'container', id: 'default/web/app' },
  panels: ['events', 'cpus'],
};

/** One fault, as the perturbation menu would add it at the cursor. */
function withFault(s: Scenario): Scenario {
  const m = s.pods[0]!.manifest;
  const fault: Fault = {
    kind: 'ContainerExit',
    target: `${m.metadata.namespace}/${m.metadata.name}/${m.spec.containers[0]!.name}`,
    at: 12_500,
    afterSeconds: 3,
    exitCode: 137,
    reason: 'OOMKilled',
    times: 2,
  };
  return { ...s, faults: [...s.faults, fault] };
}

describe('permalink round trip', () => {
  it.each(PRESET_IDS)('%s with view state', (id) => {
    const s = preset(id);
    const enc = encodePermalink(s, view);
    expect(enc.fragment).toMatch(/^#s=2\.[A-Za-z0-9+\-$]+$/);
    const dec = decodePermalink(enc.fragment);
    expect(dec).toEqual({ ok: true, scenario: s, view, format: 2, warnings: [] });
  });

  it.each(PRESET_IDS)('%s plus one fault stays well under 2,000 characters', (id) => {
    const s = withFault(preset(id));
    const enc = encodePermalink(s, view, { baseUrl: 'https://kubeletscope.example.org/app/' });
    expect(enc.linkLength).toBeLessThan(1_500);
    expect(enc.overSafeLength).toBe(false);
    expect(enc.tooLong).toBe(false);
    const dec = decodePermalink(`https://kubeletscope.example.org/app/${enc.fragment}`);
    expect(dec.ok && dec.scenario).toEqual(s);
  });

  it('carries edited prose in full, and takes unedited prose from the preset', () => {
    const s = preset('hello-pod');
    const plain = encodePermalink(s);
    const edited = { ...s, metadata: { ...s.metadata, caption: 'My own caption' } };
    const enc = encodePermalink(edited);
    expect(enc.linkLength).toBeGreaterThan(plain.linkLength + 200);
    const dec = decodePermalink(enc.fragment);
    expect(dec.ok && dec.scenario).toEqual(edited);
  });

  it('opens a link based on a preset this version lacks, with a warning', () => {
    const s = preset('hello-pod');
    const enc = encodePermalink(s, {});
    const dec = decodePermalink(enc.fragment, { presets: [] });
    expect(dec.ok).toBe(true);
    if (!dec.ok) return;
    expect(dec.scenario.metadata.name).toBe('hello-pod');
    expect(dec.scenario.pods).toEqual(s.pods);
    expect(dec.warnings[0]).toMatch(/preset "hello-pod"/);
  });

  it('reports the link length including the page address, and flags long links', () => {
    const s = preset('hello-pod');
    const enc = encodePermalink(s, {}, { baseUrl: 'https://x.example/#old' });
    expect(enc.linkLength).toBe('https://x.example/'.length + enc.fragment.length);
    const big: Scenario = {
      ...s,
      metadata: {
        ...s.metadata,
        description: Array.from({ length: 900 }, (_, i) => `w${i * 7919}`).join(' '),
      },
    };
    const long = encodePermalink(big);
    expect(long.overSafeLength).toBe(true);
    expect(long.tooLong).toBe(long.linkLength > LINK_LIMITS.warnLength);
    expect(long.linkLength).toBeGreaterThan(2_000);
  });

  it('accepts the s= parameter among others, and a fragment without #', () => {
    const enc = encodePermalink(preset('crashloop-backoff'), { t: 1 });
    expect(decodePermalink(`${enc.fragment}&embed=1`).ok).toBe(true);
    expect(decodePermalink(enc.fragment.slice(1)).ok).toBe(true);
    expect(permalinkParam('https://a.example/p?q=1#embed=1&s=1.abc')).toBe('1.abc');
    expect(permalinkParam('#t=5')).toBeNull();
  });
});

describe('view state', () => {
  it('drops unknown fields silently and invalid ones with a note', () => {
    expect(
      cleanViewState({
        t: 5,
        zoom: 3,
        window: [9, 3],
        selection: { kind: 'cpu', id: 3, extra: 1 },
      }),
    ).toEqual({ view: { t: 5, selection: { kind: 'cpu', id: 3 } }, dropped: ['window'] });
    expect(cleanViewState('x')).toEqual({ view: {}, dropped: ['view'] });
    expect(cleanViewState({ panels: ['a', 'a', 'b'] }).view.panels).toEqual(['a', 'b']);
  });

  it('opens the scenario when the view is broken, and says what was ignored', () => {
    const enc = encodePermalink(preset('hello-pod'));
    const payload = JSON.parse(
      decompressFromEncodedURIComponent(enc.fragment.slice('#s=1.'.length)),
    ) as Record<string, unknown>;
    const dec = decodePermalink(link({ ...payload, v: { t: -4, step: 3, selection: 'cpu 3' } }));
    expect(dec.ok).toBe(true);
    if (!dec.ok) return;
    expect(dec.view).toEqual({ step: 3 });
    expect(dec.warnings).toHaveLength(2);
  });

  it('keeps script-like text as inert strings', () => {
    const sel = { kind: 'container', id: '<script>alert(1)</script>' };
    const dec = decodePermalink(encodePermalink(preset('hello-pod'), { selection: sel }).fragment);
    expect(dec.ok && dec.view.selection).toEqual(sel);
  });
});

describe('format 1 links', () => {
  const s1 = (node: Record<string, unknown>) =>
    link(
      {
        s: {
          metadata: { name: 'one' },
          node: { topology: { sockets: 1, coresPerSocket: 2, threadsPerCore: 1 }, ...node },
          pods: [
            {
              manifest: {
                metadata: { name: 'web' },
                spec: { containers: [{ name: 'app', image: 'nginx' }] },
              },
            },
          ],
        },
      },
      1,
    );
  it('a link without a kubelet version ran on 1.34, the current one then: it opens on 1.34', () => {
    const dec = decodePermalink(s1({}));
    expect(dec.ok && dec.scenario.node.kubeletVersion).toBe('1.34');
    expect(dec.ok && dec.format).toBe(1);
  });
  it('a link naming its version keeps it', () => {
    const dec = decodePermalink(s1({ kubeletVersion: '1.18' }));
    expect(dec.ok && dec.scenario.node.kubeletVersion).toBe('1.18');
  });
});

describe('format 0 links', () => {
  const v0 = {
    scenario: {
      name: 'old static link',
      description: 'written before format 1',
      seed: 7,
      duration: '5m',
      node: {
        topology: { sockets: 2, coresPerSocket: 4, threadsPerCore: 2 },
        cpuPolicy: 'static',
        reservedCPUs: '0',
        topologyPolicy: 'single-numa-node',
        kubelet: { maxPods: 50 },
        images: [{ name: 'nginx:1.27', present: true }],
      },
      pods: [
        {
          at: '1s',
          manifest: {
            metadata: { name: 'web' },
            spec: {
              containers: [
                {
                  name: 'app',
                  image: 'nginx:1.27',
                  resources: {
                    requests: { cpu: '2', memory: '1Gi' },
                    limits: { cpu: '2', memory: '1Gi' },
                  },
                },
              ],
            },
          },
        },
      ],
      actions: [{ kind: 'ChangeCpuPolicy', at: '60s', policy: 'none', deleteState: true }],
    },
    view: { time: 1500, window: { from: 0, to: 9000 }, selected: 'container:default/web/app' },
  };

  it('opens through the migrations (format 1, then 2: the kubelet of then, 1.34)', () => {
    const dec = decodePermalink(link(v0, 0));
    expect(dec.ok ? dec.warnings : dec.reason).toEqual([]);
    if (!dec.ok) return;
    expect(dec.format).toBe(0);
    const s = dec.scenario;
    expect(s.metadata).toEqual({ name: 'old static link', description: 'written before format 1' });
    expect(s.seed).toBe(7);
    expect(s.horizon).toBe(300_000);
    expect(s.node.kubelet).toMatchObject({
      cpuManagerPolicy: 'static',
      reservedSystemCPUs: '0',
      topologyManagerPolicy: 'single-numa-node',
      maxPods: 50,
    });
    expect(s.node).not.toHaveProperty('cpuPolicy');
    expect(s.node.kubeletVersion).toBe('1.34');
    expect(s.pods[0]!.at).toBe(1_000);
    expect(s.actions).toEqual([
      { kind: 'ChangeCpuManagerPolicy', at: 60_000, policy: 'none', removeStateFile: true },
    ]);
    expect(dec.view).toEqual({
      t: 1500,
      window: [0, 9000],
      selection: { kind: 'container', id: 'default/web/app' },
    });
  });

  it('migrates a minimal v0 payload, and explains one it cannot', () => {
    const r = migratePayload(0, {
      scenario: { name: 'x', node: { topology: { preset: 'p' } }, pods: [] },
    });
    expect(r).toEqual({
      ok: true,
      payload: {
        s: {
          metadata: { name: 'x' },
          node: { topology: { preset: 'p' }, kubeletVersion: '1.34' },
          pods: [],
        },
      },
    });
    const bad = decodePermalink(link({ nothing: true }, 0));
    expect(bad).toEqual({
      ok: false,
      reason: expect.stringMatching(/older format 0.*no scenario/) as string,
    });
  });
});

describe('decoding failures are sentences', () => {
  const good = encodePermalink(preset('hello-pod'), view).fragment;

  it.each([
    ['empty', '', /no scenario/],
    ['no s=', '#t=5', /no scenario/],
    ['no version', '#s=abc', /format number/],
    ['newer version', good.replace('#s=2.', '#s=7.'), /newer version.*format 7.*up to 2/],
    ['truncated', good.slice(0, good.length / 2), /damaged|cut short/],
    ['bad characters', `${good.slice(0, 40)}%%%${good.slice(40)}`, /characters/],
    [
      'not JSON',
      link('x').replace(/^#s=1\..*/, `#s=1.${compressToEncodedURIComponent('{nope')}`),
      /not a scenario/,
    ],
    ['a JSON array', `#s=1.${compressToEncodedURIComponent('[1,2]')}`, /not a scenario/],
    ['no scenario object', link({ v: { t: 1 } }), /holds no scenario/],
    [
      'invalid scenario',
      link({ s: { metadata: { name: 'x' }, node: { topology: { preset: 'p' } }, pods: 3 } }),
      /not valid: pods/,
    ],
  ])('%s', (_, input, reason) => {
    const r = decodePermalink(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toMatch(reason);
      expect(r.reason).toMatch(/^[A-Z].*[.)?]$/);
    }
  });

  it('drops __proto__, constructor and prototype keys before anything copies them', () => {
    const text =
      '{"s":{"metadata":{"name":"x","__proto__":{"polluted":true},"constructor":{"prototype":{"p":1}}},"node":{"topology":{"preset":"p"}},"pods":[]}}';
    const dec = decodePermalink(`#s=1.${compressToEncodedURIComponent(text)}`);
    expect(dec.ok).toBe(true);
    if (!dec.ok) return;
    expect(Object.keys(dec.scenario.metadata)).toEqual(['name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(dec.scenario.metadata)).toBe(Object.prototype);
    expect(parseJsonSafely('{"a":{"__proto__":1,"b":2}}')).toEqual({ a: { b: 2 } });
  });

  it('refuses deep nesting before parsing it', () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    expect(jsonNesting(deep, 64)).toBe(65);
    expect(jsonNesting('{"a":"[[[[[[","b":[1,{"c":"\\"[["}]}', 64)).toBe(3);
    const r = decodePermalink(`#s=1.${compressToEncodedURIComponent(`{"s":${deep}}`)}`);
    expect(r).toEqual({
      ok: false,
      reason: expect.stringMatching(/nested more than 64/) as string,
    });
  });
});

describe('bounded decompressor', () => {
  it('agrees with lz-string on everything lz-string compresses', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const enc = compressToEncodedURIComponent(text);
        expect(decompressUriSafeBounded(enc, 1_000_000)).toEqual({ ok: true, text });
      }),
      { numRuns: 300 },
    );
    for (const p of listPresets()) {
      expect(decompressUriSafeBounded(compressToEncodedURIComponent(p.text), 1e6)).toEqual({
        ok: true,
        text: p.text,
      });
    }
  });

  it('stops at its output limit', () => {
    const enc = compressToEncodedURIComponent('a'.repeat(50_000));
    expect(enc.length).toBeLessThan(1_000);
    expect(decompressUriSafeBounded(enc, 10_000)).toEqual({ ok: false, why: 'too-big' });
    expect(decompressUriSafeBounded(enc, 50_000)).toEqual({ ok: true, text: 'a'.repeat(50_000) });
  });

  it('reads spaces as the "+" that mailers turn them into', () => {
    const enc = compressToEncodedURIComponent('hello, world: a scenario'.repeat(5));
    expect(decompressUriSafeBounded(enc.replace(/\+/g, ' '), 1e6).ok).toBe(true);
  });
});
