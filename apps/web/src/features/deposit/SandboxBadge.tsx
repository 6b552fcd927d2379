import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Marks anything served by a sandbox provider, so nobody takes it for real money (DESIGN §11). */
export function SandboxBadge({ detail = true }: { detail?: boolean }) {
  const { t } = useTranslation('money');
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-warning/50 bg-warning/10 px-2 py-0.5 text-xs font-medium text-warning">
      <FlaskConical className="size-3.5" aria-hidden="true" />
      {t('sandbox.label')}
      {detail ? <span className="font-normal">· {t('sandbox.detail')}</span> : null}
    </span>
  );
}
