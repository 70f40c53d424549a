import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authorizeUrl, codeChallenge, isStateShape, newCodeVerifier, newState, pkceEncoding, scopesSetting, signWebhook, verifyWebhookSignature } from './oauth';

describe('the sign-in state', () => {
  it('is "tiktok." and 32 random bytes, different every time', () => {
    const states = new Set(Array.from({ length: 200 }, newState));
    expect(states.size).toBe(200);
    for (const state of states) {
      expect(state).toMatch(/^tiktok\.[A-Za-z0-9_-]{43}$/);
      expect(isStateShape(state)).toBe(true);
    }
  });

  it('refuses the spec’s constant and anything else of another shape', () => {
    for (const state of ['tiktok', 'tiktok.', 'tiktok.short', `other.${'a'.repeat(43)}`, `tiktok.${'a'.repeat(44)}`, `tiktok.${'+'.repeat(43)}`, null, 42]) {
      expect(isStateShape(state)).toBe(false);
    }
  });
});

describe('PKCE (S256)', () => {
  it('makes verifiers of RFC 7636’s length and alphabet', () => {
    const verifier = newCodeVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(newCodeVerifier()).not.toBe(verifier);
  });

  it('encodes the challenge as base64url by default, or hex as TikTok’s desktop page describes', async () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    // RFC 7636, appendix B.
    expect(await codeChallenge(verifier, 'base64url')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(await codeChallenge(verifier, 'hex')).toBe(createHash('sha256').update(verifier).digest('hex'));
    expect(pkceEncoding(undefined)).toBe('base64url');
    expect(pkceEncoding(' HEX ')).toBe('hex');
    expect(pkceEncoding('something else')).toBe('base64url');
  });
});

describe('the authorize URL', () => {
  it('carries the app, the scopes, the exact redirect, the state and the challenge', () => {
    const url = new URL(
      authorizeUrl({ base: 'https://www.tiktok.com/v2/auth/authorize/', clientKey: 'key', scopes: scopesSetting(undefined), redirectUri: 'https://viewpact.example/connect', state: 'tiktok.x', challenge: 'c' }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'key',
      scope: 'user.info.basic,user.info.profile,video.list',
      response_type: 'code',
      redirect_uri: 'https://viewpact.example/connect',
      state: 'tiktok.x',
      code_challenge: 'c',
      code_challenge_method: 'S256',
    });
    expect(scopesSetting(' user.info.basic , video.list ,')).toBe('user.info.basic,video.list');
  });
});

describe('the webhook signature', () => {
  const secret = 'client-secret';
  const body = JSON.stringify({ event: 'authorization.removed', user_openid: 'open-1' });
  const now = Date.UTC(2026, 10, 24, 12);
  const header = (t: number, signedBody = body, key = secret) => `t=${t},s=${createHmac('sha256', key).update(`${t}.${signedBody}`).digest('hex')}`;

  it('holds for TikTok’s header over this body, made recently', async () => {
    const t = now / 1000 - 60;
    expect(await verifyWebhookSignature(header(t), body, secret, now)).toBe(true);
    expect(await verifyWebhookSignature(await signWebhook(body, secret, now), body, secret, now)).toBe(true);
  });

  it('fails for another body, another secret, an old or future timestamp, or a malformed header', async () => {
    const t = now / 1000;
    expect(await verifyWebhookSignature(header(t), body.replace('open-1', 'open-2'), secret, now)).toBe(false);
    expect(await verifyWebhookSignature(header(t, body, 'other'), body, secret, now)).toBe(false);
    expect(await verifyWebhookSignature(header(t - 3600), body, secret, now)).toBe(false);
    expect(await verifyWebhookSignature(header(t + 3600), body, secret, now)).toBe(false);
    for (const malformed of [null, '', 's=abc', `t=${t}`, `t=x,s=${'0'.repeat(64)}`, `t=${t},s=zz`]) {
      expect(await verifyWebhookSignature(malformed, body, secret, now)).toBe(false);
    }
    expect(await verifyWebhookSignature(header(t), body, '', now)).toBe(false);
  });
});
