import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/api/use-auth';
import { AccountTab } from '../components/account-tab';
import { BillingTab } from '../components/billing-tab';
import { NotificationsTab } from '../components/notifications-tab';
import { PayoutsTab } from '../components/payouts-tab';
import { ProfileForm } from '../components/profile-form';
import { TikTokConnectionPanel } from '../components/tiktok-connection-panel';
import { TikTokProofPanel } from '../components/tiktok-proof-panel';

const tabs = ['profile', 'account', 'integrations', 'notifications', 'payouts', 'billing'] as const;

/** /dashboard/settings and /dashboard/profile: Profile, Account, Integrations, Notifications and, for creators, Payouts, for brands, Billing details; ?tab= opens one of them. */
export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'earnings', 'payments']);
  const { loading, profile, userType } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const creator = userType === 'creator';
  const brand = userType === 'brand';
  const tab = tabs.find((name) => name === requested && (name !== 'payouts' || creator) && (name !== 'billing' || brand)) ?? 'profile';
  if (loading) return <Spinner className="mx-auto size-8" />;
  return (
    <Tabs value={tab} onValueChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}>
      {/* Five tabs: on a 390 px phone they take two rows, each tab as wide as its name and the rows filled; none is out of sight. */}
      <TabsList aria-label={t('tabs.label')} className="*:flex-auto *:px-2.5 sm:*:flex-none sm:*:px-4">
        <TabsTrigger value="profile">{t('tabs.profile')}</TabsTrigger>
        <TabsTrigger value="account">{t('tabs.account')}</TabsTrigger>
        <TabsTrigger value="integrations">{t('tabs.integrations')}</TabsTrigger>
        <TabsTrigger value="notifications">{t('tabs.notifications')}</TabsTrigger>
        {creator && <TabsTrigger value="payouts">{t('earnings:payouts.tab')}</TabsTrigger>}
        {brand && <TabsTrigger value="billing">{t('payments:billing.details.tab')}</TabsTrigger>}
      </TabsList>
      <TabsContent value="profile">
        {/* Re-mounted when the profile arrives, so the form starts from the saved values. */}
        <ProfileForm key={profile?.updated_at ?? 'none'} />
      </TabsContent>
      <TabsContent value="account">
        <AccountTab />
      </TabsContent>
      <TabsContent value="integrations">
        <TikTokConnectionPanel />
        {creator && <TikTokProofPanel />}
      </TabsContent>
      <TabsContent value="notifications">
        <NotificationsTab />
      </TabsContent>
      {creator && (
        <TabsContent value="payouts">
          <PayoutsTab />
        </TabsContent>
      )}
      {brand && (
        <TabsContent value="billing">
          <BillingTab />
        </TabsContent>
      )}
    </Tabs>
  );
}
