import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CATALOGUE_LIMITS, formatBytes } from './limits.js';
import type { Problem } from './problems.js';

/** A catalogue file to read: where it is, and the path messages show for it. */
export interface FileToRead {
  readonly path: string;
  readonly file: string;
}

/** The text of every file that could be read, the problems of those that could not, and a digest of what was read. */
export interface FilesRead {
  texts: { file: string; text: string }[];
  problems: Problem[];
  /** sha256 over every file's name and bytes, in the given order: equal digests mean equal catalogues. */
  digest: string;
}

/** Why a file could not be read, in a maintainer's words. */
function readFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'disappeared while the catalogue was being read (expected the file to stay in place; it is read again on the next change)';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot be read: permission denied (expected a file the bot may read)';
  return `cannot be read (${code ?? (err as Error).message})`;
}

/** Reads at most `limit + 1` bytes: enough to know a file grew over the limit since it was stat-ed. */
async function readBounded(file: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of createReadStream(file, { start: 0, end: limit })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The 1-based line holding byte `offset`. */
function lineAt(bytes: Buffer, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i !== -1 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line++;
  return line;
}

/** The first line that is not valid UTF-8; multi-byte sequences never contain a newline byte, so lines decode alone. */
function firstNonUtf8Line(bytes: Buffer): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let line = 1;
  for (let start = 0; start <= bytes.length; line++) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return 1;
}

const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

/** Decodes a file's bytes as UTF-8 text, or says why they are not catalogue text. */
export function decodeCatalogueText(bytes: Buffer, file: string): { text: string } | { problem: Problem } {
  if (UTF16_BOMS.some((bom) => bytes.subarray(0, 2).equals(bom))) {
    return { problem: { file, line: 1, message: 'is saved as UTF-16 (expected UTF-8 text; save the file again with the UTF-8 encoding)' } };
  }
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    return {
      problem: {
        file,
        line: lineAt(bytes, nul),
        message: 'is a binary file, not YAML text (expected UTF-8 text, got a NUL byte; check that the right file was saved here)',
      },
    };
  }
  try {
    // fatal: a wrong byte is an error to report, not a silent U+FFFD in a description. A UTF-8 BOM is dropped.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return {
      problem: {
        file,
        line: firstNonUtf8Line(bytes),
        message: 'is not UTF-8 text (expected UTF-8, got bytes that are not; save the file again with the UTF-8 encoding)',
      },
    };
  }
}

/**
 * Reads catalogue files within CATALOGUE_LIMITS: every size is checked with stat before any
 * file is read, so an oversized file or folder costs nothing but a stat. `folder` names the
 * folder in a problem about the whole catalogue.
 */
export async function readCatalogueFiles(folder: string, files: readonly FileToRead[]): Promise<FilesRead> {
  const out: FilesRead = { texts: [], problems: [], digest: '' };
  const limits = CATALOGUE_LIMITS;
  if (files.length > limits.files) {
    out.problems.push({
      file: folder,
      line: 0,
      message: `holds too many catalogue files (expected at most ${limits.files} .yaml files, got ${files.length}; merge small files by topic)`,
    });
    return out;
  }

  const readable: FileToRead[] = [];
  let total = 0;
  for (const f of files) {
    let info;
    try {
      info = await stat(f.path);
    } catch (err) {
      out.problems.push({ file: f.file, line: 0, message: readFailure(err) });
      continue;
    }
    if (!info.isFile()) {
      out.problems.push({ file: f.file, line: 0, message: 'is not a regular file (expected a .yaml file, got a folder or a device)' });
    } else if (info.size > limits.fileBytes) {
      out.problems.push({ file: f.file, line: 0, message: tooBig(info.size) });
    } else {
      total += info.size;
      readable.push(f);
    }
  }
  if (total > limits.totalBytes) {
    out.problems.push({
      file: folder,
      line: 0,
      message: `holds ${formatBytes(total)} of catalogue files, over the limit of ${formatBytes(limits.totalBytes)} for the whole catalogue (expected at most ${formatBytes(limits.totalBytes)}; remove files that do not belong here)`,
    });
    return out;
  }

  const hash = createHash('sha256');
  for (const f of readable) {
    let bytes: Buffer;
    try {
      bytes = await readBounded(f.path, limits.fileBytes);
    } catch (err) {
      out.problems.push({ file: f.file, line: 0, message: readFailure(err) });
      continue;
    }
    if (bytes.length > limits.fileBytes) {
      out.problems.push({ file: f.file, line: 0, message: tooBig(bytes.length, 'at least ') });
      continue;
    }
    // The file's own name, not its shown path: the same files in a moved folder are the same catalogue.
    hash.update(`${path.basename(f.path)}\0${bytes.length}\0`).update(bytes);
    const decoded = decodeCatalogueText(bytes, f.file);
    if ('problem' in decoded) out.problems.push(decoded.problem);
    else out.texts.push({ file: f.file, text: decoded.text });
  }
  out.digest = hash.digest('hex');
  return out;
}

function tooBig(size: number, atLeast = ''): string {
  const limit = formatBytes(CATALOGUE_LIMITS.fileBytes);
  return `is too big to be a catalogue file (expected at most ${limit}, got ${atLeast}${formatBytes(size)}; split it into several files by topic)`;
}
