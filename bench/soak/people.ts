import { QueryClient } from '@tanstack/react-query';
import { endsLikeSandboxFailure } from '../../server/tiktok-sandbox/data';
import { prefetch as adminPagePrefetch } from '@/app/routes/dashboard/admin-dashboard-data';
import { prefetch as brandPagePrefetch } from '@/app/routes/dashboard/brand-dashboard-data';
import { prefetch as creatorPagePrefetch } from '@/app/routes/dashboard/creator-dashboard-data';
import { listUsers } from '@/features/admin/api/list-users';
import { listVideos } from '@/features/admin/api/list-videos';
import { getProfile } from '@/features/auth/api/get-profile';
import { signIn } from '@/features/auth/api/sign-in';
import { signUp } from '@/features/auth/api/sign-up';
import { getNotificationSettings } from '@/features/notifications/api/get-notification-settings';
import { getUnreadCount } from '@/features/notifications/api/get-unread-count';
import { createOpportunity } from '@/features/opportunities/api/create-opportunity';
import { getOpportunity, getOpportunityPage } from '@/features/opportunities/api/get-opportunities';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { updateOpportunity } from '@/features/opportunities/api/update-opportunity';
import { getPendingReviews } from '@/features/reviews/api/get-reviews';
import { reviewVideo } from '@/features/reviews/api/review-video';
import { addVideo } from '@/features/videos/api/add-video';
import { getVideos } from '@/features/videos/api/get-videos';
import { linkVideo } from '@/features/videos/api/link-video';
import { firstPage } from '@/lib/paging';
import { actAs, personClient, type PersonClient, type Wire } from './acting';

export type Role = 'creator' | 'brand' | 'admin';

export type Person = {
  role: Role;
  n: number;
  id: string;
  email: string;
  client: PersonClient;
  wire: Wire;
  /** A brand's briefs; the briefs a creator joined. */
  briefs: string[];
  /** A creator's videos added without a campaign, waiting to be linked. */
  unlinked: string[];
};

export type Action = { name: string; weight: number; run(person: Person, random: () => number): Promise<void> };

export const password = 'soak-password-123';

/** A TikTok id whose top 32 bits say when it was posted (as TikTok's do), avoiding the sandbox's failure suffixes. */
let nextVideo = Math.floor(Math.random() * 2 ** 20) * 1024;
export function newVideoId(postedAt: number): string {
  for (;;) {
    const id = ((BigInt(Math.floor(postedAt / 1000)) << 32n) | BigInt(nextVideo++ % 2 ** 32)).toString();
    if (!endsLikeSandboxFailure(id)) return id;
  }
}
const videoUrl = (id: string) => `https://www.tiktok.com/@soak.creator/video/${id}`;

/** Signs a person up as the sign-up page does, then in on a client of their own. */
export async function signUpPerson(baseUrl: string, anonKey: string, role: Role, n: number, tag: string, inviteCode?: string): Promise<Person> {
  const wire: Wire = { responses: 0, failed: 0, samples: [] };
  const client = personClient(baseUrl, anonKey, wire);
  const email = `soak-${role}-${n}-${tag}@example.test`;
  const name = role === 'brand' ? `Soak Brand ${n}` : `Soak ${role} ${n}`;
  const form =
    role === 'creator'
      ? { userType: 'creator' as const, email, password, firstName: name, lastName: 'Person' }
      : role === 'brand'
        ? { userType: 'brand' as const, email, password, firstName: name, companyName: name }
        : { userType: 'admin' as const, email, password, firstName: name, inviteCode: inviteCode ?? '' };
  const person = await actAs(client, async () => {
    await signUp(form);
    const { user } = await signIn({ email, password });
    return { role, n, id: user.id, email, client, wire, briefs: [], unlinked: [] } satisfies Person;
  });
  return person;
}

/** A page load: the dashboard layout's own requests and the page's data, together, with a fresh cache, as a browser opening it. */
async function loadPage(person: Person, prefetch: (queryClient: QueryClient) => Promise<void>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await Promise.all([getProfile(person.id), getUnreadCount(), getNotificationSettings(person.id), prefetch(queryClient)]);
  // prefetchQuery keeps a failure in the cache rather than throwing it.
  const failed = queryClient.getQueryCache().getAll().find((query) => query.state.status === 'error');
  if (failed) throw new Error(`${JSON.stringify(failed.queryKey)}: ${failed.state.error?.message}`);
  queryClient.clear();
}

