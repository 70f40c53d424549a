import { lookup } from 'node:dns/promises';

/**
 * Limits on every call to TikTok beyond its host list (client.ts): the host must resolve to
 * public addresses only, and an answer may be at most so large.
 */

/** The addresses a host name resolves to (all of them, v4 and v6). */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithDns: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const ipv4 = (address: string): number[] | null => {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
};

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or null. */
function ipv6(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0];
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = ipv4(tail[1]);
    if (!v4) return null;
    text = text.slice(0, -tail[1].length) + `${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 2 && missing < 1) || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}

function isPublicIpv4([a, b]: number[]): boolean {
  return !(
    a === 0 || a === 10 || a === 127 || a >= 224 || // this network, private, loopback, multicast and reserved
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) // benchmarking
  );
}

/** Whether an address is on the public internet: not loopback, private, link-local or reserved. */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4(address);
  if (v4) return isPublicIpv4(v4);
  const v6 = ipv6(address);
  if (!v6) return false;
  const [first] = v6;
  const zerosUntil = (n: number) => v6.slice(0, n).every((group) => group === 0);
  if (zerosUntil(8) || (zerosUntil(7) && v6[7] === 1)) return false; // :: and ::1
  if (zerosUntil(5) && (v6[5] === 0xffff || v6[5] === 0)) return isPublicIpv4([v6[6] >> 8, v6[6] & 255]); // IPv4-mapped or -compatible
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00) return false; // unique local, link-local, multicast
  return true;
}

/** The body as text, refusing past maxBytes (by Content-Length, or while reading). */
export async function readCapped(response: Response, maxBytes: number, tooLarge: () => Error): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
