import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { homePathFor } from '@/features/auth/api/redirects';
import { useAuth } from '@/features/auth/api/use-auth';
import { paths } from '@/lib/paths';
import { FullPageLoadingText } from '../components/full-page-loading-text';

/** /dashboard: sends each user to the dashboard of their type, and visitors to sign in. */
export default function DashboardRouterPage() {
  const { t } = useTranslation('dashboard');
  const { loading, session, userType } = useAuth();
  if (loading) return <FullPageLoadingText text={t('loadingDashboard')} />;
  if (!session) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <Navigate to={homePathFor(userType)} replace />;
}
