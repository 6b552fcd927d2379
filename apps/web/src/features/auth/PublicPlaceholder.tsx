import { Link } from 'react-router';
import { SetupNotice } from '@/components/SectionPage';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { AuthShell } from './AuthShell';

interface PublicPlaceholderProps {
  title: string;
  linkTo: string;
  linkLabel: string;
}

/** A public page whose content comes in a later issue: its title, an honest notice and a way back. */
export function PublicPlaceholder({ title, linkTo, linkLabel }: PublicPlaceholderProps) {
  return (
    <AuthShell>
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">{title}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <SetupNotice />
          <Link to={linkTo} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {linkLabel}
          </Link>
        </CardContent>
      </Card>
    </AuthShell>
  );
}
