import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT, startCommand } from '../helpers/compiled.js';
import { freePort } from '../helpers/redis.js';

// There is no Docker engine where the tests run: these check the Dockerfile against what the tests
// do run, so the image cannot drift from the tested command line or the Node the project pins.
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
const stages = instructions.join('\n').split(/^(?=FROM )/m);
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };

describe('the Docker image', () => {
  it('starts the bot with the command line npm start runs, which the end-to-end tests run', () => {
    const cmd = instructions.filter((line) => line.startsWith('CMD '));
    expect(cmd).toHaveLength(1);
    const argv = JSON.parse((cmd[0] ?? '').slice('CMD '.length)) as string[];
    expect(argv).toEqual(['node', ...startCommand().slice(1)]);
  });

  it('builds on one base image, pinned by digest, with the Node version the project pins', () => {
    const bases = instructions.filter((line) => line.startsWith('FROM ')).map((line) => line.split(/\s+/)[1]);
    expect(bases).toHaveLength(2);
    expect(new Set(bases).size).toBe(1);
    const match = /^node:(\d+\.\d+\.\d+)-bookworm-slim@sha256:[0-9a-f]{64}$/.exec(bases[0] ?? '');
    expect(match, `base image ${bases[0]} is not node:<x.y.z>-bookworm-slim@sha256:<digest>`).not.toBeNull();
    expect(match?.[1]).toBe(lock.packages['node_modules/node']?.version);
  });

  it('compiles in the build stage and installs production dependencies only, without running the build, at runtime', () => {
    const [build, runtime] = stages.filter((stage) => stage.startsWith('FROM '));
    expect(build).toMatch(/^RUN npm ci --ignore-scripts\b/m);
    expect(build).toMatch(/^RUN npm run build\b/m);
    const installs = runtime?.split('\n').filter((line) => /\bnpm ci\b/.test(line)) ?? [];
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/--omit=dev\b/);
    expect(installs[0]).toMatch(/--ignore-scripts\b/);
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(runtime).toMatch(/^USER node$/m);
  });
});

describe('the health check and the compose deployment', () => {
  const healthcheck = instructions.find((line) => line.startsWith('HEALTHCHECK '));
  const argv = JSON.parse(/CMD (\[.*\])$/.exec(healthcheck ?? '')?.[1] ?? '[]') as string[];
  const probe = (port: number) =>
    new Promise<number | null>((resolve) => {
      // Asynchronously: the server answering the probe lives in this process.
      const proc = spawn(argv[0]!, argv.slice(1), { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
      proc.on('exit', (code) => {
        resolve(code);
      });
    });

  it("runs node's fetch against /healthz on PORT: exit 0 when it answers 200, 1 when nothing listens", async () => {
    expect(argv[0]).toBe('node');
    const server = createServer((req, res) => {
      res.writeHead(req.url === '/healthz' ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      expect(await probe((server.address() as AddressInfo).port)).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await probe(await freePort())).toBe(1);
  });

  it('runs two HTTP-mode replicas sharing Redis behind a proxy that forwards to them', () => {
    const compose = parse(readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8')) as {
      services: Record<string, { environment?: Record<string, string>; deploy?: { replicas?: number }; image?: string; build?: string }>;
    };
    const { bot, redis, proxy } = compose.services;
    expect(bot?.build).toBe('..');
    expect(bot?.deploy?.replicas).toBe(2);
    expect(bot?.environment).toMatchObject({ INTERACTIONS_MODE: 'http', REDIS_URL: 'redis://redis:6379' });
    expect(redis?.image).toMatch(/^redis:/);
    expect(proxy?.image).toMatch(/^nginx:/);
    const nginx = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toContain(`server bot:${bot?.environment?.PORT ?? ''} resolve;`);
    expect(nginx).toMatch(/proxy_pass http:\/\/bot_replicas;/);
  });
});
