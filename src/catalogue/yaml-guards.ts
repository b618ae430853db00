import { isAlias, isCollection, isPair, type Document, type LineCounter } from 'yaml';
import { CATALOGUE_LIMITS } from './limits.js';
import type { Problem } from './problems.js';

const NESTING_TAIL = `(expected at most ${CATALOGUE_LIMITS.nesting} levels of lists and mappings inside one another; a catalogue file needs 4)`;

/**
 * The first line of a YAML parse error in a maintainer's words. The yaml library turns its own
 * stack overflow on very deep input into an ordinary error; that one is about nesting, not syntax.
 */
export function yamlErrorMessage(message: string): string {
  if (message.includes('Maximum call stack size exceeded')) return `nests too deeply to be read ${NESTING_TAIL}`;
  return `is not valid YAML: ${message.split('\n')[0] ?? 'invalid YAML'}`;
}

interface Located {
  range?: [number, number, number] | null;
}

/** Visits every node with its nesting depth, iteratively so hostile depth cannot overflow the stack; stops when `visit` returns true. */
function walk(doc: Document, visit: (node: unknown, depth: number) => boolean): void {
  const stack: { node: unknown; depth: number }[] = [{ node: doc.contents, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { node, depth } = next;
    if (isPair(node)) {
      stack.push({ node: node.value, depth }, { node: node.key, depth });
      continue;
    }
    const inner = isCollection(node) ? depth + 1 : depth;
    if (visit(node, inner)) return;
    if (isCollection(node)) for (let i = node.items.length - 1; i >= 0; i--) stack.push({ node: node.items[i], depth: inner });
  }
}

function lineOf(node: unknown, counter: LineCounter): number {
  const range = (node as Located | null)?.range;
  return range ? counter.linePos(range[0]).line : 1;
}

/** A problem at the first list or mapping nested deeper than CATALOGUE_LIMITS.nesting, if any. */
export function nestingProblem(doc: Document, counter: LineCounter, file: string): Problem | undefined {
  let found: unknown;
  walk(doc, (node, depth) => {
    if (depth <= CATALOGUE_LIMITS.nesting) return false;
    found = node;
    return true;
  });
  return found === undefined ? undefined : { file, line: lineOf(found, counter), message: `nests too deeply ${NESTING_TAIL}` };
}

/**
 * The document as plain data, with the alias limit applied. The yaml library refuses an alias
 * bomb by throwing a ReferenceError from toJS; that becomes a problem at the first alias.
 */
export function toData(doc: Document, counter: LineCounter, file: string): { data: unknown } | { problem: Problem } {
  try {
    return { data: doc.toJS({ maxAliasCount: CATALOGUE_LIMITS.aliasExpansions }) };
  } catch (err) {
    let alias: unknown;
    walk(doc, (node) => {
      alias = isAlias(node) ? node : undefined;
      return alias !== undefined;
    });
    const excessive = err instanceof ReferenceError && /excessive alias count/i.test(err.message);
    const message = excessive
      ? `expands YAML aliases too far (expected each &anchor used at most ${CATALOGUE_LIMITS.aliasExpansions} times through *aliases, counting aliases inside it; this looks like a "billion laughs" alias bomb, so the file is refused: write the values out instead)`
      : `could not be turned into data (${err instanceof Error ? err.message : String(err)}; expected plain YAML without custom tags or unresolved *aliases)`;
    return { problem: { file, line: lineOf(alias, counter), message } };
  }
}
