/** A strict reader of Prometheus text exposition: throws on any line that is not a comment or a sample. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// Values are read as Go's ParseFloat reads them, ignoring case: prom-client writes "Nan" (a gauge with no samples yet).
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[Nn][Aa][Nn]|[+-][Ii][Nn][Ff]))(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]!.replace(/inf$/i, 'Infinity').replace(/^nan$/i, 'NaN')) });
  }
  return samples;
}
