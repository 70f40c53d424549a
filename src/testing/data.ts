import type { Profile } from '@/features/auth/api/get-profile';
import type { BudgetHistory } from '@/features/opportunities/api/get-budget-history';
import type { BriefListing, LedgerRules, VideoListing, VideoSnapshot } from '@/lib/database';
import type { TestUser } from './session';

/** Fixed rows for tests, each with overrides: what the API would answer, never computed here. */

export const creatorUser: TestUser = { id: 'c1000000-0000-4000-8000-000000000001', email: 'nok@example.test', userType: 'creator' };
export const brandUser: TestUser = { id: 'a1000000-0000-4000-8000-000000000002', email: 'team@glowlab.example', userType: 'brand' };
export const adminUser: TestUser = { id: 'a1000000-0000-4000-8000-000000000003', email: 'ops@viewpact.example', userType: 'admin' };

export const profileOf = (user: TestUser, overrides: Partial<Profile> = {}): Profile => ({
  id: user.id,
  user_type: user.userType,
  first_name: user.userType === 'brand' ? 'GlowLab Skincare' : 'Nok',
  last_name: null,
  tiktok_username: null,
  tiktok_avatar_url: null,
  tiktok_proof: null,
  tiktok_verified_at: null,
  tiktok_lapsed_at: null,
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
  // Its standing in video_ledger: not linked to a campaign, so nothing counts.
  posted_at: '2026-01-31T08:00:00Z',
  review_status: 'none',
  review_reason: null,
  review_note: null,
  review_submitted_at: null,
  auto_approve_at: null,
  availability: 'live',
  measured_views: 12_300,
  counted_views: 0,
  pending_views: 0,
  excluded_reason: 'no_campaign',
  excluded_note: null,
  creator_verified: false,
  earned_satang: 0,
  charged_satang: 0,
  window_ends_at: '2026-03-02T08:00:00Z',
  frozen: false,
  ...overrides,
});

/** A video linked to the brand's campaign, as video_ledger answers for it once approved. */
export const campaignVideo = (overrides: Partial<VideoListing> = {}): VideoListing =>
  video({
    brand_id: brandUser.id,
    brand_name: 'GlowLab Skincare',
    brand_brief_id: 'b1000000-0000-4000-8000-000000000001',
    brief_title: 'Skincare Product Review',
    review_status: 'approved',
    review_submitted_at: '2026-02-01T08:00:00Z',
    counted_views: 12_300,
    earned_satang: 6_150,
    charged_satang: 12_300,
    excluded_reason: null,
    ...overrides,
  });

/** One measurement of a video (video_snapshots). */
export const snapshot = (overrides: Partial<VideoSnapshot> = {}): VideoSnapshot => ({
  id: 1,
  tiktok_video_id: 'v1000000-0000-4000-8000-000000000001',
  measured_at: '2026-02-01T08:00:00Z',
  available: true,
  view_count: 1_000,
  like_count: 40,
  comment_count: 2,
  share_count: 1,
  source: 'display_api',
  ...overrides,
});

/** ledger_rules, with the defaults of the migration. */
export const ledgerRulesRow = (overrides: Partial<LedgerRules> = {}): LedgerRules => ({
  id: true,
  count_window_days: 30,
  review_auto_approve_hours: 72,
  refresh_early_hours: 6,
  refresh_early_days: 7,
  refresh_late_hours: 24,
  updated_at: '2026-01-01T00:00:00Z',
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
  edited_at: null,
  edited_fields: [],
  brand_rate_satang: 1000,
  creator_rate_satang: 500,
  budget_satang: null,
  budget_remaining_satang: null,
  budget_reached: false,
  ...overrides,
});

/**
 * What brief_budget_history() answers for a ฿5,000 budget: ฿1,200 spent, ฿500 held for review,
 * ฿3,300 left, ฿700 in the last 7 days (so about 33 days left), the last 30 days oldest first.
 */
export const budgetHistory = (overrides: Partial<BudgetHistory> = {}): BudgetHistory => ({
  budgetSatang: 500_000,
  spentSatang: 120_000,
  committedSatang: 170_000,
  remainingSatang: 330_000,
  budgetReached: false,
  last7DaysSatang: 70_000,
  runwayDays: 33,
  days: Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, satang: i >= 23 ? 10_000 : i === 10 ? 100_000 : 0 })),
  ...overrides,
});
