import type { APIEmbed } from 'discord-api-types/v10';
import { DISCORD_LIMITS as L } from '../base/limits.js';
import type { MessagePayload } from './payload.js';
import { plainLabel, truncate } from '../base/text.js';

/** Characters Discord counts toward the 6000-character budget of one embed. */
export function embedLength(e: APIEmbed): number {
  return (
    (e.title?.length ?? 0) +
    (e.description?.length ?? 0) +
    (e.footer?.text.length ?? 0) +
    (e.author?.name.length ?? 0) +
    (e.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0)
  );
}

function fitEmbed(e: APIEmbed): APIEmbed {
  const out: APIEmbed = { ...e };
  if (out.title !== undefined) out.title = truncate(out.title, L.embedTitle);
  if (out.author) out.author = { ...out.author, name: truncate(out.author.name, L.authorName) };
  if (out.description !== undefined) out.description = truncate(out.description, L.embedDescription);
  if (out.footer) out.footer = { ...out.footer, text: truncate(out.footer.text, L.footer) };
  if (out.url !== undefined && out.url.length > L.url) delete out.url;
  if (out.fields) {
    out.fields = out.fields.slice(0, L.embedFields).map((f) => ({
      ...f,
      name: truncate(f.name, L.fieldName) || '\u200b',
      value: truncate(f.value, L.fieldValue) || '—',
    }));
  }
  return out;
}

/**
 * The last guard before anything is sent: cuts every part of a payload to Discord's limits,
 * so a hostile catalogue entry or query can make a reply shorter, never rejected.
 */
export function fitMessage(payload: MessagePayload): MessagePayload {
  const embeds = payload.embeds.slice(0, L.embedsPerMessage).map(fitEmbed);
  // Over the shared 6000 budget: shorten the longest descriptions first.
  let excess = embeds.reduce((n, e) => n + embedLength(e), 0) - L.embedTotal;
  for (const e of [...embeds].sort((a, b) => (b.description?.length ?? 0) - (a.description?.length ?? 0))) {
    if (excess <= 0) break;
    const d = e.description ?? '';
    const keep = Math.max(0, d.length - excess - 1);
    excess -= d.length - (keep + 1);
    e.description = truncate(d, keep + 1);
  }
  const components = payload.components.slice(0, L.actionRows).map((row) => ({
    ...row,
    components: row.components.slice(0, L.buttonsPerRow).map((c) => {
      if ('options' in c && Array.isArray(c.options)) {
        return {
          ...c,
          placeholder: c.placeholder === undefined ? undefined : plainLabel(c.placeholder, L.selectPlaceholder),
          options: c.options.slice(0, L.selectOptions).map((o) => ({
            ...o,
            label: plainLabel(o.label, L.selectOptionLabel),
            ...(o.description === undefined ? {} : { description: plainLabel(o.description, L.selectOptionDescription) }),
          })),
        };
      }
      if ('label' in c && typeof c.label === 'string') return { ...c, label: plainLabel(c.label, L.buttonLabel) };
      return c;
    }),
  })) as MessagePayload['components'];
  const fitted: MessagePayload = { ...payload, embeds, components };
  if (fitted.content !== undefined) fitted.content = truncate(fitted.content, L.content);
  return fitted;
}
