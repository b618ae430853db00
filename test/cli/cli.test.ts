import { describe, expect, it } from 'vitest';
import { runScript } from '../helpers/run.js';

const cli = (args: string[], input?: string) => runScript('src/cli.ts', args, input === undefined ? {} : { input });

describe('the terminal front-end', () => {
  it('prints a search reply readably, as a member would see it', async () => {
    const r = await cli(['search', 'solana', 'kit']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\(only you can see this; pings: nobody\)\n\nResults for “solana kit”\n1\. Solana Kit · SDK · Anza — /);
    expect(r.stdout).toContain('menu (Open one of these…): solana-kit');
  });

  it('prints the hits and the exact Discord payload with --json', async () => {
    const r = await cli(['search', 'client', '--kind', 'SDK', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { query: string; hits: Record<string, unknown>[]; message: Record<string, unknown> };
    expect(out.query).toBe('client');
    expect(out.hits.length).toBeGreaterThan(0);
    expect(Object.keys(out.hits[0] ?? {})).toEqual(['id', 'name', 'form', 'kind', 'browse', 'maker', 'package', 'registry', 'score']);
    // Cards browsed under SDK come too; the hit JSON gives a card no kind.
    expect(out.hits.every((h) => h.kind === 'SDK' || (h.form === 'card' && h.kind === null))).toBe(true);
    expect(Object.keys(out.message)).toEqual(expect.arrayContaining(['embeds', 'components', 'allowed_mentions', 'flags']));
    expect(out.message.allowed_mentions).toEqual({ parse: [] });
  });

  it('reads one query a line from stdin and prints one JSON object a line', async () => {
    const r = await cli(['search', '-'], 'ancor\n\nmcp server\n');
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { query: string; hits: { id: string }[] });
    expect(lines.map((l) => l.query)).toEqual(['ancor', 'mcp server']);
    expect(lines[0]?.hits.length).toBeGreaterThan(0);
  });

  it('shows an entry, pages a kind, suggests, and lists every entry', async () => {
    const show = await cli(['show', '@solana/kit', '--json']);
    expect((JSON.parse(show.stdout) as { message: { embeds: { title: string }[] } }).message.embeds[0]?.title).toBe('Solana Kit');
    const kind = await cli(['kind', 'sdk', '--page', '2', '--json']);
    const page = JSON.parse(kind.stdout) as { query: string; hits: unknown[]; message: { embeds: { footer: { text: string } }[] } };
    expect(page.query).toBe('SDK');
    expect(page.message.embeds[0]?.footer.text).toMatch(/^Page 2 of \d+( · checked \w{3} \d{4})?$/);
    // The JSON names every entry browsed under the kind, cards with the tabular rows, not just the page.
    const ids = (JSON.parse((await cli(['kind', 'SDK', '--json'])).stdout) as { hits: { id: string }[] }).hits.map((h) => h.id);
    expect(ids).toEqual(expect.arrayContaining(['solana-kit', 'solana-web3-js', 'gill', 'solana-py', 'solana-go']));
    expect(ids.length).toBeGreaterThan(40);
    const suggest = await cli(['suggest', 'anch', '--json']);
    const choices = (JSON.parse(suggest.stdout) as { choices: { name: string; value: string }[] }).choices;
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    const list = await cli(['list', '--json']);
    expect((JSON.parse(list.stdout) as unknown[]).length).toBeGreaterThanOrEqual(150);
  });

  it.each([[['frobnicate']], [['kind', 'SDKS']], [['search']], [['search', '   ']], [[]]])(
    'prints usage and exits 2 for %j',
    async (args) => {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('usage: npm run cli -- <command> [options]');
      expect(r.stdout).toBe('');
    },
  );
});
