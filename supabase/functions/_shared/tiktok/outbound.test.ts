import { describe, expect, it, vi } from 'vitest';
import { createTikTokClient, TikTokError } from './client';
import { isPublicAddress } from './outbound';

const videoUrl = 'https://www.tiktok.com/@nok/video/7431200000000000001';

/** A client whose DNS answers `addresses` and whose network is `answer`. */
function clientWith(addresses: string[], answer: () => Response | Promise<Response>, options: { timeoutMs?: number; maxResponseBytes?: number } = {}) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => answer());
  const client = createTikTokClient({ fetch: fetch as unknown as typeof globalThis.fetch, resolveHost: async () => addresses, ...options });
  return { client, fetch };
}

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TikTokError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a TikTokError');
};

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, carrier NAT, unique-local, mapped and reserved addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
      '::1', '::', 'fd00::1', 'fc00::', 'fe80::1%eth0', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1', 'ff02::1', 'not an address', '1.2.3', '300.1.1.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses', () => {
    for (const address of ['23.45.67.89', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:8.8.8.8', '2001:db8:85a3::8a2e:370:7334']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('calls to TikTok', () => {
  it('never reach a TikTok name that resolves to a private or loopback address', async () => {
    for (const address of ['127.0.0.1', '10.0.0.5', '169.254.169.254', '::1', '::ffff:192.168.0.2']) {
      const { client, fetch } = clientWith(['23.45.67.89', address], () => Response.json({}));
      expect(await failureOf(client.oembed(videoUrl))).toMatchObject({ kind: 'offsite' });
      expect(fetch).not.toHaveBeenCalled();
    }
  });

  it('reach a public address, over https only', async () => {
    const { client, fetch } = clientWith(['23.45.67.89'], () => Response.json({ title: 'Hello', author_unique_id: 'nok' }));
    expect(await client.oembed(videoUrl)).toMatchObject({ caption: 'Hello', authorUsername: 'nok' });
    expect(fetch).toHaveBeenCalledOnce();
    expect(await failureOf(client.pageCounts('http://www.tiktok.com/@nok/video/7431200000000000001', '7431200000000000001'))).toMatchObject({ kind: 'offsite' });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('stop reading an answer past the size cap, whether announced or streamed', async () => {
    const big = 'x'.repeat(2048);
    const announced = clientWith(['23.45.67.89'], () => new Response(big, { headers: { 'Content-Length': String(big.length) } }), { maxResponseBytes: 1024 });
    expect(await failureOf(announced.client.pageCounts(videoUrl, '7431200000000000001'))).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/larger than 1024 bytes/) });
    const streamed = clientWith(['23.45.67.89'], () => new Response(new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(big)); // endless
      },
    })), { maxResponseBytes: 1024 });
    expect(await failureOf(streamed.client.pageCounts(videoUrl, '7431200000000000001'))).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/larger than/) });
  });

  it('give up on an answer that does not start, or does not finish, in time', async () => {
    // As the real fetch does: the request's signal aborts the wait for headers and the body.
    const silent = createTikTokClient({
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
      resolveHost: async () => ['23.45.67.89'],
      timeoutMs: 50,
    });
    expect(await failureOf(silent.oembed(videoUrl))).toMatchObject({ kind: 'timeout' });
    const trickling = createTikTokClient({
      fetch: async (_url, init) => new Response(new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"title":'));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        },
      })),
      resolveHost: async () => ['23.45.67.89'],
      timeoutMs: 50,
    });
    expect(await failureOf(trickling.oembed(videoUrl))).toMatchObject({ kind: 'timeout' });
  });
});
