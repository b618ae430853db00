/**
 * What identifies a web page, for every layer: the catalogue's checks find entries that share a page, and
 * search finds the entry a member's link points at. One definition, so the two cannot drift apart.
 */

/** A page as it identifies itself: host without "www.", path without a trailing slash, lower case, no query. */
export function pageKey(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return undefined;
  }
}
