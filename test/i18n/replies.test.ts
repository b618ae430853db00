import { describe, expect, it } from 'vitest';
import { SUPPORTED_LOCALES, type SupportedLocale } from '../../src/i18n/index.js';
import type { MessagePayload } from '../../src/render/payload.js';
import { pressComponent, run, runSubcommand } from '../helpers/commands.js';
import { choiceLabel } from '../../src/render/choices.js';
import { expectWithinDiscordLimits } from '../helpers/discord-limits.js';
import { fixtureIndex } from '../helpers/fixture-index.js';
import { encodeCustomId } from '../../src/render/custom-ids.js';

const index = fixtureIndex();
const as = (locale: SupportedLocale) => ({ caller: { locale } });
const labels = (p: MessagePayload) =>
  p.components
    .flatMap((r) => r.components)
    .flatMap((c) => ('label' in c && c.label ? [c.label] : 'placeholder' in c && c.placeholder ? [c.placeholder] : []));

describe('a member whose Discord speaks Spanish', () => {
  it('gets Spanish headings and buttons on an entry; the catalogue text stays as written', async () => {
    const p = await runSubcommand(index, 'show', { name: 'solana-kit', hide: true }, as('es-ES'));
    expect(labels(p)).toEqual(['Compartir', 'Abrir', 'Copiar instalación']);
    expect(p.embeds[0]?.fields?.map((f) => f.name)).toEqual(['Autor', 'Paquete', 'Instalar']);
    expect(p.embeds[0]?.description).toBe('The modern TypeScript SDK for Solana.');
  });

  it('gets a Spanish search heading, footer and menu', async () => {
    const p = await runSubcommand(index, 'search', { query: 'example sdk' }, as('es-ES'));
    expect(p.embeds[0]?.title).toBe('Resultados para «example sdk»');
    expect(p.embeds[0]?.footer?.text).toMatch(/^\d+ de \d+ resultados · abre uno abajo$/);
    expect(labels(p)).toEqual(['Abre uno de estos…']);
  });

  it('gets a Spanish kind page, page count and Previous/Next', async () => {
    const p = await runSubcommand(index, 'kind', { kind: 'SDK' }, as('es-ES'));
    expect(p.embeds[0]?.title).toBe('SDK · 23 recursos');
    expect(p.embeds[0]?.footer?.text).toBe('Página 1 de 3');
    expect(labels(p)).toEqual(['Abre uno de estos…', '◀ Anterior', 'Siguiente ▶']);
  });

  it('is told "nothing matched" and refused in Spanish', async () => {
    const p = await runSubcommand(index, 'search', { query: 'zzqqxx' }, as('es-ES'));
    expect(p.embeds[0]?.title).toBe('Nada en el catálogo para «zzqqxx»');
    expect(p.embeds[0]?.description).toContain('`/recurso tipo`');
    await expect(runSubcommand(index, 'search', { query: ' ' }, as('es-ES'))).rejects.toThrow(
      'Escribe una o dos palabras para buscar, por ejemplo `/recurso buscar consulta:python sdk`.',
    );
    await expect(
      pressComponent(index, encodeCustomId({ action: 'delete', owner: '999' }), { caller: { locale: 'es-ES', userId: '111' } }),
    ).rejects.toThrow('Solo quien pidió esta respuesta, o un moderador, puede quitarla.');
  });

  it('sees autocomplete choices in Spanish', async () => {
    const answer = await run(
      index,
      { type: 'autocomplete', command: 'resource', subcommand: 'search', focused: { name: 'query', value: 'solana' } },
      as('es-ES'),
    );
    const choices = answer.type === 'choices' ? answer.choices : [];
    expect(choices[0]?.name).toBe('🔎 Buscar «solana»');
    expect(choices).toContainEqual({ name: 'Solana Kit — SDK · Anza', value: 'solana-kit' });
    expect(choiceLabel(index.get('rpc-reference')!, 'es-ES')).toBe('Solana RPC reference — Documentación');
  });
});

describe('every language', () => {
  it.each(SUPPORTED_LOCALES)('%s: the replies stay within Discord limits and leave no placeholder unfilled', async (locale) => {
    const replies = [
      await runSubcommand(index, 'show', { name: 'solana-bankrun' }, as(locale)),
      await runSubcommand(index, 'show', { name: 'solana-kit', hide: true, mention: '222' }, as(locale)),
      await runSubcommand(index, 'search', { query: 'example sdk', kind: 'SDK' }, as(locale)),
      await runSubcommand(index, 'search', { query: 'zzqqxx' }, as(locale)),
      await runSubcommand(index, 'kind', { kind: 'DOCS' }, as(locale)),
      await runSubcommand(index, 'kind', { kind: 'SDK', page: 2 }, as(locale)),
    ];
    for (const p of replies) {
      expectWithinDiscordLimits(p);
      expect(JSON.stringify(p)).not.toMatch(/\{(kind|count|query|command|name|status|shown|pages?|words|example|member|sharer|maker)\}/);
    }
  });
});
