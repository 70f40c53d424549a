import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The encoding to answer with: brotli when the client takes it, else gzip, else none.
 * Honours q-values ("br;q=0" refuses brotli) and "*".
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/**
 * Below this size a body is compressed on the spot: handing a small body to the thread pool
 * costs more than compressing it (an API answer is usually a few kilobytes).
 */
const inlineBytes = 64 * 1024;

/**
 * Compresses a body. 'per-request' is for answers made for each request (API JSON, the
 * index page with its config); 'once' for files compressed once and kept in memory
 * (brotli's best level, 11, takes seconds on a large bundle: the build writes those).
 */
export async function compress(body: Uint8Array, encoding: Encoding, effort: 'per-request' | 'once'): Promise<Uint8Array<ArrayBuffer>> {
  const gzipOptions: ZlibOptions = { level: effort === 'once' ? 9 : 6 };
  const brotliOptions: BrotliOptions = {
    params: { [constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? 9 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  };
  if (body.byteLength < inlineBytes) {
    return new Uint8Array(encoding === 'gzip' ? gzipSync(body, gzipOptions) : brotliCompressSync(body, brotliOptions));
  }
  return new Uint8Array(encoding === 'gzip' ? await gzipAsync(body, gzipOptions) : await brotli(body, brotliOptions));
}

/** Adds Accept-Encoding to a response's Vary header, keeping what is there. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

const isJson = (contentType: string | null) => contentType !== null && /[/+]json\b/i.test(contentType);

/** Text answers shorter than this go out as they are: compressing them saves next to nothing. */
export const compressFromBytes = 1024;

/**
 * gzip or brotli for the API's JSON answers of 1 KB or more, when the client asks for it
 * (supabase-js in a browser always does; Node's fetch decodes it too). Answers are JSON made
 * in memory, so they are read whole and compressed at once. Answers `finished` says are whole
 * (api-answer.ts) are left alone.
 */
export function compressJson({ finished, threshold = compressFromBytes }: { finished: (response: Response) => boolean; threshold?: number }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (finished(response) || !isJson(response.headers.get('Content-Type'))) return;
    // Copied one by one: `new Headers(headers)` drops entries when the answer's Headers come
    // from another implementation (@hono/node-server's own Response, say).
    const headers = new Headers();
    for (const [name, value] of response.headers) headers.append(name, value);
    varyOnEncoding(headers);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const declared = Number(response.headers.get('Content-Length') ?? Number.NaN);
    let body: BodyInit | null = response.body;
    if (encoding && c.req.method !== 'HEAD' && body && !headers.has('Content-Encoding') && !(declared < threshold)) {
      const plain = new Uint8Array(await response.arrayBuffer());
      body = plain;
      if (plain.byteLength >= threshold) {
        const encoded = await compress(plain, encoding, 'per-request');
        body = encoded;
        headers.set('Content-Encoding', encoding);
        headers.set('Content-Length', String(encoded.byteLength));
      }
    }
    // Assigning c.res copies the old answer's headers over the new one's (Content-Length
    // among them): clear it first, the headers were carried over above.
    c.res = undefined;
    c.res = new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}
