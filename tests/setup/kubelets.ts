/**
 * Every kubelet version's code is loaded on demand in the browser (versions/index.ts); the unit
 * tests run every version, so all are registered before any test file runs.
 */
import { registerAllKubelets } from '../../src/sim/versions/all';

registerAllKubelets();
