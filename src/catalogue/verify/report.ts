import type { CheckStatus } from './checks.js';
import { countByStatus, exitCodeFor, type CheckResult } from './run.js';

/** Worst first: what needs fixing, then what needs a look, then what is fine. */
const ORDER: readonly CheckStatus[] = ['missing', 'broken', 'deprecated', 'yanked', 'redirected', 'unreachable', 'ok'];

function cell(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

/** What was checked, as members say it: "npm @solana/kit" or the URL. */
function what(r: CheckResult): string {
  return r.check === 'package' ? `${r.registry ?? ''} ${r.target}`.trim() : r.target;
}

/** The results as an aligned table, worst first; rows that are fine only with `all`. */
export function formatTable(results: readonly CheckResult[], { all = false } = {}): string[] {
  const rows = results
    .filter((r) => all || r.status !== 'ok')
    .sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status) || a.id.localeCompare(b.id));
  if (rows.length === 0) return [];
  const width = (pick: (r: CheckResult) => string, header: string, max: number) => Math.min(max, Math.max(header.length, ...rows.map((r) => pick(r).length)));
  const w = { status: width((r) => r.status, 'STATUS', 12), id: width((r) => r.id, 'ENTRY', 36), what: width(what, 'CHECKED', 60) };
  const line = (status: string, id: string, checked: string, detail: string) =>
    `${cell(status, w.status)}  ${cell(id, w.id)}  ${cell(checked, w.what)}  ${detail}`.trimEnd();
  return [line('STATUS', 'ENTRY', 'CHECKED', 'DETAIL'), ...rows.map((r) => line(r.status, r.id, what(r), r.detail))];
}

/** One closing sentence: how much was checked and what it found. */
export function summarySentence(results: readonly CheckResult[], today: string): string {
  const counts = countByStatus(results);
  const found = ORDER.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}`);
  const packages = results.filter((r) => r.check === 'package').length;
  const verdict = exitCodeFor(results) === 0 ? 'nothing missing or broken' : 'fix the missing and broken ones';
  return `checked ${packages} packages and ${results.length - packages} URLs on ${today}: ${found.join(', ') || 'nothing to check'}; ${verdict}.`;
}

/** The machine report printed by --json. */
export function jsonReport(results: readonly CheckResult[], today: string, only: readonly string[] | undefined) {
  return { checked: today, only: only ?? null, summary: countByStatus(results), exitCode: exitCodeFor(results), results };
}

/** A progress bar for a terminal: "[#####-----] 42/230". */
export function progressBar(done: number, total: number, width = 30): string {
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
}
