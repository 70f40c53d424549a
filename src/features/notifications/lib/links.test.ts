import { describe, expect, it } from 'vitest';
import { notificationTypes, renderNotification } from '@shared/notifications/render.ts';
import { sampleParams } from '@shared/notifications/samples.ts';
import { paths } from '@/lib/paths';

const routes = new Set<string>(
  Object.values(paths.dashboard).map((route) => route.path),
);

describe('notification links', () => {
  it.each(notificationTypes)('%s leads to a route of the SPA', (type) => {
    const { link } = renderNotification('en', type, sampleParams[type]);
    const url = new URL(link, 'https://app.test');
    expect(routes).toContain(url.pathname);
    if (url.searchParams.has('tab') && url.pathname === paths.dashboard.settings.path) expect(['integrations', 'notifications']).toContain(url.searchParams.get('tab'));
  });

  it('the generic notification leads to the dashboard', () => {
    expect(routes).toContain(renderNotification('en', 'unknown', {}).link);
  });
});
