import { spawn } from 'node:child_process';
import { assertCompiled, commandFor, ROOT } from './compiled.js';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the project's entry points as its npm script does: node on the compiled
 * JavaScript with source maps (`src/cli.ts` runs as `dist/src/cli.js`), with a hard time limit.
 */
export function runScript(
  script: string,
  args: string[],
  { env = {}, input, timeoutMs = 15_000 }: { env?: Record<string, string | undefined>; input?: string; timeoutMs?: number } = {},
): Promise<RunResult> {
  assertCompiled();
  const [node, ...flags] = commandFor(script);
  return new Promise((resolve, reject) => {
    const child = spawn(node, [...flags, ...args], {
      cwd: ROOT,
      // A clean environment: no developer .env values or tokens leak into the test.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_OPTIONS: '',
        DOTENV_CONFIG_PATH: '/nonexistent/.env',
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} ${args.join(' ')} did not finish within ${timeoutMs} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input ?? '');
  });
}
