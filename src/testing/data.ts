import type { Profile } from '@/features/auth/api/get-profile';
import type { BriefListing, VideoListing } from '@/lib/database';
import type { TestUser } from './session';

/** Fixed rows for tests, each with overrides: what the API would answer, never computed here. */

export const creatorUser: TestUser = { id: 'c1000000-0000-4000-8000-000000000001', email: 'nok@example.test', userType: 'creator' };
export const brandUser: TestUser = { id: 'a1000000-0000-4000-8000-000000000002', email: 'team@glowlab.example', userType: 'brand' };

export const profileOf = (user: TestUser, overrides: Partial<Profile> = {}): Profile => ({
  id: user.id,
  user_type: user.userType,
  first_name: user.userType === 'brand' ? 'GlowLab Skincare' : 'Nok',
  last_name: null,
  tiktok_username: null,
  tiktok_avatar_url: null,
  follower_count: null,
  website: null,
  industry: null,
  company_name: null,
  is_demo: false,
  created_at: '2026-01-05T08:00:00Z',
  updated_at: '2026-01-05T08:00:00Z',
  ...overrides,
});

export const video = (overrides: Partial<VideoListing> = {}): VideoListing => ({
  id: 'v1000000-0000-4000-8000-000000000001',
  user_id: creatorUser.id,
  video_id: '7300000000000000001',
  share_url: 'https://www.tiktok.com/@nok/video/7300000000000000001',
  title: 'Morning routine',
  description: 'My morning routine',
  thumbnail_url: null,
  author_username: 'nok',
  view_count: 12_300,
  like_count: 450,
  comment_count: 12,
  share_count: 3,
  is_estimated: false,
  is_demo: false,
  is_pitch: false,
  metrics_source: 'display_api',
  metrics_updated_at: '2026-02-01T08:00:00Z',
  brand_id: null,
  brand_name: null,
  brand_brief_id: null,
  brief_title: null,
  creator_name: 'Nok',
  created_at: '2026-02-01T08:00:00Z',
  updated_at: '2026-02-01T08:00:00Z',
  ...overrides,
});

export const brief = (overrides: Partial<BriefListing> = {}): BriefListing => ({
  id: 'b1000000-0000-4000-8000-000000000001',
  brand_id: brandUser.id,
  brand_name: 'GlowLab Skincare',
  brand_logo: null,
  title: 'Skincare Product Review',
  description: 'Show our serum in your routine.',
  brief: null,
  reward: '฿2,000 – ฿5,000',
  industry: ['Beauty'],
  deadline: null,
  status: 'open',
  joined_count: 3,
  is_demo: false,
  created_at: '2026-01-10T08:00:00Z',
  updated_at: '2026-01-10T08:00:00Z',
  ...overrides,
});
