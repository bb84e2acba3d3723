/**
 * npm run replay -- <file> [--format events|scenario|diff] [--year N]
 * Reads real kubelet output (logs, kubectl output, state files; UTF-8 or UTF-16 with a BOM)
 * line by line and prints the recognised records as JSON (`events`), a scenario that
 * `npm run simulate` runs (`scenario`), or the differences between the input and the model's run
 * of that scenario (`diff`: a JSON array, and a one-line summary on stderr). Unusable input exits
 * 1 with one line on stderr.
 */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { eventRow, Replayer, unusable } from '../src/replay';
import { diffJson, diffRecords, diffSummary } from '../src/replay/compare';
import { InputDecoder } from '../src/replay/decode';
import { replayOfRun } from '../src/replay/fromTrace';
import { keepForScenario, reconstructScenario } from '../src/replay/scenario';
import { parseScenario, simulate } from '../src/sim';
import { registerAllKubelets } from '../src/sim/versions/all';

// The rebuilt scenario runs at the kubelet version the input points to: any of them.
registerAllKubelets();

type Format = 'events' | 'scenario' | 'diff';

function fail(msg: string, code = 1): number {
  process.stderr.write(`replay: ${msg}\n`);
  return code;
}

const USAGE = 'usage: replay <file> [--format events|scenario|diff] [--year N]';

async function main(argv: string[]): Promise<number> {
  let file: string | undefined;
  let format: Format = 'events';
  // klog and journald lines carry no year: the user's, else this one.
  let year = new Date().getUTCFullYear();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--format') {
      const f = argv[++i];
      if (f !== 'events' && f !== 'scenario' && f !== 'diff')
        return fail(`unknown format "${f ?? ''}"\n${USAGE}`, 2);
      format = f;
    } else if (a === '--year') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1970 || n > 9999)
        return fail(`--year takes a year such as 2025\n${USAGE}`, 2);
      year = n;
    } else if (a.startsWith('--')) return fail(`unknown option ${a}\n${USAGE}`, 2);
    else if (file === undefined) file = a;
    else return fail(`one input file only\n${USAGE}`, 2);
  }
  if (!file) return fail(`missing input file\n${USAGE}`, 2);
  // Streaming: `events` rows are written as they are read (only the first "[" waits for a
  // record, so unusable input prints nothing); `scenario` keeps only what it rebuilds from;
  // `diff` keeps every record with its line.
  let origin: number | null = null;
  let out: string[] = [];
  const flush = () => {
    if (out.length) process.stdout.write(out.join(''));
    out = [];
  };
  const replayer = new Replayer(
    format === 'diff'
      ? { year }
      : {
          year,
          sink:
            format === 'events'
              ? (e) => {
                  const first = origin === null;
                  origin ??= e.us;
                  const row = JSON.stringify(eventRow(e, origin), null, 2).replace(/^/gm, '  ');
                  out.push(first ? `[\n${row}` : `,\n${row}`);
                  if (out.length >= 2000) flush();
                }
              : () => {},
          keep: keepForScenario,
        },
  );
  try {
    const decoder = new InputDecoder();
    let rest = '';
    const feed = (text: string) => {
      rest += text;
      let start = 0;
      for (;;) {
        const nl = rest.indexOf('\n', start);
        if (nl < 0) break;
        replayer.push(rest.slice(start, nl));
        start = nl + 1;
      }
      rest = rest.slice(start);
    };
    for await (const chunk of createReadStream(file)) feed(decoder.push(chunk as Buffer));
    feed(decoder.end());
    if (rest !== '') replayer.push(rest);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return fail(
      `${file}: ${err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'is a directory' : err.message}`,
    );
  }
  const result = replayer.finish();
  const why = unusable(result);
  if (why) return fail(`${file}: ${why}`);
  const summary =
    `replay: ${result.recognised} records from ${result.lines} lines (${result.formats.join(', ')}); ` +
    `${result.skipped} skipped, ${result.unknownMessages} not keyed on; kubelet ${result.version.label} ` +
    `(runs as ${result.version.version})\n`;
  if (format === 'events') {
    out.push('\n]\n');
    flush();
    process.stderr.write(summary);
    return 0;
  }
  const { yaml } = reconstructScenario(result, { source: basename(file) });
  const check = parseScenario(yaml);
  if (!check.ok)
    return fail(
      `${file}: the reconstructed scenario does not validate: ${check.problems[0]?.path ?? ''}: ${check.problems[0]?.message ?? ''}`,
    );
  if (format === 'scenario') {
    process.stdout.write(yaml);
    process.stderr.write(summary);
    return 0;
  }
  const run = simulate(check.scenario);
  const diff = diffRecords(result, replayOfRun(run));
  process.stdout.write(`${JSON.stringify(diffJson(diff), null, 2)}\n`);
  process.stderr.write(`replay: ${diffSummary(diff)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    // Never a stack trace: one line.
    process.stderr.write(`replay: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
