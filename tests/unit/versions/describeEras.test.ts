/**
 * kubectl 1.3's describe pod, held to what it printed in 2016 (a minikube pod of that year):
 *   Name:		monolith
 *   Controllers:	<none>
 *     Container ID:	docker://ed6c…
 *     Image:		kelseyhightower/monolith:1.0.0
 *     Image ID:		docker://sha256:e7dd…
 *     Requests:
 *       cpu:			200m
 *     State:			Running
 *     Restart Count:		0
 *     Environment Variables:	<none>
 *   QoS Tier:	Guaranteed
 * Tabs, not spaces: its tabwriter padded with '\t' (tabwidth 8, padding 1).
 */
import { describe, expect, it } from 'vitest';
import { helloPodOn } from './helloPodRun';
import { describePod } from '../../../src/sim/index';
import { tabwrite } from '../../../src/sim/views/tabwriter';

const run = helloPodOn;

/** A terminal's view of tab-padded text: each tab to the next multiple of 8. */
function expand(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

describe('kubectl 1.3 describe pod', () => {
  const r = run('1.3');
  const text = describePod(r, 'default/web', r.trace.steps.t.length);
  const lines = text.split('\n');

  it('prints the 1.3 fields, in its order, and none of the later ones', () => {
    expect(lines.slice(0, 8)).toEqual([
      'Name:\t\tweb',
      'Namespace:\tdefault',
      'Node:\t\tnode-1/10.0.0.10',
      expect.stringMatching(/^Start Time:\t\w{3}, /),
      'Labels:\t\tapp=web',
      'Status:\t\tRunning',
      expect.stringMatching(/^IP:\t\t10\./),
      'Controllers:\t<none>',
    ]);
    for (const later of [
      'Priority:',
      'Service Account:',
      'Annotations:',
      'IPs:',
      'Host Port:',
      'Mounts:',
      'Node-Selectors:',
      'Tolerations:',
      'QoS Class:',
    ])
      expect(text).not.toContain(later);
    expect(text).toContain('\nQoS Tier:\tBurstable\n');
    const at = (prefix: string) => lines.findIndex((l) => l.trimStart().startsWith(prefix));
    // Resources, then the state, then the probes, then the environment.
    expect(at('Limits:')).toBeLessThan(at('State:'));
    expect(at('Restart Count:')).toBeLessThan(at('Readiness:'));
    expect(lines[at('Readiness:') + 1]).toBe('    Environment Variables:\t<none>');
  });

  it('names the Docker runtime’s container and image ids', () => {
    expect(text).toMatch(/\n {4}Container ID:\tdocker:\/\/[0-9a-f]{64}\n/);
    expect(text).toMatch(/\n {4}Image ID:\t\tdocker:\/\/sha256:[0-9a-f]{64}\n/);
    expect(text).not.toContain('containerd://');
  });

  it('pads with tabs: each block’s values start at one tab stop', () => {
    const head = lines.slice(0, 8).map(expand);
    const starts = new Set(head.map((l) => l.indexOf(l.split(/:\s+/)[1]!)));
    expect(starts).toEqual(new Set([16]));
  });

  it('says "No volumes." where it had none to list', () => {
    const none = run('1.3', (spec) => (spec.automountServiceAccountToken = false));
    expect(describePod(none, 'default/web', none.trace.steps.t.length)).toContain(
      '\nNo volumes.\n',
    );
  });

  it('kubectl 1.18 had no Service Account line (kubectl 1.25 added it)', () => {
    const r18 = run('1.18');
    const t = describePod(r18, 'default/web', r18.trace.steps.t.length);
    expect(t).not.toContain('Service Account:');
    expect(t).toMatch(/\nQoS Class: +Burstable\n/);
  });

  it('today’s kubectl still pads with spaces and prints the later fields', () => {
    const now = run('1.34');
    const t = describePod(now, 'default/web', now.trace.steps.t.length);
    expect(t).toMatch(/\nService Account: +default\n/);
    expect(t).toMatch(/\nQoS Class: +Burstable\n/);
    expect(t).not.toContain('\t');
  });
});

describe('tabwriter padded with tabs', () => {
  it('rounds each column up to a tab stop past its widest cell plus padding', () => {
    expect(tabwrite('a:\tx\nlonger key:\ty', 1, '\t')).toBe('a:\t\tx\nlonger key:\ty');
    expect(tabwrite('1234567:\tx', 1, '\t')).toBe('1234567:\tx');
    expect(tabwrite('12345678:\tx', 1, '\t')).toBe('12345678:\tx');
  });
});
