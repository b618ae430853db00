import { watch, type FSWatcher } from 'node:fs';
import { loadCatalogue } from '../catalogue/load.js';
import { formatProblem } from '../catalogue/problems.js';
import { summaryLine } from '../catalogue/summary.js';
import type { Logger } from '../log.js';
import { createResourceIndex, IndexHolder } from '../search/index.js';
import type { ResourceIndex } from '../search/types.js';

/** Anything that hands out the current index snapshot; read `current` once per request. */
export interface IndexSource {
  readonly current: ResourceIndex;
}

/** The catalogue could not be loaded: every problem, formatted as the checker prints it. */
export class CatalogueInvalid extends Error {
  override readonly name = 'CatalogueInvalid';
  constructor(readonly lines: string[]) {
    super(`the catalogue has ${lines.length} problem${lines.length === 1 ? '' : 's'}`);
  }
}

/** Loads, validates and indexes a catalogue folder; throws CatalogueInvalid with the checker's lines. */
export async function buildIndex(dir: string): Promise<ResourceIndex> {
  const result = await loadCatalogue(dir);
  if (!result.ok) throw new CatalogueInvalid(result.problems.map(formatProblem));
  return createResourceIndex(result.catalogue);
}

/**
 * Serves the last good catalogue and reloads it when files in its folder change. An invalid
 * edit is logged with the checker's messages and the previous index keeps answering.
 */
export class CatalogueService implements IndexSource {
  private readonly holder: IndexHolder;
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> = Promise.resolve();

  private constructor(readonly dir: string, initial: ResourceIndex, private readonly log: Logger) {
    this.holder = new IndexHolder(initial);
  }

  /** Loads the folder once; refuses (throws CatalogueInvalid) when it is invalid. */
  static async open(dir: string, log: Logger): Promise<CatalogueService> {
    const index = await buildIndex(dir);
    log.info({ dir }, summaryLine(index.catalogue));
    return new CatalogueService(dir, index, log);
  }

  get current(): ResourceIndex {
    return this.holder.current;
  }

  /** Re-reads the folder now; resolves once the new index is live or the edit was rejected. */
  reload(): Promise<void> {
    this.reloading = this.reloading.then(async () => {
      try {
        this.holder.replace(await buildIndex(this.dir));
        this.log.info({ dir: this.dir }, `catalogue reloaded: ${summaryLine(this.holder.current.catalogue)}`);
      } catch (err) {
        if (!(err instanceof CatalogueInvalid)) throw err;
        this.log.error({ dir: this.dir, problems: err.lines }, `catalogue change rejected, still serving the last good catalogue: ${err.lines.join(' | ')}`);
      }
    }).catch((err: unknown) => this.log.error({ err, dir: this.dir }, 'catalogue reload failed'));
    return this.reloading;
  }

  /** Watches the folder; editors save in bursts, so reload once things settle. */
  watch(debounceMs = 250): void {
    if (this.watcher) return;
    this.watcher = watch(this.dir, (_event, file) => {
      if (file !== null && !/\.ya?ml$/.test(String(file))) return;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.reload(), debounceMs);
    });
    this.watcher.on('error', (err) => this.log.error({ err, dir: this.dir }, 'catalogue watcher failed; changes will not be picked up'));
  }

  close(): void {
    clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = undefined;
  }
}
