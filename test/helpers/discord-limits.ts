import { ComponentType, type APIEmbed } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { embedLength } from '../../src/render/fit.js';
import { DISCORD_LIMITS as L } from '../../src/base/limits.js';
import type { MessagePayload } from '../../src/render/payload.js';

/** Every Discord limit a message must respect, checked independently of the code that enforces them. */
export function expectWithinDiscordLimits(p: MessagePayload): void {
  expect(p.content?.length ?? 0).toBeLessThanOrEqual(L.content);
  expect(p.embeds.length).toBeLessThanOrEqual(L.embedsPerMessage);
  expect(p.embeds.reduce((n, e) => n + embedLength(e), 0)).toBeLessThanOrEqual(L.embedTotal);
  p.embeds.forEach(expectEmbedWithinLimits);
  expect(p.components.length).toBeLessThanOrEqual(L.actionRows);
  const ids = new Set<string>();
  for (const row of p.components) {
    expect(row.components.length).toBeGreaterThan(0);
    expect(row.components.length).toBeLessThanOrEqual(L.buttonsPerRow);
    for (const c of row.components) {
      if ('custom_id' in c && c.custom_id) {
        expect(c.custom_id.length).toBeLessThanOrEqual(L.customId);
        expect(ids.has(c.custom_id), `duplicate custom id ${c.custom_id}`).toBe(false);
        ids.add(c.custom_id);
      }
      if (c.type === ComponentType.Button && 'label' in c) expect(c.label.length).toBeLessThanOrEqual(L.buttonLabel);
      if (c.type === ComponentType.StringSelect) {
        expect(c.options.length).toBeGreaterThan(0);
        expect(c.options.length).toBeLessThanOrEqual(L.selectOptions);
        for (const o of c.options) {
          expect(o.label.length).toBeGreaterThan(0);
          expect(o.label.length).toBeLessThanOrEqual(L.selectOptionLabel);
          expect(o.value.length).toBeLessThanOrEqual(L.selectOptionValue);
          expect(o.description?.length ?? 0).toBeLessThanOrEqual(L.selectOptionDescription);
        }
        expect(new Set(c.options.map((o) => o.value)).size).toBe(c.options.length);
      }
    }
  }
}

function expectEmbedWithinLimits(e: APIEmbed): void {
  expect(e.title?.length ?? 0).toBeLessThanOrEqual(L.embedTitle);
  expect(e.author?.name.length ?? 0).toBeLessThanOrEqual(L.authorName);
  expect(e.description?.length ?? 0).toBeLessThanOrEqual(L.embedDescription);
  expect(e.footer?.text.length ?? 0).toBeLessThanOrEqual(L.footer);
  expect(e.fields?.length ?? 0).toBeLessThanOrEqual(L.embedFields);
  for (const f of e.fields ?? []) {
    expect(f.name.length).toBeGreaterThan(0);
    expect(f.name.length).toBeLessThanOrEqual(L.fieldName);
    expect(f.value.length).toBeGreaterThan(0);
    expect(f.value.length).toBeLessThanOrEqual(L.fieldValue);
  }
}

/** Every text a member would see in the message, one piece per place Discord renders on its own. */
export function visibleParts(p: MessagePayload): string[] {
  const parts = [p.content ?? ''];
  for (const e of p.embeds)
    parts.push(
      e.author?.name ?? '',
      e.title ?? '',
      e.description ?? '',
      e.footer?.text ?? '',
      ...(e.fields ?? []).flatMap((f) => [f.name, f.value]),
    );
  return parts;
}

/**
 * Nobody is pinged except, at most, the one member a reply is suggested to; no raw mass mention
 * or unescaped user/role mention shows, other than the ones the bot wrote itself (`shownUsers`).
 */
export function expectPingsAtMost(p: MessagePayload, pingable?: string, shownUsers: string[] = pingable ? [pingable] : []): void {
  expect(p.allowed_mentions.parse).toEqual([]);
  expect(p.allowed_mentions.users ?? []).toEqual(pingable ? [pingable] : []);
  // Code renders mentions as plain text (and install commands must copy exactly); footers and author lines render no markdown.
  // Each part is parsed on its own, as Discord does: a code span never runs from one field into the next.
  const text = visibleParts({ ...p, embeds: p.embeds.map(({ footer: _f, author: _a, ...e }) => e) })
    .map(markdownOutsideCode)
    .join('\n');
  expect(text).not.toMatch(/@(everyone|here)/i);
  for (const m of text.matchAll(/(\\)?<@([!&]?)(\d+)>/g)) {
    if (m[1]) continue; // escaped: shown as text, not a mention
    expect(m[2], 'role mention').toBe('');
    expect(shownUsers).toContain(m[3]);
  }
}

/**
 * The text that Discord would parse for mentions: code spans and blocks dropped, escaped characters
 * replaced by a placeholder. One left-to-right pass, as Discord reads it: inside code a backslash is
 * literal (so `` `<@&1>\` `` is a whole code span), and outside code `\`` is an escaped backtick.
 */
export function markdownOutsideCode(text: string): string {
  const codeBlock = /```[\s\S]*?```/y;
  const codeSpan = /(`+)([\s\S]*?[^`])\1(?!`)/y;
  let out = '';
  for (let i = 0; i < text.length;) {
    if (text[i] === '\\' && i + 1 < text.length && /[^\w\s]/.test(text[i + 1]!)) {
      out += '\u0001';
      i += 2;
      continue;
    }
    if (text[i] === '`') {
      let matched = false;
      for (const re of [codeBlock, codeSpan]) {
        re.lastIndex = i;
        const m = re.exec(text);
        if (m) {
          i += m[0].length;
          matched = true;
          break;
        }
      }
      if (matched) continue;
    }
    out += text.charAt(i);
    i += 1;
  }
  return out;
}

/** Autocomplete choices as Discord takes them: at most 25, names and values of 1 to 100 characters. */
export function expectChoicesWithinLimits(choices: readonly { name: string; value: string }[]): void {
  expect(choices.length).toBeLessThanOrEqual(L.autocompleteChoices);
  for (const choice of choices) {
    expect(choice.name.length).toBeGreaterThan(0);
    expect(choice.name.length).toBeLessThanOrEqual(L.choiceName);
    expect(choice.value.length).toBeGreaterThan(0);
    expect(choice.value.length).toBeLessThanOrEqual(L.choiceValue);
  }
}
