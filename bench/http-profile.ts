/**
 * Where our bot's time goes, from the `--cpu-prof` profiles `npm run bench:http -- --profile dir`
 * writes: only the samples taken while the measured requests ran (the bench notes that window
 * beside each profile), grouped by what is on the stack.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

interface Window {
  fromUs: number;
  toUs: number;
  /** Requests answered in the window. */
  requests: number;
}

/** Now on the monotonic clock V8's profiler stamps samples with (CLOCK_MONOTONIC, as process.hrtime), in microseconds. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

export function writeProfileWindow(dir: string, name: string, window: Window): void {
  writeFileSync(path.join(dir, `${name}.window.json`), JSON.stringify(window));
}

/** What a frame belongs to: our folders by name, the libraries that matter, Node's own parts. */
function groupOf({ url, functionName }: CallFrame): string {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(program)') return 'V8 (program)';
  if (functionName === '(idle)') return 'idle';
  if (/node_modules\/(pino|sonic-boom|fast-redact|@pinojs|thread-stream)|\/src\/runtime\/log\.js/.test(url)) return 'logging (pino)';
  if (url.includes('node_modules/prom-client') || url.includes('/src/runtime/metrics.js')) return 'metrics';
  if (url.includes('/src/http/signature.js') || url.includes('node:internal/crypto')) return 'signature';
  for (const part of ['search', 'render', 'i18n', 'base', 'http', 'runtime', 'catalogue'])
    if (url.includes(`/dist/src/${part}/`)) return `src/${part}`;
  if (url.includes('/dist/commands/')) return 'commands';
  if (url.includes('/dist/src/main.js')) return 'src/main';
  if (url === '' && (functionName === 'parse' || functionName === 'stringify')) return 'JSON';
  if (url.includes('node_modules/')) return `node_modules/${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? '?'}`;
  if (/^node:(_http|http|net|stream|internal\/(streams|http|net|stream_base))/.test(url)) return 'node http/net';
  if (url.startsWith('node:')) return 'node other';
  return url === '' ? `native ${functionName || '(anonymous)'}` : 'other';
}

const short = (f: CallFrame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${String(f.lineNumber + 1)}`;

/** One profile's busy time in the window: self time by group and function, and the share of samples with each group on the stack. */
function summariseOne(profile: CpuProfile, window: Window | undefined, name: string): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const selfGroup = new Map<string, number>();
  const onStack = new Map<string, number>();
  const selfFn = new Map<string, number>();
  const underFn = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, k) => {
    at += profile.timeDeltas[k] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) return;
    const dt = profile.timeDeltas[k + 1] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    const group = groupOf(node.callFrame);
    if (group === 'idle') {
      idle += dt;
      return;
    }
    busy += dt;
    selfGroup.set(group, (selfGroup.get(group) ?? 0) + dt);
    const fn = short(node.callFrame);
    selfFn.set(fn, (selfFn.get(fn) ?? 0) + dt);
    const groups = new Set<string>();
    const fns = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const frame = byId.get(cur)?.callFrame;
      if (!frame) continue;
      groups.add(groupOf(frame));
      if (/\/dist\/(src|commands)\//.test(frame.url) || (frame.url === '' && /^(parse|stringify)$/.test(frame.functionName)))
        fns.add(short(frame));
    }
    for (const g of groups) onStack.set(g, (onStack.get(g) ?? 0) + dt);
    for (const f of fns) underFn.set(f, (underFn.get(f) ?? 0) + dt);
  });
  const perRequest = (us: number) => (window ? `${(us / window.requests).toFixed(0).padStart(4)} µs/req` : '');
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}% ${perRequest(us)}`;
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `    ${pct(us)}  ${key}`);
  return [
    `${name}: ${(busy / 1000).toFixed(0)} ms busy (${perRequest(busy).trim() || 'whole run: no window found'}), ${(idle / 1000).toFixed(0)} ms idle`,
    '  self time by group:',
    ...top(selfGroup, 14),
    '  share of busy time with the group anywhere on the stack:',
    ...top(onStack, 14),
    '  self time by function:',
    ...top(selfFn, 20),
    '  share of busy time under each of our functions (and JSON), callees included:',
    ...top(underFn, 30),
  ].join('\n');
}

/** A summary of every profile in `dir`. */
export function profileSummary(dir: string): string {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort();
  if (files.length === 0) return `no .cpuprofile in ${dir}`;
  return files
    .map((file) => {
      const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
      const name = file.replace(/\.cpuprofile$/, '');
      let window: Window | undefined;
      try {
        window = JSON.parse(readFileSync(path.join(dir, `${name}.window.json`), 'utf8')) as Window;
      } catch {
        window = undefined;
      }
      return summariseOne(profile, window, name);
    })
    .join('\n\n');
}
