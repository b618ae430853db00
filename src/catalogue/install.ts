import type { Entry } from './schema.js';

/**
 * The command that installs an entry: a card's own install line, or for a tabular SDK with a
 * scoped npm package, `npm install <package>`. Undefined when there is nothing to install.
 */
export function installCommand(entry: Entry): string | undefined {
  if (entry.form === 'card') return entry.install;
  if (entry.kind === 'SDK' && entry.package?.startsWith('@')) return `npm install ${entry.package}`;
  return undefined;
}
