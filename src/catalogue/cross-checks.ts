import type { Problem } from './problems.js';
import { describeValue } from './problems.js';
import { installFits, orList, type Registry } from './registries.js';
import { EXPECTED, type Entry } from './schema.js';

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
 * A package's registry: known, paired with the package, and fitting the install line. `registries`
 * is undefined when registries.yaml could not be read; its own problems are reported then.
 */
function registryProblems(e: Entry, lineOf: LineOf, registries: ReadonlyMap<string, Registry> | undefined): Problem[] {
  const known = registries ? orList([...registries.keys()]) : 'the ids in registries.yaml';
  if (e.package === undefined) {
    if (e.registry === undefined) return [];
    return [problem(e, lineOf, 'registry', `names a registry but there is no package (expected a package beside it, or no registry, got ${describeValue(e.registry)})`)];
  }
  if (e.registry === undefined)
    return [problem(e, lineOf, 'registry', `is required with a package (expected the registry ${describeValue(e.package)} is published on: ${known}, got nothing)`)];
  if (!registries) return [];
  const registry = registries.get(e.registry);
  if (!registry) return [problem(e, lineOf, 'registry', `is not a known registry (expected one of ${known}, got ${describeValue(e.registry)})`)];
  if (e.form !== 'card' || e.install === undefined) return [];

  const fit = installFits(e.install, e.package, registry);
  if (fit.ok) return [];
  const tools = orList(registry.install.map((p) => `"${p}"`));
  const message = {
    'no-install': `cannot install from ${registry.name} (expected no install line: ${registry.name} packages are not added with a shell command, so say how in the description, got ${describeValue(e.install)})`,
    tool: `does not fit the registry ${e.registry} (expected a command starting with ${tools} that names ${describeValue(e.package)}, got ${describeValue(e.install)})`,
    package: `does not name the package (expected the command to install ${describeValue(e.package)}, bare or pinned such as "${e.package}@1", got ${describeValue(e.install)})`,
  }[fit.reason];
  return [problem(e, lineOf, 'install', message)];
}

/**
 * Rules that need the whole catalogue: unique ids and names; packages unique within their registry,
 * on a known registry that fits the install line; aliases that do not shadow another entry;
 * successors that exist. Reports on the later entry, pointing at the first.
 */
export function crossCheck(entries: readonly Entry[], lineOf: LineOf, registries?: ReadonlyMap<string, Registry>): Problem[] {
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

    if (e.form === 'card' && e.browse === undefined) {
      problems.push(problem(e, lineOf, 'browse', `is required (expected ${EXPECTED.browse ?? 'a kind'}, got nothing)`));
    }
    problems.push(...registryProblems(e, lineOf, registries));
    if (e.package !== undefined && e.registry !== undefined) {
      // Ids are unique within a registry only: PyPI solana and pub solana are different packages.
      const pkgKey = `${e.registry}\u0000${e.package.toLowerCase()}`;
      const firstPkg = packages.get(pkgKey);
      if (firstPkg) {
        problems.push(
          problem(e, lineOf, 'package', `is already listed for ${e.registry} (expected each package of a registry on one entry, got ${describeValue(e.package)}, also on "${firstPkg.name}" at ${at(firstPkg)})`),
        );
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
