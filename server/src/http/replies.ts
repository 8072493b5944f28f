// Sending cached JSON: the serialised text's bytes, or their brotli/gzip form, each made once per cache entry.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cached } from '../services/content/publicCache.ts';

/** Below this size compression costs more than it saves (the same threshold as @fastify/compress). */
const COMPRESSION_THRESHOLD = 1024;

type Encoding = 'br' | 'gzip';

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const parsedHeaders = new Map<string, Encoding | null>();

/** The best encoding the client accepts: brotli, then gzip; q=0 refuses one. */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const key = String(header);
  const known = parsedHeaders.get(key);
  if (known !== undefined) return known;
  const encoding = parseAcceptEncoding(key);
  if (parsedHeaders.size < 100) parsedHeaders.set(key, encoding);
  return encoding;
}

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (encoding: Encoding) => accepted.get(encoding) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * The JSON text's UTF-8 bytes, made once per entry: sent as a string, it would be measured and encoded again for every
 * response (a catalogue of some tens of kilobytes, most of them Cyrillic). Kept beside the entry, which it dies with.
 */
const utf8Bodies = new WeakMap<Cached<unknown>, Buffer>();

function utf8Body(cached: Cached<unknown>): Buffer {
  let body = utf8Bodies.get(cached);
  if (body === undefined) {
    body = Buffer.from(cached.json);
    utf8Bodies.set(cached, body);
  }
  return body;
}

function compressed(cached: Cached<unknown>, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    cached.br ??= brotliCompressSync(cached.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(cached.json) } });
    return cached.br;
  }
  cached.gzip ??= gzipSync(cached.json, { level: 9 });
  return cached.gzip;
}

/** Sends a cached public response; the compressed bodies are kept on the entry for the next callers. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, cached: Cached<unknown>) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = cached.json.length >= COMPRESSION_THRESHOLD ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (encoding === null) return reply.send(utf8Body(cached));
  return reply.header('content-encoding', encoding).send(compressed(cached, encoding));
}
