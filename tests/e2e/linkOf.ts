/**
 * A link in format 1 made from a preset file, for specs that need a particular
 * scenario in a link (written out here because lz-string is CommonJS, which the
 * spec loader cannot import by name).
 */
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { parse } from 'yaml';

/** The hello-pod preset renamed `name` (its caption too), as a `#s=` fragment. */
export function encode(name: string): string {
  const s = parse(readFileSync('presets/hello-pod.yaml', 'utf8')) as Record<string, unknown>;
  delete s.apiVersion;
  delete s.kind;
  s.metadata = { ...(s.metadata as object), name, caption: name };
  return `#s=2.${LZString.compressToEncodedURIComponent(JSON.stringify({ s }))}`;
}