const pick = <T>(items: T[], random: () => number): T => items[Math.floor(random() * items.length)];

export const creatorActions: Action[] = [
  { name: 'creator: dashboard', weight: 3, run: (p) => loadPage(p, (q) => creatorPagePrefetch(q, p.id)) },
  { name: 'creator: my videos', weight: 2, run: async (p) => void (await getVideos({ ownerId: p.id, owner: 'creator', page: 1, pageSize: 10 })) },
  { name: 'creator: opportunities', weight: 1, run: async () => void (await getOpportunityPage({ status: 'open' })) },
  {
    name: 'creator: add video to a campaign',
    weight: 2,
    run: async (p, random) => {
      // Posted now (rounded up to the second): after the briefs were published, as rule 4 requires of a link.
      const id = newVideoId(Date.now() + 1_000);
      await addVideo({ url: videoUrl(id), customTitle: `Soak video ${id.slice(-6)}`, brandBriefId: pick(p.briefs, random) });
    },
  },
  {
    // Issue 15: a video added without a campaign, linked to one later (from My Videos).
    name: 'creator: add video, link later',
    weight: 1,
    run: async (p, random) => {
      const waiting = p.unlinked.shift();
      if (waiting) return void (await linkVideo({ videoId: waiting, brandBriefId: pick(p.briefs, random) }));
      const id = newVideoId(Date.now() + 1_000);
      await addVideo({ url: videoUrl(id) });
      p.unlinked.push(id);
    },
  },
];

export const brandActions: Action[] = [
  { name: 'brand: dashboard', weight: 3, run: (p) => loadPage(p, (q) => brandPagePrefetch(q, p.id)) },
  {
    name: 'brand: review a video',
    weight: 3,
    run: async (_p, random) => {
      const { data } = await getPendingReviews();
      const video = data[0];
      if (!video?.id) return;
      await reviewVideo(random() < 0.75 ? { videoId: video.id, decision: 'approve' } : { videoId: video.id, decision: 'reject', reason: 'quality', note: 'Soak: the lighting is too dark.' });
    },
  },
  {
    name: 'brand: edit a brief',
    weight: 1,
    run: async (p, random) => {
      const briefId = pick(p.briefs, random);
      const brief = await getOpportunity(briefId);
      if (!brief) throw new Error(`brief ${briefId} not found`);
      await updateOpportunity({
        briefId,
        title: brief.title ?? 'Soak brief',
        description: `Edited at ${new Date().toISOString()}`,
        brief: brief.brief ?? '',
        reward: brief.reward ?? '',
        tags: (brief.industry ?? []).join(', '),
        deadline: brief.deadline ?? '',
        budget: '',
        status: 'open',
      });
    },
  },
];

export const adminActions: Action[] = [
  { name: 'admin: console', weight: 2, run: (p) => loadPage(p, (q) => adminPagePrefetch(q, p.id, new URLSearchParams())) },
  {
    name: 'admin: search users',
    weight: 2,
    run: async (_p, random) => void (await listUsers({ search: `soak ${pick(['creator', 'brand'], random)} ${1 + Math.floor(random() * 9)}`, type: 'all', page: firstPage })),
  },
  { name: 'admin: search videos', weight: 2, run: async (_p, random) => void (await listVideos({ search: `Soak video ${Math.floor(random() * 10)}`, signal: 'all', sort: 'newest', page: firstPage })) },
];

export const actionsOf: Record<Role, Action[]> = { creator: creatorActions, brand: brandActions, admin: adminActions };

/** A brand's campaigns, published before the clock starts. */
export const publishBriefs = (brand: Person, count: number) =>
  actAs(brand.client, async () => {
    for (let i = 1; i <= count; i += 1) {
      const { id } = await createOpportunity({ title: `Soak campaign ${brand.n}.${i}`, description: 'Short videos about our rice bowls.' });
      brand.briefs.push(id);
    }
  });

/** A creator joins campaigns of different brands. */
export const joinBriefs = (creator: Person, briefs: string[]) =>
  actAs(creator.client, async () => {
    for (const briefId of briefs) {
      await joinOpportunity({ briefId, isCreator: true });
      creator.briefs.push(briefId);
    }
  });
