import { asciiTerms } from './scan.js';
import { fold } from './text.js';
import { QUESTION_WORDS, cut, partTerms } from './words.js';

export { NEVER_INDEXED, QUESTION_WORDS, stem } from './words.js';

/**
 * Turning text into index terms. The same functions serve documents and queries, so whatever
 * a query is reduced to is exactly what the documents were reduced to.
 */

const PARTS = /[\p{L}\p{N}]+/gu;
const NON_ASCII = /[^\u0000-\u007f]/;

/**
 * The terms of one whitespace-free chunk such as "@solana/web3.js" or "x402":
 * each part ("solana", "web3", "js"), the parts joined ("solanaweb3js", so "web3js"
 * and "web3.js" meet), and the number inside a mixed word ("x402" also gives "402").
 */
function chunkTerms(parts: readonly string[], out: string[]): void {
  for (const part of parts) partTerms(part, out);
  if (parts.length > 1) out.push(cut(parts.join('')));
}

/** Chunks of folded ASCII text, by a plain scan: indexing spends most of its time here. */
function asciiChunks(text: string): string[][] {
  const chunks: string[][] = [];
  let parts: string[] = [];
  let start = -1;
  for (let k = 0; k <= text.length; k++) {
    const c = k < text.length ? text.charCodeAt(k) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = k;
      continue;
    }
    if (start >= 0) {
      parts.push(text.slice(start, k));
      start = -1;
    }
    if (c <= 32 && parts.length > 0) {
      chunks.push(parts);
      parts = [];
    }
  }
  return chunks;
}

/** The letter/digit parts of text, folded, in order: "Solana Test-Validator" → solana, test, validator. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const parts of chunksOf(text)) for (const part of parts) words.push(part);
  return words;
}

/** The chunks of text (split on whitespace), each as its letter/digit parts, folded. */
export function chunksOf(text: string): string[][] {
  return foldedChunks(fold(text));
}

function foldedChunks(folded: string): string[][] {
  if (!NON_ASCII.test(folded)) return asciiChunks(folded);
  const chunks: string[][] = [];
  for (const chunk of folded.split(/\s+/)) {
    const parts = chunk.match(PARTS);
    if (parts) chunks.push(parts);
  }
  return chunks;
}

const HAS_CAMEL = /[a-z][A-Z]/;
const CAMEL_WORD = /\b[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+\b/g;
const CAMEL_JOINT = /([a-z0-9])(?=[A-Z])/g;

/**
 * camelCase identifiers split into their words, kept as one chunk: "getAssetsByOwner" gives
 * get, assets, by, owner and getassetsbyowner. Only words that start lower-case: splitting
 * PascalCase names would make "JavaScript" answer "java" and "GitHub" answer "hub".
 */
function splitCamelCase(text: string): string {
  return HAS_CAMEL.test(text) ? text.replace(CAMEL_WORD, (word) => word.replace(CAMEL_JOINT, '$1_')) : text;
}

/**
 * Terms of text: of each part, and each punctuation-joined chunk as one word; each line of a
 * field is its own chunk. With `into`, that array is emptied, filled and returned.
 */
export function fieldTerms(text: string, into?: string[]): string[] {
  const out = into ?? [];
  out.length = 0;
  if (asciiTerms(text, out)) return out;
  for (const parts of foldedChunks(fold(splitCamelCase(text)))) chunkTerms(parts, out);
  return out;
}

/** At most this many terms per query: more words do not help ranking, they only cost time. */
export const MAX_QUERY_TERMS = 12;

/**
 * Terms of a query, in typing order (so the last term is the one still being typed), with
 * question words dropped unless nothing else remains, and duplicates removed.
 */
export function queryTerms(text: string): string[] {
  const all = fieldTerms(text);
  const content = all.filter((t) => !QUESTION_WORDS.has(t));
  const chosen = content.length > 0 ? content : all;
  const unique = [...new Set(chosen)];
  return unique.length > MAX_QUERY_TERMS ? unique.slice(-MAX_QUERY_TERMS) : unique;
}
