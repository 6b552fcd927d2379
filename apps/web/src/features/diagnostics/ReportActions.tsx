import { ClipboardCopy, MessageCircle, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import enAccount from '@/i18n/locales/en/account';

/** The copied toast's English wording (shown as `diagnostics.actions.copied` in the reader's language). */
export const COPIED_TOAST: string = enAccount.diagnostics.actions.copied;

interface ReportActionsProps {
  /** Builds the report at the moment of copying, so its ages and date are current. */
  report: () => string;
  onRunAgain: () => void;
  running: boolean;
}

/** "Run again", "Copy report" and the way to the support chat; the text stays reachable if copying fails. */
export function ReportActions({ report, onRunAgain, running }: ReportActionsProps) {
  const { t } = useTranslation('account');
  const [manual, setManual] = useState<string | null>(null);

  const copy = async () => {
    const text = report();
    try {
      // Absent on plain-http pages: treat it like a refusal and offer the text instead.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setManual(null);
      toast.success(t('diagnostics.actions.copied'));
    } catch {
      setManual(text);
      toast.error(t('diagnostics.actions.copyFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onRunAgain} disabled={running}>
          <RotateCw aria-hidden />
          {running ? t('diagnostics.actions.checking') : t('diagnostics.actions.runAgain')}
        </Button>
        <Button onClick={() => void copy()}>
          <ClipboardCopy aria-hidden />
          {t('diagnostics.actions.copy')}
        </Button>
        <Button variant="link" asChild>
          <Link to="/main/chat">
            <MessageCircle aria-hidden />
            {t('diagnostics.actions.chat')}
          </Link>
        </Button>
      </div>
      {manual !== null && (
        <label className="flex flex-col gap-1 text-sm">
          {t('diagnostics.actions.text')}
          <textarea
            readOnly
            value={manual}
            rows={10}
            className="w-full rounded-md border bg-transparent p-2 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      )}
    </div>
  );
}
