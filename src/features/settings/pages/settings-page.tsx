import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/api/use-auth';
import { AccountTab } from '../components/account-tab';
import { ProfileForm } from '../components/profile-form';
import { TikTokConnectionPanel } from '../components/tiktok-connection-panel';

const tabs = ['profile', 'account', 'integrations'] as const;

/** /dashboard/settings and /dashboard/profile: Profile, Account and Integrations; ?tab= opens one of them. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { loading, profile } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = tabs.find((name) => name === requested) ?? 'profile';
  if (loading) return <Spinner className="mx-auto size-8" />;
  return (
    <Tabs value={tab} onValueChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}>
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="profile">{t('tabs.profile')}</TabsTrigger>
        <TabsTrigger value="account">{t('tabs.account')}</TabsTrigger>
        <TabsTrigger value="integrations">{t('tabs.integrations')}</TabsTrigger>
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
      </TabsContent>
    </Tabs>
  );
}
