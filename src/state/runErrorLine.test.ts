import { describe, expect, it } from 'vitest';
import { runErrorLine } from './runErrorLine';

const text = [
  'apiVersion: kubeletscope/v1', // 1
  'kind: Scenario', // 2
  'node:', // 3
  '  topology: { preset: nope }', // 4
  'pods:', // 5
  '  - manifest:', // 6
  '      spec:', // 7
  '        containers:', // 8
  '          - name: app', // 9
  '            resources: { requests: { cpu: 2x5 } }', // 10
  "            command: ['sh', '-c', 'echo 2x5']", // 11
].join('\n');

describe('the line of a run failure', () => {
  it('puts a topology failure at the topology', () => {
    expect(runErrorLine(text, 'node topology: unknown topology preset "nope"; known: laptop')).toBe(
      4,
    );
  });

  it('puts a bad value at the line that holds it as a value', () => {
    expect(
      runErrorLine(text, 'container app requests cpu: invalid quantity "2x5": quantities must…'),
    ).toBe(10);
  });

  it('has no line when nothing in the text matches', () => {
    expect(runErrorLine(text, 'The simulation failed: boom')).toBeUndefined();
    expect(runErrorLine('a: 1', 'node topology: x')).toBeUndefined();
  });
});
