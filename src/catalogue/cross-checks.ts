import type { Problem } from './problems.js';
import { describeValue } from './problems.js';
import type { Entry } from './schema.js';

/** Names compare without case and without spaces: "Solana Kit" and "solanakit" collide. */
export function normaliseName(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '');
}

/** Where an entry's field was written; the loader knows the YAML, the checks do not. */
export type LineOf = (entry: Entry, field: string) => number;

function problem(entry: Entry, lineOf: LineOf, field: string, message: string): Problem {
  return { file: entry.source.file, line: lineOf(entry, field), entry: entry.name, field, message };
}

const at = (e: Entry) => `${e.source.file}:${e.source.line}`;

/**
 * Rules that need the whole catalogue: unique ids, names and packages; aliases that do not
 * shadow another entry; successors that exist. Reports on the later entry, pointing at the first.
 */
export function crossCheck(entries: readonly Entry[], lineOf: LineOf): Problem[] {
  const problems: Problem[] = [];
  const ids = new Map<string, Entry>();
  const names = new Map<string, Entry>();
  const packages = new Map<string, Entry>();

  for (const e of entries) {
    const firstId = ids.get(e.id);
    if (firstId) {
      problems.push(problem(e, lineOf, 'id', `is already used (expected a unique id, got ${describeValue(e.id)}, also the id of "${firstId.name}" at ${at(firstId)})`));
    } else ids.set(e.id, e);

    const nameKey = normaliseName(e.name);
    const firstName = names.get(nameKey);
    if (firstName) {
      problems.push(problem(e, lineOf, 'name', `is already used (expected a name unique regardless of case and spaces, got ${describeValue(e.name)}, like "${firstName.name}" at ${at(firstName)})`));
    } else names.set(nameKey, e);

    if (e.package !== undefined) {
      const pkgKey = e.package.toLowerCase();
      const firstPkg = packages.get(pkgKey);
      if (firstPkg) {
        problems.push(problem(e, lineOf, 'package', `is already listed (expected each package on one entry, got ${describeValue(e.package)}, also on "${firstPkg.name}" at ${at(firstPkg)})`));
      } else packages.set(pkgKey, e);
    }
  }

  const aliasOwners = new Map<string, Entry>();
  for (const e of entries) {
    e.aliases.forEach((alias, i) => {
      const key = normaliseName(alias);
      const field = `aliases[${i}]`;
      const byName = names.get(key);
      const byId = ids.get(alias.toLowerCase());
      const clash = byName && byName !== e ? byName : byId && byId !== e ? byId : undefined;
      if (clash) {
        problems.push(problem(e, lineOf, field, `shadows another entry (expected an alias that is not another entry's name or id, got ${describeValue(alias)}, which names "${clash.name}" at ${at(clash)})`));
        return;
      }
      const owner = aliasOwners.get(key);
      if (owner && owner !== e) {
        problems.push(problem(e, lineOf, field, `is already an alias of another entry (expected an alias that points at one entry, got ${describeValue(alias)}, also an alias of "${owner.name}" at ${at(owner)})`));
      } else aliasOwners.set(key, e);
    });

    if (e.successor !== undefined) {
      if (e.successor === e.id) {
        problems.push(problem(e, lineOf, 'successor', `points at the entry itself (expected the id of another entry, got ${describeValue(e.successor)})`));
      } else if (!ids.has(e.successor)) {
        problems.push(problem(e, lineOf, 'successor', `names no entry (expected the id of an entry in the catalogue, got ${describeValue(e.successor)})`));
      }
    }
  }
  return problems;
}
