/**
 * The engine as one bundled ES module, for a commit of this repository or for the working tree,
 * so two engines can be timed side by side in one process. Both are bundled the same way (Vite
 * library build of src/sim/index.ts, not minified), so the ratio compares the engines' own work,
 * not tsx's per-module transpiling against a bundle. A commit's tree comes from `git archive`
 * and its bundle is cached under bench/.baseline/<commit>/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/** What the bench calls on an engine: validate a scenario's input, then run it. */
export interface EngineModule {
  validateScenario(input: unknown): { ok: boolean; scenario?: unknown; problems?: unknown };
  simulate(scenario: unknown): { trace: { steps: { t: ArrayLike<number> } } };
}

const CACHE = 'bench/.baseline';

async function bundle(root: string, outDir: string): Promise<string> {
  const entry = resolve(root, 'src/sim/index.ts');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    // The engine's preset index uses import.meta.glob over presets/: the tree has them.
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      lib: { entry, formats: ['es'], fileName: () => 'engine.mjs' },
      rolldownOptions: { treeshake: { moduleSideEffects: false } },
    },
  });
  return resolve(outDir, 'engine.mjs');
}

async function load(file: string): Promise<EngineModule> {
  return (await import(pathToFileURL(file).href)) as EngineModule;
}

/**
 * The engine at `commit`, built once from `git archive` of its src/ and presets/. Null (with
 * the reason on stderr) when the clone has no such commit, e.g. a shallow clone.
 */
export async function engineAtCommit(commit: string): Promise<EngineModule | null> {
  const dir = resolve(CACHE, commit);
  const out = resolve(dir, 'bundle/engine.mjs');
  if (!existsSync(out)) {
    try {
      execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
    } catch {
      process.stderr.write(
        `\nbench: commit ${commit} is not in this clone (shallow?): its comparison is skipped\n`,
      );
      return null;
    }
    const tree = resolve(dir, 'tree');
    rmSync(tree, { recursive: true, force: true });
    mkdirSync(tree, { recursive: true });
    const tar = resolve(dir, 'tree.tar');
    execFileSync('git', ['archive', '--format=tar', '-o', tar, commit, 'src', 'presets']);
    execFileSync('tar', ['-x', '-f', tar, '-C', tree]);
    rmSync(tar);
    await bundle(tree, resolve(dir, 'bundle'));
  }
  return load(out);
}

/** The working tree's engine, bundled as engineAtCommit bundles a commit's. */
export async function engineOfWorkingTree(): Promise<EngineModule> {
  return load(await bundle(process.cwd(), resolve(CACHE, 'working-tree')));
}
