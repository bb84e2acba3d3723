/**
 * The page's first evaluated module (main.tsx imports it first): the engine's worker is
 * created before React and the rest of the entry are evaluated, so its script and the
 * first run start that much earlier.
 */
import { prewarmEngineWorker } from './state/engine/spawnWorker';

// Marks for the bench's breakdown of the first diagram (tests/bench/browserNode.ts).
performance.mark('ks:entry');
prewarmEngineWorker(window.location.search);
