/**
 * Journeys without dead ends (issue 15), through the SPA's own fetchers: a creator leaves a brief
 * while no video of theirs is linked to it; a brand edits what it published and the creators who
 * joined see what changed (brief_listings.edited_at, edited_fields). Raw supabase-js calls remain
 * for requests no fetcher sends (someone else's join, the stamp columns), which must change nothing.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpportunity } from '@/features/opportunities/api/create-opportunity';
import { getOpportunity } from '@/features/opportunities/api/get-opportunities';
import { joinOpportunity } from '@/features/opportunities/api/join-opportunity';
import { leaveOpportunity } from '@/features/opportunities/api/leave-opportunity';
import { getOwnBriefs, saveBriefText } from '@/features/opportunities/api/save-brief';
import { updateOpportunity, type EditOpportunityInput } from '@/features/opportunities/api/update-opportunity';
import { startBackend, type TestBackend } from './helpers/backend';
import { actAs, lastStatus, refusal } from './helpers/spa';
import { createUser, type TestUser } from './helpers/users';
import { insertVideo } from './helpers/videos';

let backend: TestBackend;
let service: SupabaseClient;
let brand: TestUser, otherBrand: TestUser, creator: TestUser, otherCreator: TestUser;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const joins = '/rest/v1/creator_brand_connections';

beforeAll(async () => {
  backend = await startBackend();
  service = backend.service();
  [brand, otherBrand, creator, otherCreator] = await Promise.all([
    createUser(backend, 'brand'),
    createUser(backend, 'brand'),
    createUser(backend, 'creator'),
    createUser(backend, 'creator'),
  ]);
}, 60_000);
afterAll(() => backend?.stop());

async function publish(title: string) {
  await actAs(backend, brand);
  return createOpportunity({ title, description: `About ${title}`, reward: '฿500 gift card', tags: 'Food', deadline: inDays(10), budget: '5000' });
}

async function join(as: TestUser, briefId: string) {
  await actAs(backend, as);
  await joinOpportunity({ briefId, isCreator: true });
}

const joined = async (creatorId: string, briefId: string) =>
  ((await service.from('creator_brand_connections').select('creator_id').eq('creator_id', creatorId).eq('brand_brief_id', briefId)).data ?? []).length === 1;

const stored = async (briefId: string) =>
  (await service.from('brand_briefs').select('title, description, brief, reward, industry, deadline, status, budget_satang, edited_at, edited_fields').eq('id', briefId).single()).data!;

describe('leaving a brief', () => {
  it('lets a creator leave a brief they joined while no video of theirs is linked, and join again', async () => {
    const brief = await publish('Noodle week');
    await join(creator, brief.id);
    await leaveOpportunity({ briefId: brief.id });
    expect(lastStatus(joins)).toBe(200);
    expect(await joined(creator.id, brief.id)).toBe(false);
    expect((await getOpportunity(brief.id))?.joined_count).toBe(0);
    // Leaving twice: nothing to leave, said as such.
    expect((await refusal(() => leaveOpportunity({ briefId: brief.id }))).code).toBe('not_joined');
    await joinOpportunity({ briefId: brief.id, isCreator: true });
    expect(await joined(creator.id, brief.id)).toBe(true);
  });

  it('refuses with opportunity_has_videos (409) while a video of theirs is linked, and keeps the join', async () => {
    const brief = await publish('Curry launch');
    await join(creator, brief.id);
    // Posted just after the brief was published (rule 4 refuses a video posted before it).
    await insertVideo(backend, { creator, n: 1, postedAt: new Date(Date.now() + 2_000), views: 1_000, brief: brief.id, brand: brand.id });
    await actAs(backend, creator);
    const error = await refusal(() => leaveOpportunity({ briefId: brief.id }));
    expect(error.code).toBe('opportunity_has_videos');
    expect(lastStatus(joins)).toBe(409);
    expect(await joined(creator.id, brief.id)).toBe(true);
  });

  it('does not let another creator remove my join: nothing matches, nothing is deleted', async () => {
    const brief = await publish('Dumpling day');
    await join(creator, brief.id);
    const client = await actAs(backend, otherCreator);
    const { data, error } = await client.from('creator_brand_connections').delete().eq('creator_id', creator.id).eq('brand_brief_id', brief.id).select('brand_brief_id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await joined(creator.id, brief.id)).toBe(true);
    // Nor may the brand remove a creator from its brief.
    const asBrand = await actAs(backend, brand);
    expect((await asBrand.from('creator_brand_connections').delete().eq('brand_brief_id', brief.id).select('brand_brief_id')).data ?? []).toEqual([]);
    expect(await joined(creator.id, brief.id)).toBe(true);
  });
});

describe('a brand edits what it published', () => {
  const valuesOf = (row: Awaited<ReturnType<typeof stored>>): EditOpportunityInput => ({
    title: row.title,
    description: row.description,
    brief: row.brief ?? '',
    reward: row.reward ?? '',
    tags: row.industry.join(', '),
    deadline: row.deadline ?? '',
    status: row.status as 'open' | 'matched' | 'closed',
    budget: row.budget_satang === null ? '' : String(row.budget_satang / 100),
  });

  it('stamps edited_at and edited_fields, which a joined creator sees; an edit that changes nothing keeps them', async () => {
    const brief = await publish('Mango season');
    expect((await stored(brief.id)).edited_at).toBeNull();
    await join(creator, brief.id);

    await actAs(backend, brand);
    const before = await stored(brief.id);
    const saved = await updateOpportunity({ briefId: brief.id, ...valuesOf(before), deadline: inDays(20), budget: '8,000', status: 'matched' });
    expect(saved.edited_fields).toEqual(['deadline', 'budget', 'status']);
    expect(saved.edited_at).not.toBeNull();

    await actAs(backend, creator);
    const listing = (await getOpportunity(brief.id))!;
    expect(listing).toMatchObject({ deadline: inDays(20), budget_satang: 800_000, status: 'matched', edited_fields: ['deadline', 'budget', 'status'], edited_at: saved.edited_at });

    // Saved again as it stands: the stamp stays.
    await actAs(backend, brand);
    const again = await updateOpportunity({ briefId: brief.id, ...valuesOf(await stored(brief.id)) });
    expect(again).toMatchObject({ edited_at: saved.edited_at, edited_fields: ['deadline', 'budget', 'status'] });

    // Every other field in one edit.
    const all = await updateOpportunity({
      briefId: brief.id,
      title: 'Mango season, round two',
      description: 'About the second round',
      brief: 'Film the first bite.',
      reward: '',
      tags: 'Food, Dessert',
      deadline: inDays(20),
      status: 'matched',
      budget: '8000',
    });
    expect(all.edited_fields).toEqual(['title', 'description', 'brief', 'reward', 'tags']);
    expect(await stored(brief.id)).toMatchObject({ title: 'Mango season, round two', brief: 'Film the first bite.', reward: null, industry: ['Food', 'Dessert'] });
  });

  it('refuses bad deadlines and budgets with their codes, changing nothing', async () => {
    const brief = await publish('Tea time');
    await actAs(backend, brand);
    const before = await stored(brief.id);
    expect((await refusal(() => updateOpportunity({ briefId: brief.id, ...valuesOf(before), deadline: '2020-01-01' }))).code).toBe('deadline_in_past');
    expect((await refusal(() => updateOpportunity({ briefId: brief.id, ...valuesOf(before), budget: '0.5' }))).code).toBe('budget_invalid');
    expect(await stored(brief.id)).toEqual(before);
  });

  it('does not let clients write edited_at or edited_fields themselves', async () => {
    const brief = await publish('Soup weekend');
    const client = await actAs(backend, brand);
    const before = await stored(brief.id);
    const forged = await client.from('brand_briefs').update({ edited_at: '2020-01-01T00:00:00Z', edited_fields: ['title'] }).eq('id', brief.id).select('id');
    expect(forged.error).not.toBeNull();
    // Nor beside a real change: the whole update is refused.
    const mixed = await client.from('brand_briefs').update({ title: 'Soup weekend!', edited_fields: ['budget'] }).eq('id', brief.id).select('id');
    expect(mixed.error).not.toBeNull();
    expect(await stored(brief.id)).toEqual(before);
  });

  it('does not let another brand edit the brief or its brief text', async () => {
    const brief = await publish('Rice crackers');
    const before = await stored(brief.id);
    await actAs(backend, otherBrand);
    expect((await refusal(() => updateOpportunity({ briefId: brief.id, ...valuesOf(before), title: 'Hijacked' }))).code).toBe('not_allowed');
    expect((await refusal(() => saveBriefText({ briefId: brief.id, text: 'Hijacked' }))).code).toBe('not_allowed');
    expect(await stored(brief.id)).toEqual(before);
  });

  it('writes the Brief card’s text to the brief the brand picks among its own', async () => {
    const brief = await publish('Coffee mornings');
    await actAs(backend, brand);
    const own = await getOwnBriefs(brand.id);
    expect(own[0]).toEqual({ id: brief.id, title: 'Coffee mornings', brief: null });
    await saveBriefText({ briefId: brief.id, text: '  Our coffee, your morning.  ' });
    await actAs(backend, creator);
    expect(await getOpportunity(brief.id)).toMatchObject({ brief: 'Our coffee, your morning.', edited_fields: ['brief'] });
  });
});
