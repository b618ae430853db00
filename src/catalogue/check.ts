import { loadCatalogue } from './load.js';
import { formatProblem } from './problems.js';
import { summaryLine } from './summary.js';

/** Validates the catalogue in `dir`, prints every problem or a one-line summary, and returns the exit code. */
export async function runCatalogueCheck(dir: string, out: (line: string) => void, err: (line: string) => void): Promise<number> {
  const result = await loadCatalogue(dir);
  if (!result.ok) {
    for (const problem of result.problems) err(formatProblem(problem));
    err(`catalogue check failed: ${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}`);
    return 1;
  }
  for (const warning of result.warnings) err(`warning: ${formatProblem(warning)}`);
  out(summaryLine(result.catalogue) + (result.warnings.length ? `; ${result.warnings.length} warning${result.warnings.length === 1 ? '' : 's'}` : ''));
  return 0;
}
