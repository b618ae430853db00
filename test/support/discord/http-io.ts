import type { IncomingMessage, ServerResponse } from 'node:http';

/** A file part of a multipart request, kept as metadata only. */
export interface UploadedFile {
  field: string;
  filename: string;
  size: number;
  contentType: string;
}

export interface ParsedBody {
  /** The JSON body, or `payload_json` of a multipart body; null when there is none. */
  body: unknown;
  files: UploadedFile[];
}

const MAX_BODY_BYTES = 25 * 1024 * 1024;

/** Reads the whole request body, refusing anything larger than Discord's upload cap. */
export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Parses JSON and multipart/form-data bodies. discord.js switches to multipart as soon
 * as a reply carries files, putting the JSON in the `payload_json` field.
 */
export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<ParsedBody> {
  if (raw.length === 0) return { body: null, files: [] };
  const type = contentType?.toLowerCase() ?? '';
  if (type.startsWith('multipart/form-data')) return parseMultipart(raw, contentType ?? '');
  if (type.startsWith('application/json')) return { body: parseJson(raw.toString('utf8')), files: [] };
  return { body: null, files: [] };
}

async function parseMultipart(raw: Buffer, contentType: string): Promise<ParsedBody> {
  // undici's Response understands multipart, so no parser of our own is needed.
  const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  let body: unknown = null;
  const files: UploadedFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === 'string') {
      if (field === 'payload_json') body = parseJson(value);
      continue;
    }
    files.push({ field, filename: value.name, size: value.size, contentType: value.type });
  }
  return { body, files };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Writes a JSON answer (or an empty one for 204) with any extra headers. */
export function writeResponse(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204 || body === undefined) {
    response.writeHead(status, headers).end();
    return;
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }).end(text);
}
