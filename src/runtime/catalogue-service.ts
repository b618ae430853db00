import { loadCatalogue } from '../catalogue/load.js';
import { formatProblem, type Problem } from '../catalogue/problems.js';
import { summaryLine } from '../catalogue/summary.js';
import type { Logger } from './log.js';
import { createResourceIndex, createResourceIndexInTurns, IndexHolder } from '../search/index.js';
import type { ResourceIndex } from '../search/index.js';
import { FolderWatcher, folderFingerprint, type Fingerprint, type WatchOptions } from './folder-watch.js';
import { loadCatalogueAtStart, loadCatalogueOffThread } from './load-off-thread.js';

/** Catalogue warnings (worth fixing, not refused), once per load, the first few and a count. */
function logWarnings(log: Logger, dir: string, warnings: readonly Problem[]): void {
  if (warnings.length === 0) return;
  log.warn(
    { dir, warningCount: warnings.length, warnings: warnings.slice(0, LISTED_AT_MOST).map(formatProblem) },
    `catalogue loaded with ${warnings.length} warning${warnings.length === 1 ? '' : 's'}; npm run catalogue:check lists them`,
  );
}

/** Anything that hands out the current index snapshot; read `current` once per request. */
export interface IndexSource {
  readonly current: ResourceIndex;
}

/** How a load or reload ended: the first load, a new catalogue, the same files, an invalid edit, a held mass removal, a missing folder, a crash. */
export type ReloadResult = 'loaded' | 'applied' | 'unchanged' | 'rejected' | 'held' | 'missing' | 'failed';
export interface LastReload {
  result: ReloadResult;
  /** Milliseconds since the epoch. */
  at: number;
}

/** How many problems, or removed ids, one log line or start-up report lists; the count says how many more. */
export const LISTED_AT_MOST = 20;

/**
 * A reload may not remove more than this share of the entries at once without confirmation: a
 * file cut short at an entry boundary is still valid YAML, and would otherwise quietly drop entries.
 */
export const HOLD_SHARE = 0.25;

/** The catalogue could not be loaded: every problem, formatted as the checker prints it. */
export class CatalogueInvalid extends Error {
  override readonly name = 'CatalogueInvalid';
  constructor(readonly lines: string[]) {
    super(`the catalogue has ${lines.length} problem${lines.length === 1 ? '' : 's'}`);
  }

  /** The first LISTED_AT_MOST lines, and one saying how many more there are. */
  shortList(): string[] {
    const more = this.lines.length - LISTED_AT_MOST;
    return more > 0 ? [...this.lines.slice(0, LISTED_AT_MOST), `… and ${more} more (npm run catalogue:check lists them all)`] : this.lines;
  }
}

/** Loads, validates and indexes a catalogue folder on this thread; throws CatalogueInvalid with the checker's lines. */
export async function buildIndex(dir: string): Promise<ResourceIndex> {
  const result = await loadCatalogue(dir);
  if (!result.ok) throw new CatalogueInvalid(result.problems.map(formatProblem));
  return createResourceIndex(result.catalogue);
}

/** A change that would remove too many entries, waiting to be saved again or dropped. */
interface HeldChange {
  digest: string;
  /** The folder as it was when the change was held: the same digest under a new fingerprint is a second save. */
  fingerprint: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Serves the last good catalogue and reloads it when its folder changes. Reloads run on a worker
 * thread, one at a time (the first load too, unless the catalogue is small: see loadCatalogueAtStart). An invalid edit is logged (the first problems and a count) and the
 * previous index keeps answering; so does an edit that removes more than a quarter of the
 * entries, until the same content is saved again or the bot restarts.
 */
export class CatalogueService implements IndexSource {
  readonly #dir: string;
  readonly #log: Logger;
  readonly #holder: IndexHolder;
  /** The digest of the catalogue being served. */
  #digest: string;
  #held: HeldChange | undefined;
  #watcher: FolderWatcher | undefined;
  #initialFingerprint: Fingerprint;
  #missingWarned = false;
  #lastReload: LastReload = { result: 'loaded', at: Date.now() };
  #running: Promise<void> = Promise.resolve();
  #queued: Promise<void> | undefined;
  readonly #stop = new AbortController();

  private constructor(dir: string, initial: ResourceIndex, digest: string, fingerprint: Fingerprint, log: Logger) {
    this.#dir = dir;
    this.#holder = new IndexHolder(initial);
    this.#digest = digest;
    this.#initialFingerprint = fingerprint;
    this.#log = log;
  }

  /** Loads the folder once, off the main thread; refuses (throws CatalogueInvalid) when it is invalid. */
  static async open(dir: string, log: Logger): Promise<CatalogueService> {
    const fingerprint = await folderFingerprint(dir);
    const result = await loadCatalogueAtStart(dir);
    if (!result.ok) throw new CatalogueInvalid(result.problems.map(formatProblem));
    const index = createResourceIndex(result.catalogue);
    log.info({ dir }, summaryLine(index.catalogue));
    logWarnings(log, dir, result.warnings);
    return new CatalogueService(dir, index, result.digest, fingerprint, log);
  }

  get dir(): string {
    return this.#dir;
  }

  get current(): ResourceIndex {
    return this.#holder.current;
  }

  /** How the last load or reload ended, and when: for /metrics. */
  get lastReload(): LastReload {
    return this.#lastReload;
  }

