/** Rows as the API returns them (the views of supabase/migrations/…_listings.sql). */

export type MetricsSource = 'display_api' | 'page_data' | 'estimate' | 'sandbox' | 'demo';

export type VideoListing = {
  id: string;
  user_id: string;
  video_id: string;
  share_url: string;
  title: string | null;
  description: string | null;
  thumbnail_url: string | null;
  author_username: string | null;
  brand_id: string | null;
  brand_brief_id: string | null;
  view_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
  is_estimated: boolean;
  metrics_source: MetricsSource | null;
  metrics_updated_at: string | null;
  is_demo: boolean;
  created_at: string;
  creator_name: string;
  brand_name: string | null;
  brief_title: string | null;
};

export type BriefStatus = 'open' | 'matched' | 'closed';

export type BriefListing = {
  id: string;
  brand_id: string;
  title: string;
  description: string;
  reward: string | null;
  industry: string[];
  deadline: string | null;
  status: BriefStatus;
  brief: string | null;
  is_demo: boolean;
  created_at: string;
  brand_name: string;
  brand_logo: string | null;
  joined_count: number;
};

export type CreatorMetrics = {
  totalViews: number;
  totalVideos: number;
  totalBrands: number;
  estEarnings: number;
  engagementRate: number;
  estimatedVideos: number;
  demoVideos: number;
};

export type BrandMetrics = {
  totalViews: number;
  totalVideos: number;
  totalCreators: number;
  estPay: number;
  estimatedVideos: number;
  demoVideos: number;
};

/** Spec §3: a page of a list, with the totals to page through it. */
export type Page<T> = { data: T[]; totalCount: number; totalPages: number };
