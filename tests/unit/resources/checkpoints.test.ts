import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fnv32a } from '../../../src/sim/policies/cpumanager/checkpoint';
import { memoryCheckpointJSON } from '../../../src/sim/policies/memorymanager/checkpoint';
import {
  allocResponseBytes,
  base64,
  deviceCheckpointHashInput,
  type PodDevicesEntryJSON,
} from '../../../src/sim/policies/devicemanager/checkpoint';

const real = (name: string) =>
  readFileSync(
    new URL(`../../fixtures/real/resource-managers/${name}`, import.meta.url),
    'utf8',
  ).trim();

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'base64'));
}

describe('device and memory checkpoints as the kubelet writes them', () => {
  it.each([
    'kubelet_internal_checkpoint.3gpu-two-pods.json',
    'kubelet_internal_checkpoint.tegra.json',
  ])('%s: the checksum the kubelet wrote is the one computed over its data', (name) => {
    const file = JSON.parse(real(name)) as {
      Data: {
        PodDeviceEntries: PodDevicesEntryJSON[];
        RegisteredDevices: Record<string, string[]>;
      };
      Checksum: number;
    };
    const entries = file.Data.PodDeviceEntries.map((entry) => ({
      entry,
      bytes: fromBase64(entry.AllocResp),
    }));
    expect(fnv32a(deviceCheckpointHashInput(entries, file.Data.RegisteredDevices))).toBe(
      file.Checksum,
    );
    // Any change of the data changes it.
    const moved = { ...file.Data.RegisteredDevices, x: [] };
    expect(fnv32a(deviceCheckpointHashInput(entries, moved))).not.toBe(file.Checksum);
  });

  it("encodes NVIDIA's device plugin's answer as the kubelet stored it", () => {
    const file = JSON.parse(real('kubelet_internal_checkpoint.tegra.json')) as {
      Data: { PodDeviceEntries: PodDevicesEntryJSON[] };
    };
    expect(base64(allocResponseBytes('nvidia.com/gpu', ['tegra']))).toBe(
      file.Data.PodDeviceEntries[0]!.AllocResp,
    );
  });

  it('writes the None policy memory_manager_state byte for byte', () => {
    expect(memoryCheckpointJSON('None', {}, {})).toBe(real('memory_manager_state.none.json'));
  });
});
