/**
 * Rules for catalogue prose that a schema type cannot express: a description speaks about the
 * resource (not about how it was researched), and facts that go stale live in dated fields.
 */

/** Wording that describes the research instead of the resource. */
const RESEARCH = [
  /\bwe (?:checked|found|saw|looked|verified|tested|reviewed|could(?:n't| not))\b/i,
  /\b(?:latest|last|newest) (?:release|version)s? (?:we|seen|checked|found)\b/i,
  /\bwhen (?:last )?checked\b/i,
  /\b(?:was|were|is|are) not (?:verified|reviewed|confirmed|checked)\b/i,
  /\b(?:verified|reviewed|confirmed|checked) here\b/i,
  /\b(?:seen|listed|shown) on (?:docs\.rs|the registry|npm|pypi)\b/i,
  /\b\d+(?:\.\d+)+ (?:was )?seen\b/i,
  /\bat the time of (?:writing|checking|this writing)\b/i,
  /\bour (?:notes|research|audit|check|checks|sources|testing)\b/i,
  /\b(?:as far as|from what) we\b/i,
  // The catalogue's own words: members never see a "card", an "entry" or a "row".
  /\bthis (?:card|entry|row|listing)\b/i,
  /\btabular\b/i,
];

/** Facts that change with the next release or price list: versions, prices, counts with a plus, stars, downloads. */
const STALE = [
  /\bv?\d+\.\d+\.\d+(?:-[\w.]+)?\b/,
  /[$€£] ?\d+(?:[.,]\d+)*/,
  /\b\d[\d,.]*\s?[km]?\s(?:(?:GitHub|npm|crates\.io|PyPI) )?(?:stars|downloads|weekly downloads|monthly downloads)\b/i,
  /\b\d[\d.]*\+(?=[\s,.;:)]|$)/,
  // A two-part version said as a version ("v0.21", "version 0.21"); a product line such as "Anchor 1.0" is a name.
  /(?<![/\w.-])v\d+\.\d+\b/, // not a path such as /v2.0 in an address
  /\bversion \d+(?:\.\d+)+\b/i,
  // A claim dated in the prose: true on the day it was written.
  /\bas of (?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? )?(?:19|20)\d\d\b/i,
  /\b(?:currently|as of (?:now|today|writing))\b/i,
];

/** The first research-process phrase in `text`, if any. */
export function researchWording(text: string): string | undefined {
  for (const pattern of RESEARCH) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

/** The first version, price or count written into `text`, if any. */
export function staleFact(text: string): string | undefined {
  for (const pattern of STALE) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

export const RESEARCH_EXPECTED = 'text about the resource itself, not about the catalogue or how it was checked';
export const STALE_EXPECTED = 'a description without versions, prices or counts: the version goes in version with checked, prices and counts in as_of';
