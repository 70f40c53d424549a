import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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
 * Compresses a body. 'per-request' is for answers made for each request (API JSON, the
 * index page with its config); 'once' for files compressed once and kept in memory
 * (brotli's best level, 11, takes seconds on a large bundle: the build writes those).
 */
export async function compress(body: Uint8Array, encoding: Encoding, effort: 'per-request' | 'once'): Promise<Uint8Array<ArrayBuffer>> {
  const encoded =
    encoding === 'gzip'
      ? await gzipAsync(body, { level: effort === 'once' ? 9 : 6 })
      : await brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: effort === 'once' ? 9 : 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        });
  return new Uint8Array(encoded);
}

/** Adds Accept-Encoding to a response's Vary header, keeping what is there. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

const isJson = (contentType: string | null) => contentType !== null && /[/+]json\b/i.test(contentType);

/**
 * gzip or brotli for the API's JSON answers above `threshold` bytes, when the client
 * asks for it (supabase-js in a browser always does; Node's fetch decodes it too).
 * Answers are JSON made in memory, so they are read whole and compressed at once.
 */
export function compressJson({ threshold = 1024 }: { threshold?: number } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!isJson(response.headers.get('Content-Type'))) return;
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
