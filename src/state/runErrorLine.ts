/**
 * Where in the scenario's text a run failure belongs. The schema accepted the text but
 * the run refused it (an unknown topology preset, a quantity the kubelet cannot read):
 * the engine's message names the field's value or the node's topology, not a line, so
 * the line is found from that: the topology's key, or the line holding the quoted value.
 */
export function runErrorLine(text: string, message: string): number | undefined {
  const lines = text.split('\n');
  const find = (test: (l: string) => boolean) => {
    const i = lines.findIndex(test);
    return i < 0 ? undefined : i + 1;
  };
  if (/^node topology\b/.test(message)) {
    const at = find((l) => /^\s*topology\s*:/.test(l));
    if (at !== undefined) return at;
  }
  for (const m of message.matchAll(/"([^"\n]{1,200})"/g)) {
    const value = m[1]!;
    // The value as YAML writes it: bare, or in either kind of quotes, after a key or a dash.
    const at = find((l) => {
      const i = l.indexOf(value);
      if (i < 0) return false;
      const before = l.slice(0, i).replace(/["']$/, '');
      return /(:|-|,|\[|\{)\s*$/.test(before);
    });
    if (at !== undefined) return at;
  }
  return undefined;
}
