import { describe, expect, it } from 'vitest';
import { resources } from '@/i18n/resources';
import { profileUpdateSchema } from './update-profile';

const english = (key: string) => (resources.en.settings.messages as Record<string, string>)[key.replace('settings:messages.', '')];

const base = { first_name: '', last_name: '', tiktok_username: '' };

// The profile rules themselves (username, website, follower count) are the database's:
// tests/integration/rules.test.ts. The form checks only its shape.
describe('profile update form (spec §5)', () => {
  it('needs no field, and leaves usernames and websites to the database', () => {
    expect(profileUpdateSchema.safeParse(base).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ ...base, tiktok_username: '@no spaces', website: 'not a site' }).success).toBe(true);
  });

  it('refuses text longer than its field', () => {
    const result = profileUpdateSchema.safeParse({ ...base, first_name: 'x'.repeat(101) });
    expect(result.success).toBe(false);
    expect(english(result.error!.issues[0].message)).toBe('This is too long');
  });

  it('takes the follower count as the number input gives it, or null when empty', () => {
    expect(profileUpdateSchema.parse({ ...base, follower_count: null })).toMatchObject({ follower_count: null });
    expect(profileUpdateSchema.parse({ ...base, follower_count: 1200 })).toMatchObject({ follower_count: 1200 });
  });
});
