import type { Shape } from './shape';
import { stat } from './replay';

export type SpecComparison = {
  videos: number;
  spec: { ms: number; requests: number; bytes: number };
  ours: { ms: number; requests: number; bytes: number };
  ratio: number;
  sameTotals: boolean;
};

type Account = { email: string; password: string };

export async function signIn(baseUrl: string, anonKey: string, account: Account): Promise<string> {
  const response = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${account.email} answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

const transferred = (response: Response, body: string) => Number(response.headers.get('content-length') ?? Buffer.byteLength(body));

/**
 * The spec's own way to show a creator's totals: fetch every video (paged at the server's
 * 1,000-row cap, as PostgREST would) and add them up in the browser.
 */
async function specTotals(baseUrl: string, headers: Record<string, string>, userId: string) {
  let views = 0;
  let requests = 0;
  let bytes = 0;
  for (let offset = 0; ; offset += 1000) {
    const response = await fetch(`${baseUrl}/rest/v1/tiktok_videos?select=*&user_id=eq.${userId}&order=created_at.desc,id.asc&offset=${offset}&limit=1000`, { headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`the spec's video list answered ${response.status}`);
    requests += 1;
    bytes += transferred(response, body);
    const rows = JSON.parse(body) as { view_count: number; like_count: number; comment_count: number; share_count: number; brand_id: string | null }[];
    for (const row of rows) views += row.view_count;
    if (rows.length < 1000) break;
  }
  return { views, requests, bytes };
}

async function ourTotals(baseUrl: string, headers: Record<string, string>) {
  const response = await fetch(`${baseUrl}/rest/v1/rpc/creator_metrics`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' });
  const body = await response.text();
  if (!response.ok) throw new Error(`creator_metrics answered ${response.status}`);
  return { views: (JSON.parse(body) as { totalViews: number }).totalViews, requests: 1, bytes: transferred(response, body) };
}

async function timed<T>(fn: () => Promise<T>, runs: number): Promise<{ ms: number; last: T }> {
  const samples: number[] = [];
  let last = await fn();
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    last = await fn();
    samples.push(performance.now() - started);
  }
  return { ms: stat(samples).p50, last };
}

/** The heavy and the mid creator's totals, both ways: the spec's and the SQL metrics'. */
export async function compareWithSpec(
  baseUrl: string,
  anonKey: string,
  accounts: { heavyCreator: Account; midCreator: Account },
  shape: Shape,
  quick: boolean,
): Promise<SpecComparison[]> {
  const rows: SpecComparison[] = [];
  for (const [account, videos] of [[accounts.midCreator, shape.midCreatorVideos], [accounts.heavyCreator, shape.heavyCreatorVideos]] as const) {
    const token = await signIn(baseUrl, anonKey, account);
    const userId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
    const headers = { apikey: anonKey, Authorization: `Bearer ${token}` };
    const runs = quick ? 1 : 5;
    const spec = await timed(() => specTotals(baseUrl, headers, userId), runs);
    const ours = await timed(() => ourTotals(baseUrl, headers), runs * 4);
    rows.push({
      videos,
      spec: { ms: spec.ms, requests: spec.last.requests, bytes: spec.last.bytes },
      ours: { ms: ours.ms, requests: ours.last.requests, bytes: ours.last.bytes },
      ratio: Math.round((spec.ms / ours.ms) * 10) / 10,
      sameTotals: spec.last.views === ours.last.views,
    });
  }
  return rows;
}
