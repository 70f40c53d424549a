import { describe, expect, it } from 'vitest';
import { resources } from '@/i18n';
import { profileChanges, profileUpdateSchema } from './update-profile';

const english = (key: string) => (resources.en.settings.messages as Record<string, string>)[key.replace('settings:messages.', '')];

const base = { first_name: '', last_name: '', tiktok_username: '' };

describe('profile update (spec §5)', () => {
  it('needs no field', () => {
    expect(profileUpdateSchema.safeParse(base).success).toBe(true);
  });

  it.each([
    [{ tiktok_username: 'no spaces please' }, 'A TikTok username has only letters, numbers, dots and underscores (up to 24)'],
    [{ follower_count: '12k' }, 'Enter the follower count as a whole number'],
    [{ website: 'not a site' }, 'Enter a website address such as example.com'],
    [{ first_name: 'x'.repeat(101) }, 'This is too long'],
  ])('%o → %s', (change, message) => {
    const result = profileUpdateSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(english(result.error!.issues[0].message)).toBe(message);
  });

  it('strips the @, stores an empty follower count as null and completes the website', () => {
    const parsed = profileUpdateSchema.parse({ ...base, first_name: ' Nok ', tiktok_username: '@nok.dances', follower_count: '', website: 'nok.example' });
    expect(profileChanges(parsed)).toMatchObject({
      first_name: 'Nok',
      last_name: null,
      tiktok_username: 'nok.dances',
      follower_count: null,
      website: 'https://nok.example',
    });
  });

  it('sends only the fields the form showed', () => {
    const creator = profileChanges(profileUpdateSchema.parse({ ...base, follower_count: '1,200' }));
    expect(creator).toHaveProperty('follower_count', 1200);
    expect(creator).not.toHaveProperty('website');
    const brand = profileChanges(profileUpdateSchema.parse({ ...base, website: '', industry: 'Food', company_name: '' }));
    expect(brand).toMatchObject({ website: null, industry: 'Food', company_name: null });
    expect(brand).not.toHaveProperty('follower_count');
  });
});

describe('websites', () => {
  it('refuses other schemes instead of dressing them up as https', () => {
    expect(profileUpdateSchema.safeParse({ ...base, website: 'javascript:alert(1)' }).success).toBe(false);
    expect(profileChanges(profileUpdateSchema.parse({ ...base, website: 'shop.example:8080/home' }))).toMatchObject({ website: 'https://shop.example:8080/home' });
  });
});
