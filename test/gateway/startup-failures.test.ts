import { describe, expect, it } from 'vitest';
import { tempCatalogue } from '../helpers/temp-catalogue.js';
import { runScript } from '../helpers/run.js';

describe('npm start', () => {
  it('without a token prints one line naming DISCORD_TOKEN and exits non-zero', async () => {
    const r = await runScript('src/main.ts', [], { env: { DISCORD_TOKEN: '' } });
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^Cannot start: DISCORD_TOKEN is not set: set it to your bot token from the Discord Developer Portal/),
    ]);
  });

  it("with a bad catalogue prints the checker's messages and exits non-zero", async () => {
    const { dir, cleanup } = tempCatalogue({
      'a.yaml': 'category: X\nentries:\n  - id: Bad\n    name: X\n    form: tabular\n    kind: SDK\n    description: Fine.\n',
    });
    try {
      const r = await runScript('src/main.ts', [], { env: { DISCORD_TOKEN: 'MTAx.fake.token', CATALOGUE_DIR: dir } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('a.yaml:3 entry "X": id: is not a lowercase slug');
      expect(r.stderr).toMatch(/Cannot start: the catalogue has 1 problem in .* \(run npm run catalogue:check\)/);
      expect(r.stderr).not.toContain('MTAx.fake.token');
    } finally {
      cleanup();
    }
  });
});
