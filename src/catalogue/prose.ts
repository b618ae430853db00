/**
 * Rules for catalogue prose that a schema type cannot express: a description speaks about the
 * resource (not about how it was researched, nor about where its writer read it), and facts that go
 * stale live in dated fields (no versions, prices or counts, and no "now", "still", "yet" that a date
 * would have to back).
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

/** A source a writer reads from, in the words descriptions use for it. */
const SOURCE = String.raw`(?:(?:official|own|third[- ]party|unofficial|community|published|public)\s+)?(?:(?:testing|setup|migration|integration|conformance|quickstart|user|developer|install(?:ation)?)\s+)?(?:docs?|documentation|readme|guide|tutorial|blog(?:\s+post)?|post|article|page|site|website|announcement|changelog|release notes|banner|faq|repo(?:sitory)?|file|spec(?:ification)?|whitepaper|thread|tweet|forum|maintainers?|authors?|team|vendor|project|sheet)`;
/** What a writer reports a source as doing. */
const REPORTS = String.raw`(?:says?|said|states?|stated|notes?|noted|mentions?|mentioned|claims?|claimed|reports?|reported|describes?|described|warns?|warned|suggests?|suggested|recommends?|recommended|explains?|explained|confirms?|confirmed|indicates?|indicated|advertises?|advertised|promises?|promised)`;

/**
 * Talk about where a fact was read rather than the fact: "a third-party guide notes", "according to a published
 * conformance file", "by its own account", "a docs banner says", "in a third-party testing guide", "the README
 * states", "per the maintainers", "reportedly". General shapes, not a list of phrases.
 */
const SOURCE_TALK = [
  new RegExp(String.raw`\b(?:the|its|their|a|an|one|this|that)\s+(?:\w+\s+)?${SOURCE}\s+${REPORTS}\b`, 'i'),
  new RegExp(String.raw`\b${SOURCE}\s+(?:itself\s+)?${REPORTS}\s+(?:that|it|this)\b`, 'i'),
  new RegExp(String.raw`\b(?:according to|per|as (?:stated|noted|described|documented|mentioned|announced|reported|claimed) (?:in|by|on))\s+(?:the|its|their|a|an|one)?\s*${SOURCE}`, 'i'),
  /\bin an? (?:third[- ]party|unofficial|community|external) (?:\w+\s+)?(?:guide|tutorial|post|article|write-?up|source|blog)\b/i,
  /\bby (?:its|their|his|her) own (?:account|description|admission|claim)\b/i,
  /\b(?:reportedly|allegedly|purportedly|supposedly|is said to|are said to|is claimed to|are claimed to)\b/i,
];

/**
 * Words whose truth depends on when they are read: a description is read for years, so "now", "still", "yet",
 * "currently" or "no longer" need a date, and so do "newer" and "older" (than what, and since when?); the fact
 * goes in as_of with the month it was seen. Words that name a state in the protocol ("the latest blockhash",
 * "the current slot") or a stated age ("blocks older than two days") are not this.
 */
const RELATIVE_TIME =
  /\b(?:now|nowadays|currently|presently|at present|these days|recently|lately|newly|soon|upcoming|yet|still|no longer|anymore|any more|to date|so far|as of today|latest (?:version|release|major|update|stable)|newest (?:version|release)|(?:is|are) new|newer|older(?! than))\b/i;

/** The first research-process phrase, or talk about where a fact was read, in `text`, if any. */
export function researchWording(text: string): string | undefined {
  for (const pattern of [...RESEARCH, ...SOURCE_TALK]) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

/** The first word in `text` whose truth depends on when it is read, if any. */
export function relativeTime(text: string): string | undefined {
  return RELATIVE_TIME.exec(text)?.[0];
}

/** The first version, price or count written into `text`, if any. */
export function staleFact(text: string): string | undefined {
  for (const pattern of STALE) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return undefined;
}

export const RESEARCH_EXPECTED = 'text about the resource itself in our own words, not about the catalogue, how it was checked or where it was read';
export const RELATIVE_EXPECTED = 'wording that stays true when read later: put a fact that changes in as_of, with the month it was checked';
export const STALE_EXPECTED = 'a description without versions, prices or counts: the version goes in version with checked, prices and counts in as_of';
