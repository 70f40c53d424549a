import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import englishErrors from '@/i18n/locales/en/errors.json';
import thaiErrors from '@/i18n/locales/th/errors.json';
import { AppError, functionError, isErrorCode, toAppError } from './errors';

const root = join(__dirname, '../..');

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

const matches = (files: string[], pattern: RegExp) => [...new Set(files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => m[1])))];

/** Every code the database raises (private.refuse) and every code an edge function answers with. */
const databaseCodes = matches(filesUnder(join(root, 'supabase/migrations'), /\.sql$/), /private\.refuse\(\s*'([a-z_]+)'/g);
const functionCodes = matches(filesUnder(join(root, 'supabase/functions'), /\.ts$/).filter((file) => !file.endsWith('.test.ts')), /\bcode: '([a-z_]+)'/g);

describe('error codes', () => {
  it('finds the codes it checks', () => {
    expect(databaseCodes).toEqual(expect.arrayContaining(['deadline_in_past', 'opportunity_not_joined', 'invalid_tiktok_username']));
    expect(functionCodes).toEqual(expect.arrayContaining(['invalid_url', 'duplicate', 'video_unavailable']));
  });

  it.each([...databaseCodes, ...functionCodes])('%s has an English and a Thai text', (code) => {
    expect(isErrorCode(code), `${code} is missing from src/i18n/locales/en/errors.json`).toBe(true);
    const thai = (thaiErrors as Record<string, string>)[code];
    expect(thai, `${code} is missing from src/i18n/locales/th/errors.json`).toMatch(/[\u0E00-\u0E7F]/);
    expect(thai).not.toBe((englishErrors as Record<string, string>)[code]);
  });
});

describe('toAppError', () => {
  it('keeps a known code, maps PostgreSQL refusals, and falls back to the operation', () => {
    expect(toAppError({ code: 'deadline_in_past', message: 'x' }, 'opportunity_create_failed').code).toBe('deadline_in_past');
    expect(toAppError({ code: '42501', message: 'denied' }, 'join_failed').code).toBe('not_allowed');
    expect(toAppError({ code: 'XX000', message: 'odd' }, 'join_failed').code).toBe('join_failed');
    expect(toAppError({ message: 'slow down', status: 429 }, 'sign_in_failed').code).toBe('over_request_rate_limit');
    expect(toAppError(null, 'brief_update_failed').code).toBe('brief_update_failed');
    // The server's own code is kept when the app has none for it.
    expect(toAppError({ code: 'XX000', message: 'odd' }, 'join_failed').serverCode).toBe('XX000');
  });
});

describe('functionError', () => {
  const refusal = (body: unknown) => Object.assign(new Error('Edge Function returned a non-2xx status code'), { context: new Response(JSON.stringify(body), { status: 400 }) });

  it('reads the code of a function refusal', async () => {
    const error = await functionError(refusal({ success: false, code: 'invalid_url', error: 'Invalid TikTok URL' }), 'video_add_failed');
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('invalid_url');
    expect(error.serverText).toBeUndefined();
  });

  it('keeps the server text of an unknown reason (spec §8)', async () => {
    const error = await functionError(refusal({ success: false, code: 'new_reason', error: 'A reason we have no code for' }), 'video_add_failed');
    expect(error).toMatchObject({ code: 'video_add_failed', serverText: 'A reason we have no code for', serverCode: 'new_reason' });
  });
});
