/**
 * A guided tour as data: a YAML file in presets/tours/, checked by this schema. A tour names
 * its preset; each step says where the cursor goes (a time, or the first step matching a
 * predicate, so engine timing changes cannot make it point at nothing), what to select, and
 * one or two sentences. A step may ask first ("predict, then reveal").
 */
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { isBundledPreset } from '../../state/presetTitles';
import { KUBELET_VERSIONS, momentSchema } from '../../sim';

const name = z.string().min(1).max(200);
const sentences = z.string().min(1).max(600);
const containerKey = z
  .string()
  .regex(/^[^/\s]+\/[^/\s]+\/[^/\s]+$/, 'a container is "ns/pod/name"');
const podKey = z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'a pod is "ns/pod"');

/** Where the cursor goes: a time, or a moment of the run (the scenario's own kind). */
export const atSchema = z.union([
  z.strictObject({ ms: z.number().int().min(0).max(86_400_000) }),
  momentSchema,
]);
export type TourAt = z.output<typeof atSchema>;

/** What the step selects and rings. */
export const targetSchema = z.union([
  z.strictObject({ container: containerKey }),
  z.strictObject({ pod: podKey }),
  z.strictObject({ cpu: z.number().int().min(0).max(4095) }),
  /** A span of a lane: the first of kind `span`, or the one under the cursor. */
  z.strictObject({ lane: name, group: name, span: z.string().min(1).max(40).optional() }),
]);
export type TourTarget = z.output<typeof targetSchema>;

const choiceSchema = z.strictObject({ text: name, correct: z.boolean().default(false) });

export const questionSchema = z
  .strictObject({
    prompt: sentences,
    choices: z.array(choiceSchema).min(2).max(6),
    /** Why the right answer is right; shown with the verdict. */
    explain: sentences,
    /** Where the cursor waits while the question is open (before the answer happens). */
    ask: atSchema.optional(),
  })
  .refine((q) => q.choices.filter((c) => c.correct).length === 1, {
    message: 'exactly one choice must be correct: true',
    path: ['choices'],
  });

const cpuKind = z.enum(['idle', 'shared', 'reserved', 'assigned', 'exclusive']);

/**
 * What a step's text says about the run at that step, as a predicate the tests check against
 * what the panels show there: a tour never says what the screen does not.
 */
export const claimSchema = z.union([
  /** An Event with this reason has (or, with `seen: false`, has not yet) been recorded. */
  z.strictObject({
    event: z.strictObject({
      reason: name,
      container: containerKey.optional(),
      pod: podKey.optional(),
      seen: z.boolean().default(true),
    }),
  }),
  /** The NUMA diagram draws this CPU in this state (held by this container). */
  z.strictObject({
    cpu: z.strictObject({
      id: z.number().int().min(0).max(4095),
      is: cpuKind,
      owner: containerKey.optional(),
    }),
  }),
  /** The cpuset last written for the container ("" when none was). */
  z.strictObject({ cpuset: z.strictObject({ container: containerKey, cpus: z.string() }) }),
  /** The Pods panel's row: READY ("1/1") and STATUS. */
  z.strictObject({
    pod: z.strictObject({
      pod: podKey,
      ready: z
        .string()
        .regex(/^\d+\/\d+$/)
        .optional(),
      status: name.optional(),
    }),
  }),
  /** The machine is in this state ("postStart", or a path's last part). */
  z.strictObject({ machine: z.strictObject({ id: name, in: name }) }),
  /** The playhead is at least / at most this far into the run (ms). */
  z.strictObject({
    time: z.strictObject({
      atLeast: z.number().int().min(0).optional(),
      atMost: z.number().int().min(0).optional(),
    }),
  }),
]);
export type TourClaim = z.output<typeof claimSchema>;

/** The Compare store action's overrides for run B (see applyCompare.ts). */
export const compareSchema = z.strictObject({
  cpuManagerPolicy: z.enum(['none', 'static']).optional(),
  topologyManagerPolicy: z.string().min(1).max(40).optional(),
  nodeTopology: z.string().min(1).max(80).optional(),
  kubeletVersion: z.enum(KUBELET_VERSIONS).optional(),
});
export type CompareOverrides = z.output<typeof compareSchema>;

const presetId = z.string().refine(isBundledPreset, { message: 'not a bundled preset id' });

export const stepSchema = z.strictObject({
  /** Another preset for this step (a tour across presets); the tour's by default. */
  preset: presetId.optional(),
  /** Which run of a Compare tour the step points at. */
  run: z.enum(['A', 'B']).optional(),
  at: atSchema,
  select: targetSchema.optional(),
  /** Which picture the step is about (scrolled into view on a phone); by its target by default. */
  look: z.enum(['timeline', 'diagram']).optional(),
  text: sentences,
  question: questionSchema.optional(),
  /** What the text (and the question's answer) claims about the run at this step. */
  claims: z.array(claimSchema).max(20).optional(),
});
export type TourStep = z.output<typeof stepSchema>;

export const tourSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and dashes'),
  title: name,
  summary: sentences,
  preset: presetId,
  compare: compareSchema.optional(),
  steps: z.array(stepSchema).min(1).max(40),
});
export type Tour = z.output<typeof tourSchema>;

export type TourParse = { ok: true; tour: Tour } | { ok: false; error: string };

/** Parses one tour file; a problem comes back as one sentence naming the file and field. */
export function parseTour(text: string, file: string): TourParse {
  let data: unknown;
  try {
    data = parseYaml(text, { maxAliasCount: 50 });
  } catch (e) {
    return { ok: false, error: `${file}: not YAML: ${e instanceof Error ? e.message : String(e)}` };
  }
  const r = tourSchema.safeParse(data);
  if (r.success) return { ok: true, tour: r.data };
  const problems = r.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
  return { ok: false, error: `${file}: ${problems.join('; ')}` };
}
