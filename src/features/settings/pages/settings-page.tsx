import { Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/api/use-auth';
import { AccountTab } from '../components/account-tab';
import { ProfileForm } from '../components/profile-form';

/** /dashboard/settings and /dashboard/profile: Profile, Account and Integrations. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { loading, profile } = useAuth();
  if (loading) return <Spinner className="mx-auto size-8" />;
  return (
    <Tabs defaultValue="profile">
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
        <Card className="p-6">
          <div className="flex flex-wrap items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-800/40 dark:text-brand-100">
              <Link2 aria-hidden className="size-5" />
            </span>
            <h2 className="text-lg font-semibold">{t('integrations.title')}</h2>
            <Badge tone="warning">{t('integrations.comingSoon')}</Badge>
          </div>
          <p className="mt-4 max-w-2xl text-slate-600 dark:text-slate-300">{t('integrations.description')}</p>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
