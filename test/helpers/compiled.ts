import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** What `npm run build` compiles (tsconfig.build.json) and where it puts it. */
const SHIPPED_SOURCES = ['src', 'commands'];
const OUT_DIR = 'dist';
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json'];

/**
 * `src/main.ts` → `dist/src/main.js`: where tsc puts the compiled form of a source file; a JSON module
 * (`src/search/weights.json`, a translation) is copied to the same place under `dist/`.
 */
export function compiledPath(source: string): string {
  return path.join(OUT_DIR, source.replace(/\.ts$/, '.js'));
}

/** The TypeScript sources and JSON modules under `dir` (or `dir` itself when it names one file). */
function sourceFiles(root: string, dir: string): string[] {
  if (dir.endsWith('.ts')) return [dir];
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, relative);
    const compiled = (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) || entry.name.endsWith('.json');
    return compiled ? [relative] : [];
  });
}

const mtime = (file: string): number | undefined => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * Why the compiled output under `root` cannot be trusted, one line per source: missing, or
 * older than its source or than the compiler settings. Empty when every output is current.
 * `sourceDirs` are folders, or single `.ts` files.
 */
export function staleOutputs(
  root: string,
  sourceDirs: readonly string[] = SHIPPED_SOURCES,
  configs: readonly string[] = CONFIGS,
): string[] {
  const newestConfig = Math.max(0, ...configs.map((config) => mtime(path.join(root, config)) ?? 0));
  const problems: string[] = [];
  for (const source of sourceDirs.flatMap((dir) => sourceFiles(root, dir))) {
    const output = compiledPath(source);
    const built = mtime(path.join(root, output));
    const changed = mtime(path.join(root, source)) ?? 0;
    if (built === undefined) problems.push(`${output} is missing (${source} was never compiled)`);
    else if (built < changed) problems.push(`${source} changed after ${output} was compiled`);
    else if (built < newestConfig) problems.push(`${output} is older than the compiler settings (${configs.join(', ')})`);
  }
  return problems;
}

const checked = new Set<string>();

/**
 * Throws, naming the fix, when the compiled output is missing or older than its sources:
 * tests must exercise what ships, never a stale `dist/`. Checks each set of sources once per process.
 */
export function assertCompiled(sourceDirs: readonly string[] = SHIPPED_SOURCES, configs: readonly string[] = CONFIGS): void {
  const key = [...sourceDirs, ...configs].join('\0');
  if (checked.has(key)) return;
  const problems = staleOutputs(ROOT, sourceDirs, configs);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).map((line) => `  ${line}`);
    if (problems.length > shown.length) shown.push(`  … and ${problems.length - shown.length} more`);
    throw new Error(
      `The compiled code in ${OUT_DIR}/ is out of date:\n${shown.join('\n')}\nRun \`npm run build:bench\` to compile it (npm test does this before running the tests).`,
    );
  }
  checked.add(key);
}

/** package.json `scripts`. */
function scripts(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  return pkg.scripts ?? {};
}

/** A script's words when it is one plain `node …` command (no shell needed to run it), else undefined. */
function plainNodeCommand(line: string): string[] | undefined {
  const words = line.trim().split(/\s+/);
  return words[0] === 'node' && !words.some((word) => /[|&;<>()$`"'\\*?]/.test(word)) ? words : undefined;
}

/**
 * The command line `npm start` runs (package.json `scripts.start`), with `node` replaced by
 * the running Node binary: the tests and the benchmark start the bot exactly as npm and the
 * Docker image do, without npm in between.
 */
export function startCommand(): [string, ...string[]] {
  const line = scripts().start ?? '';
  const words = plainNodeCommand(line);
  if (!words) throw new Error(`package.json "start" must be one plain \`node …\` command, to be started without a shell; it is: ${line}`);
  return [process.execPath, ...words.slice(1)];
}

/**
 * The command line of the npm script that runs `source` compiled and takes its arguments
 * (`src/cli.ts` → the `cli` script, `node --enable-source-maps dist/src/cli.js`), with `node`
 * replaced by the running Node binary.
 */
export function commandFor(source: string): [string, ...string[]] {
  const target = compiledPath(source);
  for (const line of Object.values(scripts())) {
    const words = plainNodeCommand(line);
    if (words?.at(-1) === target) return [process.execPath, ...words.slice(1)];
  }
  throw new Error(`No npm script in package.json runs ${target} as one plain \`node …\` command`);
}
