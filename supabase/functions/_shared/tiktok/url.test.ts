import { describe, expect, it } from 'vitest';
import { defaultVideoTitle, isTikTokHost, parseTikTokUrl } from './url.ts';

const id = '7431200000000000001';
const now = Date.UTC(2026, 10, 21);

describe('parseTikTokUrl', () => {
  it.each([
    [`https://www.tiktok.com/@nalinee.eats/video/${id}`, id, 'nalinee.eats'],
    [`https://www.tiktok.com/@nalinee.eats/video/${id}?is_from_webapp=1&sender_device=pc`, id, 'nalinee.eats'],
    [`https://www.tiktok.com/@nalinee.eats/video/${id}?_r=1&_t=8abc&utm_source=copy&utm_medium=android`, id, 'nalinee.eats'],
    [`https://www.tiktok.com/@nalinee.eats/video/${id}/`, id, 'nalinee.eats'],
    [`https://WWW.TIKTOK.COM/@nalinee.eats/video/${id}`, id, 'nalinee.eats'],
    [`http://www.tiktok.com/@nalinee.eats/video/${id}`, id, 'nalinee.eats'],
    [`www.tiktok.com/@nalinee.eats/video/${id}`, id, 'nalinee.eats'],
    [`  https://m.tiktok.com/@nalinee.eats/video/${id}  `, id, 'nalinee.eats'],
    [`https://tiktok.com/@nalinee.eats/video/${id}`, id, 'nalinee.eats'],
    [`https://www.tiktok.com/@ploy.moves/photo/${id}`, id, 'ploy.moves'],
    [`https://www.tiktok.com/@/video/${id}`, id, null],
    [`https://www.tiktok.com/share/video/${id}`, id, null],
    [`https://www.tiktokv.com/share/video/${id}/`, id, null],
    [`https://www.tiktok.com/embed/${id}`, id, null],
    [`https://www.tiktok.com/embed/v2/${id}?lang=en`, id, null],
    [`https://www.tiktok.com/player/v1/${id}?autoplay=1`, id, null],
    [`https://m.tiktok.com/v/${id}.html`, id, null],
    [`https://m.tiktok.com/v/${id}`, id, null],
    [`https://www.tiktok.com/v/${id}.html?u_code=abc`, id, null],
    [`https://www.tiktok.com/link/v2?aid=1988&item_id=${id}`, id, null],
    [`https://m.tiktok.com/share?share_item_id=${id}`, id, null],
    [`https://www.tiktok.com/share?shareId=${id}&u_code=x`, id, null],
    [`Look at this! https://www.tiktok.com/@nalinee.eats/video/${id}?_r=1 #fyp`, id, 'nalinee.eats'],
    [`https://www.tiktok.com/@nalinee.eats/video/${id}#comments`, id, 'nalinee.eats'],
  ])('%s → video %s', (input, expected, username) => {
    expect(parseTikTokUrl(input, now)).toEqual({ kind: 'video', id: expected, username, url: `https://www.tiktok.com/@${username ?? ''}/video/${expected}` });
  });

  it.each([
    ['https://vm.tiktok.com/ZMabc123/', 'https://vm.tiktok.com/ZMabc123/'],
    ['https://vt.tiktok.com/ZSxyz789', 'https://vt.tiktok.com/ZSxyz789/'],
    ['https://www.tiktok.com/t/ZTRkP9q1/', 'https://www.tiktok.com/t/ZTRkP9q1/'],
    ['tiktok.com/t/ZTRkP9q1', 'https://tiktok.com/t/ZTRkP9q1/'],
    ['Watch https://vm.tiktok.com/ZMabc123/ now', 'https://vm.tiktok.com/ZMabc123/'],
  ])('%s → short link %s', (input, url) => {
    expect(parseTikTokUrl(input, now)).toEqual({ kind: 'short', url });
  });

  it.each([
    [''],
    ['   '],
    ['not a url'],
    [`https://tiktok.com.evil.example/@a/video/${id}`],
    [`https://evil.example/@a/video/${id}?next=tiktok.com`],
    [`https://www.nottiktok.com/@a/video/${id}`],
    [`https://tiktok.com@evil.example/@a/video/${id}`],
    [`https://user:pass@www.tiktok.com/@a/video/${id}`],
    [`https://www.youtube.com/watch?v=${id}`],
    ['https://www.tiktok.com/@nalinee.eats'],
    ['https://www.tiktok.com/@nalinee.eats/video/'],
    ['https://www.tiktok.com/@nalinee.eats/video/743120000000000000'],
    ['https://www.tiktok.com/@nalinee.eats/video/74312000000000000011'],
    ['https://www.tiktok.com/@nalinee.eats/video/743120000000000000a'],
    ['https://www.tiktok.com/@nalinee.eats/video/0000000000000000001'],
    ['https://www.tiktok.com/@nalinee.eats/video/9999999999999999999'],
    [`javascript:alert('https://www.tiktok.com/@a/video/${id}')`],
    [`data:text/html,https://www.tiktok.com/@a/video/${id}`],
    [`ftp://www.tiktok.com/@a/video/${id}`],
    ['https://vm.tiktok.com/'],
    ['https://www.tiktok.com/t/'],
    ['https://www.tiktok.com/foryou'],
  ])('%s → not a TikTok video', (input) => {
    expect(parseTikTokUrl(input, now)).toBeNull();
  });
});

describe('isTikTokHost', () => {
  it('accepts TikTok and its subdomains only', () => {
    expect(['tiktok.com', 'www.tiktok.com', 'vm.tiktok.com', 'www.tiktokv.com', 'TIKTOK.COM'].every((host) => isTikTokHost(host))).toBe(true);
    expect(['tiktok.com.evil.example', 'eviltiktok.com', 'tiktok.co', 'example.com'].some((host) => isTikTokHost(host))).toBe(false);
  });
});

describe('defaultVideoTitle', () => {
  it("is 'TikTok Video #' and the first 8 characters of the id", () => {
    expect(defaultVideoTitle(id)).toBe('TikTok Video #74312000');
  });
});
