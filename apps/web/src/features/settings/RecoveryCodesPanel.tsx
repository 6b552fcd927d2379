import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';

/**
 * The recovery codes, shown once: copy, download, and a confirmation that they are saved before
 * the panel closes (they cannot be shown again, only replaced).
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const checkId = useId();
  const text = `${codes.join('\n')}\n`;
  const copy = () => {
    void navigator.clipboard
      ?.writeText(text)
      .then(() => setCopied(true))
      .catch((error: unknown) => console.error('Copy failed', error));
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <Alert
        variant="warning"
        title={t('settings.recovery.title')}
        description={t('settings.recovery.description')}
      />
      <ul
        aria-label={t('settings.recovery.codes')}
        className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/30 p-4 font-mono text-sm sm:max-w-md"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? t('settings.recovery.copied') : t('settings.recovery.copy')}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          {t('settings.recovery.download')}
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={checkId}
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="size-4"
        />
        <label htmlFor={checkId} className="text-sm">
          {t('settings.recovery.saved')}
        </label>
      </div>
      <Button type="button" className="self-start" disabled={!saved} onClick={onDone}>
        {t('settings.recovery.done')}
      </Button>
    </div>
  );
}
