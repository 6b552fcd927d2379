import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { AuthShell } from './AuthShell';
import { LoginForm } from './LoginForm';

/** `/` and `/login` (SPEC §2 route table). */
export function LoginPage() {
  return (
    <AuthShell>
      <Card className="shadow-xl shadow-black/30">
        <CardHeader>
          <CardTitle className="text-xl">Sign in</CardTitle>
          <CardDescription>Access your trading account.</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm />
        </CardContent>
      </Card>
    </AuthShell>
  );
}
