import { ShieldCheck } from 'lucide-react';
import { apiErrorMessage } from '@/api/errors';
import { SectionPage } from '@/components/SectionPage';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Spinner } from '@/components/ui/Spinner';
import { RequirementCard } from './RequirementCard';
import { useVerification } from './verificationApi';

/**
 * `/main/verification` (issue 15): the customer's level and what it unlocks, what to do next, and
 * each requirement with its state, the reason when rejected, and the upload controls.
 */
export function VerificationPage() {
  const query = useVerification();
  if (query.isPending) {
    return (
      <SectionPage title="Verification">
        <Spinner aria-label="Loading verification" />
      </SectionPage>
    );
  }
  if (query.isError) {
    return (
      <SectionPage title="Verification">
        <Alert
          variant="destructive"
          title="Verification could not be loaded"
          description={apiErrorMessage(query.error, 'Please try again in a moment.')}
        />
        <div>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </SectionPage>
    );
  }
  const v = query.data;
  const used =
    v.storage.used < 1024 * 1024
      ? `${Math.ceil(v.storage.used / 1024)} KB`
      : `${(v.storage.used / 1024 / 1024).toFixed(1)} MB`;
  const capMb = Math.round(v.storage.cap / 1024 / 1024);
  return (
    <SectionPage title="Verification">
      <Card className="gap-4 py-5">
        <CardHeader className="px-5">
          <div className="flex flex-wrap items-center gap-3">
            <span
              className="inline-flex items-center gap-1.5 rounded-full bg-primary/15 px-3 py-1 font-semibold text-primary text-sm"
              data-testid="verification-level"
            >
              <ShieldCheck className="size-4" aria-hidden />
              Level {v.level}
            </span>
            <CardTitle className="text-base">{v.level_name}</CardTitle>
          </div>
          <CardDescription>What your level allows now:</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 px-5">
          <ul className="flex flex-wrap gap-2 text-sm">
            {v.unlocks.map((u) => (
              <li key={u} className="rounded-md border px-2.5 py-1">
                {u}
              </li>
            ))}
          </ul>
          <Alert variant={v.next_level ? 'default' : 'success'} title="Next step" description={v.next_step} />
          {v.next_level ? (
            <p className="text-muted-foreground text-sm">
              Level {v.next_level.level} ({v.next_level.name}) unlocks: {v.next_level.unlocks.join(', ')}.
            </p>
          ) : null}
          {v.can_upload ? (
            <p className="text-muted-foreground text-xs">
              Files: JPEG, PNG, WebP or PDF, at most 10 MB each. Storage used: {used} of {capMb} MB.
            </p>
          ) : null}
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        {v.requirements.map((r) => (
          <RequirementCard key={r.kind} req={r} />
        ))}
      </div>
    </SectionPage>
  );
}