  /**
   * Re-reads the folder; resolves once the new index is live or the change was rejected or held.
   * Calls during a reload share one follow-up reload, which sees every change made meanwhile.
   */
  reload(): Promise<void> {
    if (this.#queued) return this.#queued;
    const next = this.#running.then(async () => {
      this.#queued = undefined;
      try {
        const result = await this.#reloadOnce();
        if (result) this.#lastReload = { result, at: Date.now() };
      } catch (err) {
        this.#lastReload = { result: 'failed', at: Date.now() };
        this.#log.error({ err, dir: this.#dir }, 'catalogue reload failed; still serving the last good catalogue');
      }
    });
    this.#queued = next;
    this.#running = next;
    return next;
  }

  /** Watches the folder (see FolderWatcher) and reloads on every change. */
  watch(options: WatchOptions = {}): void {
    if (this.#watcher || this.#stopped()) return;
    this.#watcher = new FolderWatcher(
      this.#dir,
      this.#initialFingerprint,
      {
        changed: () => void this.reload(),
        missing: () => {
          this.#warnMissing();
        },
        back: () => {
          this.#missingWarned = false;
          this.#log.info({ dir: this.#dir }, 'catalogue folder is back; reloading it');
        },
      },
      this.#log,
      options,
    );
    this.#watcher.start();
  }

  /** Stops watching and any load in progress. */
  close(): void {
    this.#stop.abort();
    this.#watcher?.close();
    this.#watcher = undefined;
  }

  /** A method, not a field read, so TypeScript does not assume it unchanged across an await. */
  #stopped(): boolean {
    return this.#stop.signal.aborted;
  }

  #warnMissing(): void {
    if (this.#missingWarned) return;
    this.#missingWarned = true;
    this.#log.warn(
      { dir: this.#dir },
      'catalogue folder is missing; still serving the last good catalogue, and it is loaded again when the folder comes back',
    );
  }

  async #reloadOnce(): Promise<ReloadResult | undefined> {
    if (this.#stopped()) return undefined;
    const before = await folderFingerprint(this.#dir);
    if (before.missing) {
      this.#warnMissing();
      return 'missing';
    }
    const started = performance.now();
    const result = await loadCatalogueOffThread(this.#dir, { signal: this.#stop.signal });
    // Time on the worker, and below time on the main thread: what an operator needs to see a catalogue outgrow the bot.
    const loadMs = Math.round(performance.now() - started);
    if (this.#stopped()) return undefined;
    const dir = this.#dir;

    if (!result.ok) {
      // The folder went away while it was read (a checkout, a deploy): that is not an edit to reject.
      if ((await folderFingerprint(dir)).missing) {
        this.#warnMissing();
        return 'missing';
      }
      const count = result.problems.length;
      this.#log.error(
        { dir, problemCount: count, problems: result.problems.slice(0, LISTED_AT_MOST).map(formatProblem) },
        `catalogue change rejected, still serving the last good catalogue: ${plural(count, 'problem')}${count > LISTED_AT_MOST ? `, the first ${LISTED_AT_MOST} listed` : ''}; npm run catalogue:check lists them all`,
      );
      return 'rejected';
    }
    if (result.digest === this.#digest) {
      // Saved unchanged, or put back after a rejected or held edit: say it is fine, without rebuilding the index.
      const note = this.#held ? 'the held change is dropped' : 'the files are as before';
      this.#held = undefined;
      this.#log.info({ dir }, `catalogue reloaded: ${summaryLine(this.current.catalogue)}; ${note}`);
      return 'unchanged';
    }

    logWarnings(this.#log, dir, result.warnings);
    const previous = this.current.catalogue.entries;
    const kept = new Set(result.catalogue.entries.map((e) => e.id));
    const removed = previous.filter((e) => !kept.has(e.id)).map((e) => e.id);
    const listed = { removedCount: removed.length, removed: removed.slice(0, LISTED_AT_MOST) };
    let confirmed = false;
    if (removed.length > previous.length * HOLD_SHARE) {
      const savedAgain = this.#held?.digest === result.digest && this.#held.fingerprint !== before.key;
      if (!savedAgain) {
        if (this.#held?.digest !== result.digest) {
          // The folder as it is after the load: files saved while it ran (the rest of one edit) are part of what was
          // read, and their own change event must not count as a second save.
          const after = await folderFingerprint(dir);
          this.#held = { digest: result.digest, fingerprint: after.missing ? before.key : after.key };
          const share = Math.round((removed.length / previous.length) * 100);
          this.#log.warn(
            { dir, ...listed, entries: previous.length },
            `catalogue change held, still serving the last good catalogue: it would remove ${removed.length} of ${previous.length} entries (${share}%, more than a quarter at once). ` +
              'If that is intended, save the same files again unchanged (or restart the bot) to apply it; otherwise restore the missing entries',
          );
        }
        return 'held';
      }
      confirmed = true;
    }

    const indexing = performance.now();
    // Built in turns: on a large catalogue the build is seconds of work, and interactions keep arriving.
    this.#holder.replace(await createResourceIndexInTurns(result.catalogue));
    const indexMs = Math.round(performance.now() - indexing);
    this.#digest = result.digest;
    this.#held = undefined;
    const removedNote = removed.length
      ? `; ${plural(removed.length, 'entry', 'entries')} removed${confirmed ? ', as confirmed by saving again' : ''}`
      : '';
    this.#log.info(
      { dir, loadMs, indexMs, ...(removed.length ? listed : {}) },
      `catalogue reloaded: ${summaryLine(this.current.catalogue)}${removedNote}`,
    );
    return 'applied';
  }
}
