const MB = 1024 * 1024;

/**
 * Bounds on the work one catalogue load may cause, so that a bad or hostile file is refused
 * quickly instead of stalling or exhausting the bot.
 *
 * A shipped entry is about 500-550 bytes of YAML, so a real 10,000-entry catalogue is ~5.5 MB.
 * Split by topic, as the shipped files are, its largest file (SDKs, ~28% of the entries) is
 * ~1.5 MB: 4 MB a file leaves that file room to grow more than twice over (~7,500 entries), and
 * 16 MB in all leaves a 10,000-entry catalogue three times its size. Parsing runs at roughly
 * 2 MB/s on a small shared machine, so the largest catalogue allowed takes ~8 s (off the main
 * thread) and one file never more than ~2 s.
 */
export const CATALOGUE_LIMITS = {
  /** Bytes in one file, checked with stat before the file is read. */
  fileBytes: 8 * MB,
  /** Bytes in all files together, checked with stat before any file is read. */
  totalBytes: 96 * MB,
  /** Catalogue files in the folder; each is opened and stat-ed on every load. */
  files: 200,
  /**
   * Lists and mappings inside one another. A catalogue file needs four (file, entries, entry,
   * tags); deeper input is a mistake or an attack on the parser's recursion.
   */
  nesting: 12,
  /**
   * How often one YAML anchor may be expanded through aliases, weighted by the aliases it
   * contains: the yaml library's own guard against "billion laughs" (its default, kept).
   */
  aliasExpansions: 100,
} as const;

/** A byte count as a maintainer reads it: "4 MB", "20.3 MB", "812 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
