import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { CATALOGUE_LIMITS } from '../catalogue/limits.js';
import type { Logger } from './log.js';

/** What a catalogue folder looks like on disk, cheaply: equal keys mean nothing a load reads has changed. */
export type Fingerprint = { missing: true } | { missing: false; key: string; identity: string };

const isYaml = (name: string) => /\.ya?ml$/.test(name);

/**
 * Stats the folder and each catalogue file in it, following symlinks, without reading a byte.
 * A file's inode, size, mtime and ctime change with every save (ctime cannot be set back), and
 * with a Kubernetes ConfigMap swap, where each file is a symlink through a replaced `..data`.
 * Missing means the folder itself is gone (or is not a folder).
 */
export async function folderFingerprint(dir: string): Promise<Fingerprint> {
  let info;
  try {
    info = await stat(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { missing: true };
    return { missing: false, key: `error:${code ?? 'unknown'}`, identity: '' };
  }
  if (!info.isDirectory()) return { missing: true };
  const identity = `${info.dev}:${info.ino}`;
  let names: string[];
  try {
    // One more than the loader accepts: enough to see a change, bounded however full the folder is.
    names = (await readdir(dir))
      .filter(isYaml)
      .sort()
      .slice(0, CATALOGUE_LIMITS.files + 1);
  } catch (err) {
    return { missing: false, key: `error:${(err as NodeJS.ErrnoException).code ?? 'unknown'}`, identity };
  }
  const parts = await Promise.all(
    names.map(async (name) => {
      try {
        const s = await stat(path.join(dir, name));
        return `${name}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
      } catch (err) {
        return `${name}:${(err as NodeJS.ErrnoException).code ?? 'error'}`;
      }
    }),
  );
  return { missing: false, key: `${identity}|${parts.join('|')}`, identity };
}

/** A folder's device and inode, following symlinks; empty when it does not exist. */
async function identityOf(dir: string): Promise<string> {
  try {
    const info = await stat(dir);
    return `${info.dev}:${info.ino}`;
  } catch {
    return '';
  }
}

/** What the watcher tells its owner. */
export interface FolderEvents {
  /** Something a load reads has changed since the last fingerprint (including the folder coming back). */
  changed(): void;
  /** The folder went away; called once per disappearance. */
  missing(): void;
  /** The folder is back after being missing; `changed` follows. */
  back(): void;
}

export interface WatchOptions {
  /** Editors save in bursts: wait this long after the last event before looking. */
  debounceMs?: number;
  /** The safety net: how often the folder is stat-ed even when no event arrives. */
  pollMs?: number;
}

/**
 * Watches a catalogue folder so that no change is ever missed for good. `fs.watch` on a folder
 * dies silently when the folder is deleted (and follows it when it is renamed away), so three
 * things work together: a watcher on the folder, a watcher on its parent (which sees the folder
 * deleted, recreated or its symlink swapped), and a slow stat poll that catches everything else
 * and re-arms both watchers when the folder's identity changes. Events only trigger a look; a
 * change is reported when the fingerprint differs, so noise never causes a reload.
 */
export class FolderWatcher {
  readonly #dir: string;
  readonly #events: FolderEvents;
  readonly #log: Logger;
  readonly #debounceMs: number;
  readonly #pollMs: number;
  #last: string;
  #missing = false;
  #folderWatcher: FSWatcher | undefined;
  #watchedIdentity = '';
  #parentWatcher: FSWatcher | undefined;
  #parentIdentity = '';
  /** Set when the parent saw the folder itself change: its inode number may be reused, so re-arm regardless. */
  #replaced = false;
  #debounce: NodeJS.Timeout | undefined;
  #poll: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;
  #again = false;
  #closed = false;
  #watchFailureLogged = false;

  /** `initial` is the fingerprint taken before the catalogue now served was read, so a change during that read is not lost. */
  constructor(
    dir: string,
    initial: Fingerprint,
    events: FolderEvents,
    log: Logger,
    { debounceMs = 250, pollMs = 2_000 }: WatchOptions = {},
  ) {
    this.#dir = path.resolve(dir);
    this.#events = events;
    this.#log = log;
    this.#debounceMs = debounceMs;
    this.#pollMs = pollMs;
    this.#last = initial.missing ? 'missing' : initial.key;
    this.#missing = initial.missing;
  }

  /** Arms the watchers and the poll; the first look, at once, arms the folder's watcher. */
  start(): void {
    this.#poll = setInterval(() => void this.check(), this.#pollMs).unref();
    void this.check();
  }

  /** Looks at the folder now and reports what changed; concurrent calls run one look after another. */
  check(): Promise<void> {
    if (this.#checking) {
      this.#again = true;
      return this.#checking;
    }
    this.#checking = (async () => {
      try {
        do {
          this.#again = false;
          await this.#look();
        } while (this.#lookAgain());
      } catch (err) {
        // Never expected (every file system call is caught), but a stuck look would end watching for good.
        this.#log.error({ err, dir: this.#dir }, 'catalogue folder check failed; trying again at the next poll');
      } finally {
        this.#checking = undefined;
      }
    })();
    return this.#checking;
  }

  /** Stops everything; nothing is reported afterwards. */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#debounce);
    clearInterval(this.#poll);
    this.#folderWatcher?.close();
    this.#parentWatcher?.close();
    this.#folderWatcher = undefined;
    this.#parentWatcher = undefined;
  }

  /** A method, not a field read, so TypeScript does not assume the flags unchanged across an await. */
  #lookAgain(): boolean {
    return this.#again && !this.#closed;
  }

  async #look(): Promise<void> {
    const parent = await identityOf(path.dirname(this.#dir));
    const print = await folderFingerprint(this.#dir);
    if (this.#closed) return;
    this.#armParent(parent);
    if (print.missing) {
      this.#folderWatcher?.close();
      this.#folderWatcher = undefined;
      this.#last = 'missing';
      if (!this.#missing) {
        this.#missing = true;
        this.#events.missing();
      }
      return;
    }
    this.#armFolder(print.identity);
    if (this.#missing) {
      this.#missing = false;
      this.#events.back();
    }
    if (print.key !== this.#last) {
      this.#last = print.key;
      this.#events.changed();
    }
  }

  #soon(): void {
    if (this.#closed) return;
    clearTimeout(this.#debounce);
    this.#debounce = setTimeout(() => void this.check(), this.#debounceMs).unref();
  }

  /** Watches the folder, again when it is a different folder now (recreated, or a swapped symlink). */
  #armFolder(identity: string): void {
    if (this.#folderWatcher && identity === this.#watchedIdentity && !this.#replaced) return;
    this.#replaced = false;
    this.#folderWatcher?.close();
    this.#folderWatcher = this.#tryWatch(this.#dir, () => {
      this.#soon();
    });
    this.#watchedIdentity = this.#folderWatcher ? identity : '';
  }

  /** The parent sees the folder itself deleted, created or replaced; only events naming it matter. */
  #armParent(identity: string): void {
    if (this.#parentWatcher && identity === this.#parentIdentity) return;
    this.#parentWatcher?.close();
    const name = path.basename(this.#dir);
    this.#parentWatcher = identity
      ? this.#tryWatch(path.dirname(this.#dir), (file) => {
          if (file !== null && file !== name) return;
          this.#replaced = true;
          this.#soon();
        })
      : undefined;
    this.#parentIdentity = this.#parentWatcher ? identity : '';
  }

  #tryWatch(target: string, onEvent: (file: string | null) => void): FSWatcher | undefined {
    let watcher: FSWatcher;
    try {
      watcher = watch(target, { persistent: false }, (_event, file) => {
        onEvent(file);
      });
    } catch (err) {
      // A missing folder is expected (the poll notices it coming back); anything else is worth one warning.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.#watchFailed(target, err);
      return undefined;
    }
    watcher.on('error', (err) => {
      // Deleting a watched folder can end its watcher with an error: drop it; the next look re-arms it.
      watcher.close();
      if (this.#folderWatcher === watcher) this.#folderWatcher = undefined;
      if (this.#parentWatcher === watcher) this.#parentWatcher = undefined;
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'EPERM')
        this.#watchFailed(target, err);
      this.#soon();
    });
    return watcher;
  }

  #watchFailed(target: string, err: unknown): void {
    if (this.#watchFailureLogged) return;
    this.#watchFailureLogged = true;
    this.#log.warn(
      { err, dir: target },
      `cannot watch the catalogue folder for changes; it is checked every ${Math.round(this.#pollMs / 1000)} s instead`,
    );
  }
}
