import type { Entry } from './schema.js';

/**
 * The command that installs an entry: a card's own install line, or for a tabular SDK row with a
 * package the registry's usual command (from registries.yaml). Undefined when there is nothing to install.
 */
export function installCommand(entry: Entry): string | undefined {
  if (entry.form === 'card') return entry.install;
  if (entry.kind === 'SDK') return entry.packageRef?.install;
  return undefined;
}

/** The package's page on its registry, or undefined when the entry has no package or the registry has no pages. */
export function packagePage(entry: Entry): string | undefined {
  return entry.packageRef?.page;
}

/** The package as members name it, registry first: "crate litesvm", "npm @solana/kit"; undefined without a package. */
export function packageLabel(entry: Entry): string | undefined {
  if (entry.package === undefined) return undefined;
  return entry.packageRef ? `${entry.packageRef.label} ${entry.package}` : entry.package;
}
