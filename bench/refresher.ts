export type RefresherResult = { seconds: number; refreshed: number; unavailable: number; failed: number; perMinute: number; maxRequestsInAMinute: number };

/**
 * Runs the scheduled re-measurement (tiktok-refresh, as pg_cron or the local timer calls it)
 * against the TikTok sandbox, again and again for at least `durationMs` (once when 0), and reads back from the snapshots how
 * many measurements it made in any sliding minute: TikTok allows 600 requests a minute.
 */
export async function measureRefresher(baseUrl: string, serviceKey: string, durationMs: number): Promise<RefresherResult> {
  const headers = { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` };
  const since = new Date(Date.now() - 1000).toISOString();
  const started = performance.now();
  const totals = { refreshed: 0, unavailable: 0, failed: 0 };
  do {
    const response = await fetch(`${baseUrl}/functions/v1/tiktok-refresh`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: '{}' });
    const body = (await response.json()) as { refreshed: number; unavailable: number; failed: number };
    if (!response.ok) throw new Error(`tiktok-refresh answered ${response.status}: ${JSON.stringify(body)}`);
    totals.refreshed += body.refreshed;
    totals.unavailable += body.unavailable;
    totals.failed += body.failed;
    if (body.refreshed + body.unavailable + body.failed === 0) break; // nothing left to measure
  } while (performance.now() - started < durationMs);
  const seconds = (performance.now() - started) / 1000;

  const times: number[] = [];
  for (let offset = 0; ; offset += 1000) {
    const response = await fetch(
      `${baseUrl}/rest/v1/video_snapshots?select=measured_at&source=eq.sandbox&measured_at=gte.${encodeURIComponent(since)}&order=measured_at.asc&offset=${offset}&limit=1000`,
      { headers },
    );
    const rows = (await response.json()) as { measured_at: string }[];
    times.push(...rows.map((row) => Date.parse(row.measured_at)));
    if (rows.length < 1000) break;
  }
  let maxRequestsInAMinute = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last] - times[first] >= 60_000) first += 1;
    maxRequestsInAMinute = Math.max(maxRequestsInAMinute, last - first + 1);
  }
  const measured = totals.refreshed + totals.unavailable;
  return { seconds: Math.round(seconds), ...totals, perMinute: Math.round(measured / (seconds / 60)), maxRequestsInAMinute };
}
