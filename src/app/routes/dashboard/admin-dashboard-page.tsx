import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { UserListFilter, VideoListFilter } from '@/features/admin/api/keys';
import { AdminFigures } from '@/features/admin/components/admin-figures';
import { AuditTab } from '@/features/admin/components/audit-tab';
import { ContentTab } from '@/features/admin/components/content-tab';
import { InvitesTab } from '@/features/admin/components/invites-tab';
import { UsersTab } from '@/features/admin/components/users-tab';
import { AdminPaymentsTab } from '@/features/payments/components/admin-payments-tab';
import { VideoDetailsButton } from '@/features/videos/components/video-details-button';
import { formatPageAt } from '@/lib/paging';
import { adminDefaults, adminTabs, adminView } from './admin-dashboard-view';

/**
 * /dashboard/admin (spec §2): the platform's cards, then the Users, Content and Payments tabs
 * (and the audit log and invites). The tab, and each list's search, filter and page, live in
 * the address, so a reload or a shared link shows the same.
 */
export default function AdminDashboardPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const { tab, users, content } = adminView(params);

  /** Changes some of the address's parameters, leaving out those at their default. */
  const update = useCallback(
    (changes: Record<string, string | number>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            const text = String(value);
            if (text === adminDefaults[key]) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onUsers = useCallback(
    (next: Partial<UserListFilter>) =>
      update({ ...(next.search !== undefined && { q: next.search }), ...(next.type && { type: next.type }), ...(next.page && { page: formatPageAt(next.page) }) }),
    [update],
  );
  const onContent = useCallback(
    (next: Partial<VideoListFilter>) =>
      update({ ...(next.search !== undefined && { vq: next.search }), ...(next.signal && { signal: next.signal }), ...(next.sort && { sort: next.sort }), ...(next.page && { vpage: formatPageAt(next.page) }) }),
    [update],
  );

  return (
    <div className="space-y-6">
      <AdminFigures />
      <Tabs value={tab} onValueChange={(value) => update({ tab: value })}>
        <TabsList aria-label={t('tabs.label')} className="overflow-x-auto">
          {adminTabs.map((name) => (
            <TabsTrigger key={name} value={name} className="flex-none whitespace-nowrap">
              {t(`tabs.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users">
          <UsersTab filter={users} onFilter={onUsers} />
        </TabsContent>
        <TabsContent value="content">
          <ContentTab filter={content} onFilter={onContent} details={(video) => <VideoDetailsButton video={video} />} />
        </TabsContent>
        <TabsContent value="payments">
          <AdminPaymentsTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditTab />
        </TabsContent>
        <TabsContent value="invites">
          <InvitesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
