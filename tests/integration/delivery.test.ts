/**
 * How the local backend delivers the app: index.html carries the runtime configuration (no
 * /config.json round trip), and text comes gzip- or brotli-encoded to clients that ask for it,
 * plain to those that do not. Read with node:http, which (unlike fetch) leaves the bytes as sent.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { mkdtemp, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../supabase/functions/_shared/handler';
import { startBackend, type TestBackend } from './helpers/backend';

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

function raw(url: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

const decoded = ({ headers, body }: Raw) =>
  headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;

// A built app in miniature: the page, a hashed script worth compressing, and one the build precompressed.
const page = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>ViewPact</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const script = `export const rows = [${Array.from({ length: 400 }, (_, index) => `{ id: ${index}, name: "row ${index}" }`).join(', ')}];\n`;

let backend: TestBackend;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'viewpact-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), page);
  await mkdir(join(dist, '.vite'));
  await writeFile(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/app/routes/dashboard/creator-dashboard-data.ts': { file: 'assets/creator-dashboard-data-A1.js', imports: ['_keys.js', '_index.js'] },
      'src/app/routes/dashboard/brand-dashboard-data.ts': { file: 'assets/brand-dashboard-data-B2.js', imports: ['_keys.js'] },
      'src/features/videos/pages/videos-page-data.ts': { file: 'assets/videos-page-data-E5.js', imports: ['_index.js'] },
      '_keys.js': { file: 'assets/keys-C3.js', imports: ['_index.js'] },
      '_index.js': { file: 'assets/index-D4.js' },
    }),
  );
  await writeFile(join(dist, 'home.en.html'), page.replace('<div id="root">', '<div id="root" data-prerendered="en">'));
  await writeFile(join(dist, 'home.th.html'), page.replace('"en"', '"th"').replace('<div id="root">', '<div id="root" data-prerendered="th">'));
  await writeFile(join(dist, 'assets', 'app-Ab12Cd34.js'), script);
  await writeFile(join(dist, 'assets', 'built-Ef56Gh78.js'), script);
  await writeFile(join(dist, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
  backend = await startBackend({
    distDir: dist,
    env: { SEED: '1' },
    // An edge function with a large JSON answer, made as the functions make theirs.
    functions: { 'large-answer': async () => jsonResponse({ rows: Array.from({ length: 100 }, (_, index) => ({ index, text: `row ${index}` })) }) },
  });
}, 60_000);
afterAll(async () => {
  await backend?.stop();
  await rm(dist, { recursive: true, force: true });
});

describe('the landing page drawn at build time', () => {
  const languageOf = async (headers: Record<string, string>) => {
    const answer = await raw(`${backend.url}/`, { headers });
    expect(answer.headers.vary).toContain('Accept-Language');
    const html = decoded(answer).toString();
    expect(html).toContain('id="viewpact-config"');
    return /data-prerendered="(\w+)"/.exec(html)?.[1];
  };

  it('is sent for / in the language the app chose (its cookie), else the one the browser asks for first', async () => {
    expect(await languageOf({})).toBe('en');
    expect(await languageOf({ 'Accept-Language': 'th-TH,th;q=0.9,en;q=0.8' })).toBe('th');
    expect(await languageOf({ 'Accept-Language': 'en-US,th;q=0.9' })).toBe('en');
    expect(await languageOf({ 'Accept-Language': 'th', Cookie: 'a=1; viewpact-language=en' })).toBe('en');
    expect(await languageOf({ Cookie: 'viewpact-language=th' })).toBe('th');
    expect(await languageOf({ Cookie: 'viewpact-language=xx' })).toBe('en');
  });

  it('is not sent for the app’s other pages', async () => {
    const html = decoded(await raw(`${backend.url}/dashboard/creator`, { headers: { 'Accept-Language': 'th' } })).toString();
    expect(html).not.toContain('data-prerendered');
  });
});

describe("a dashboard's data chunks", () => {
  const preloaded = async (path: string) =>
    [...decoded(await raw(`${backend.url}${path}`)).toString().matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  it('are asked for with the dashboard’s page, with everything they import, so its data need not wait for them', async () => {
    expect(await preloaded('/dashboard/creator')).toEqual(['/assets/creator-dashboard-data-A1.js', '/assets/keys-C3.js', '/assets/index-D4.js']);
    expect(await preloaded('/dashboard/brand')).toEqual(['/assets/brand-dashboard-data-B2.js', '/assets/keys-C3.js', '/assets/index-D4.js']);
    // /dashboard leads to the user's own: both.
    expect(await preloaded('/dashboard')).toEqual(['/assets/creator-dashboard-data-A1.js', '/assets/keys-C3.js', '/assets/index-D4.js', '/assets/brand-dashboard-data-B2.js']);
    expect(await preloaded('/dashboard/videos')).toEqual(['/assets/videos-page-data-E5.js', '/assets/index-D4.js']);
    expect(await preloaded('/dashboard/creator/')).toEqual(['/assets/creator-dashboard-data-A1.js', '/assets/keys-C3.js', '/assets/index-D4.js']);
  });

  it('are not asked for on other pages', async () => {
    expect(await preloaded('/')).toEqual([]);
    expect(await preloaded('/login')).toEqual([]);
    expect(await preloaded('/dashboard/settings')).toEqual([]);
  });
});

describe('index.html', () => {
  it('carries the same configuration as /config.json, so the app starts without asking for it', async () => {
    const config = await (await fetch(`${backend.url}/config.json`)).json();
    for (const path of ['/', '/dashboard/creator', '/index.html']) {
      const answer = await raw(`${backend.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      const html = answer.body.toString('utf8');
      const inlined = html.match(/<script type="application\/json" id="viewpact-config">(.*?)<\/script>/)?.[1];
      expect(inlined, path).toBeDefined();
      expect(JSON.parse(inlined!)).toEqual(config);
      // In the head, before the app's scripts.
      expect(html.indexOf('id="viewpact-config"')).toBeLessThan(html.indexOf('</head>'));
    }
    expect(config).toMatchObject({ supabaseUrl: backend.url, supabasePublishableKey: backend.publishableKey });
  });

  it('comes brotli- or gzip-encoded when asked, and answers HEAD with the headers alone', async () => {
    const br = await raw(`${backend.url}/dashboard`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(decoded(br).toString('utf8')).toContain('id="viewpact-config"');
    const gzip = await raw(`${backend.url}/dashboard`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).toString('utf8')).toBe(decoded(br).toString('utf8'));
    const head = await raw(`${backend.url}/dashboard`, { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.byteLength).toBe(0);
  });
});

describe('static files', () => {
  const asset = () => `${backend.url}/assets/app-Ab12Cd34.js`;

  it('sends a script brotli-encoded, or gzip-encoded, to a client that takes it, and plain to one that does not', async () => {
    const br = await raw(asset(), { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expect(br.body.byteLength).toBeLessThan(script.length / 4);
    expect(decoded(br).toString('utf8')).toBe(script);

    const gzip = await raw(asset(), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).toString('utf8')).toBe(script);

    const refusals: Record<string, string>[] = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }];
    for (const refusal of refusals) {
      const plain = await raw(asset(), { headers: refusal });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(script);
      expect(plain.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('answers HEAD with the encoded length and no body', async () => {
    const full = await raw(asset(), { headers: { 'Accept-Encoding': 'br' } });
    const head = await raw(asset(), { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(full.body.byteLength));
    expect(head.body.byteLength).toBe(0);
  });

  it('sends the brotli copy the build wrote beside a file as it is, unless the file is newer', async () => {
    const path = join(dist, 'assets', 'built-Ef56Gh78.js');
    const written = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } });
    await writeFile(`${path}.br`, written);
    const answer = await raw(`${backend.url}/assets/built-Ef56Gh78.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(Buffer.compare(answer.body, written)).toBe(0);

    // The file changed after its copy was written: the copy is stale and not used.
    const changed = `${script}export const changed = true;\n`;
    await writeFile(path, changed);
    // A minute before the file's own time (the file system's clock, not the test's).
    const past = new Date((await stat(path)).mtimeMs - 60_000);
    await utimes(`${path}.br`, past, past);
    const fresh = await raw(`${backend.url}/assets/built-Ef56Gh78.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(decoded(fresh).toString('utf8')).toBe(changed);
  });

  it('compresses SVG outside /assets/ too, revalidated rather than cached for a year', async () => {
    const svg = await raw(`${backend.url}/favicon.svg`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['content-encoding']).toBe('gzip');
    expect(svg.headers['cache-control']).toBe('no-cache');
    expect(decoded(svg).toString('utf8')).toContain('<svg');
  });
});

describe('API answers', () => {
  const listings = () => `${backend.url}/rest/v1/brief_listings?select=*`;
  const asService = { apikey: '', Authorization: '' };

  beforeAll(() => {
    asService.apikey = backend.serviceKey;
    asService.Authorization = `Bearer ${backend.serviceKey}`;
  });

  it('sends a REST answer above 1 KB gzip- or brotli-encoded when asked, the same JSON as the plain one', async () => {
    const plain = await raw(listings(), { headers: asService });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    const rows = JSON.parse(plain.body.toString('utf8'));

    for (const encoding of ['gzip', 'br'] as const) {
      const answer = await raw(listings(), { headers: { ...asService, 'Accept-Encoding': encoding } });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
      expect(answer.headers['content-range']).toBe(plain.headers['content-range']);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-expose-headers']).toContain('Content-Range');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
      expect(answer.body.byteLength).toBeLessThan(plain.body.byteLength);
      expect(JSON.parse(decoded(answer).toString('utf8'))).toEqual(rows);
    }
  });

  it('leaves a small answer as it is', async () => {
    const rates = await raw(`${backend.url}/rest/v1/rpc/pay_rates`, { headers: { ...asService, 'Accept-Encoding': 'br' } });
    expect(rates.status).toBe(200);
    expect(rates.body.byteLength).toBeLessThan(1024);
    expect(rates.headers['content-encoding']).toBeUndefined();
  });

  it('encodes the JSON answer of an edge function, keeping its headers', async () => {
    const { data: session } = await backend.client().auth.signInWithPassword({ email: 'creator@demo.viewpact.test', password: 'creator-demo' });
    const headers = { apikey: backend.anonKey, Authorization: `Bearer ${session.session!.access_token}` };
    const plain = await raw(`${backend.url}/functions/v1/large-answer`, { headers });
    const answer = await raw(`${backend.url}/functions/v1/large-answer`, { headers: { ...headers, 'Accept-Encoding': 'br' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers['access-control-allow-headers']).toBe(plain.headers['access-control-allow-headers']);
    expect(JSON.parse(decoded(answer).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('encodes auth answers too, and supabase-js reads every encoded answer as before', async () => {
    const signIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
      body: JSON.stringify({ email: 'creator@demo.viewpact.test', password: 'creator-demo' }),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('content-encoding')).toBe('gzip');
    expect((await signIn.json()).access_token).toEqual(expect.any(String));

    const client = backend.client();
    expect((await client.auth.signInWithPassword({ email: 'creator@demo.viewpact.test', password: 'creator-demo' })).error).toBeNull();
    const { data, error } = await client.from('brief_listings').select('*');
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    const invoked = await client.functions.invoke('large-answer');
    expect(invoked.error).toBeNull();
    expect(invoked.data).toMatchObject({ rows: expect.arrayContaining([{ index: 99, text: 'row 99' }]) });
  });
});
