import { useTranslation } from 'react-i18next';
import { AuthCard, AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';

/** `/` and `/login` (SPEC §2 route table). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <AuthShell>
      <AuthCard title={t('login.title')} description={t('login.description')}>
        <LoginForm />
      </AuthCard>
    </AuthShell>
  );
}
