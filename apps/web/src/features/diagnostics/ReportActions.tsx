import { ClipboardCopy, MessageCircle, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';

export const COPIED_TOAST = 'Report copied — paste it into the support chat';

interface ReportActionsProps {
  /** Builds the report at the moment of copying, so its ages and date are current. */
  report: () => string;
  onRunAgain: () => void;
  running: boolean;
}

/** "Run again", "Copy report" and the way to the support chat; the text stays reachable if copying fails. */
export function ReportActions({ report, onRunAgain, running }: ReportActionsProps) {
  const [manual, setManual] = useState<string | null>(null);

  const copy = async () => {
    const text = report();
    try {
      // Absent on plain-http pages: treat it like a refusal and offer the text instead.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setManual(null);
      toast.success(COPIED_TOAST);
    } catch {
      setManual(text);
      toast.error('Could not copy the report: select the text below and copy it');
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onRunAgain} disabled={running}>
          <RotateCw aria-hidden />
          {running ? 'Checking…' : 'Run again'}
        </Button>
        <Button onClick={() => void copy()}>
          <ClipboardCopy aria-hidden />
          Copy report
        </Button>
        <Button variant="link" asChild>
          <Link to="/main/chat">
            <MessageCircle aria-hidden />
            Open the support chat
          </Link>
        </Button>
      </div>
      {manual !== null && (
        <label className="flex flex-col gap-1 text-sm">
          Report text
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
