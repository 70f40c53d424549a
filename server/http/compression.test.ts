import { describe, expect, it } from 'vitest';
import { chooseEncoding, varyOnEncoding } from './compression';
import { scriptSafeJson } from './static';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours what the client refuses', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding to Vary once, keeping what is there', () => {
    const headers = new Headers({ Vary: 'Origin' });
    varyOnEncoding(headers);
    varyOnEncoding(headers);
    expect(headers.get('Vary')).toBe('Origin, Accept-Encoding');
    const fresh = new Headers();
    varyOnEncoding(fresh);
    expect(fresh.get('Vary')).toBe('Accept-Encoding');
  });
});

describe('scriptSafeJson', () => {
  it('writes JSON no text inside can end the script element with', () => {
    const value = { supabaseUrl: 'https://example.test/</script><script>alert(1)</script>', note: '<!--' };
    const written = scriptSafeJson(value);
    expect(written).not.toContain('<');
    expect(JSON.parse(written)).toEqual(value);
  });
});
