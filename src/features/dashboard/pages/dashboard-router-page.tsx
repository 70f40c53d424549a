import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { FullPageLoadingText } from '../components/full-page-loading-text';
import { useAuth } from '@/features/auth/api/use-auth';
import { homePathFor } from '@/features/auth/api/redirects';

/** /dashboard: sends each user to the dashboard of their type, and visitors to sign in. */
export default function DashboardRouterPage() {
  const { t } = useTranslation('dashboard');
  const { loading, session, userType } = useAuth();
  if (loading) return <FullPageLoadingText text={t('loadingDashboard')} />;
  if (!session) return <Navigate to="/login" replace />;
  return <Navigate to={homePathFor(userType)} replace />;
}
