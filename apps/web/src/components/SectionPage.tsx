import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from './PageHeading';

interface SectionPageProps {
  title: string;
  children?: ReactNode;
}

/**
 * The frame of a page inside the main layout. Sections whose content is still to come say so
 * plainly rather than showing sample figures a customer could mistake for their own.
 */
export function SectionPage({ title, children }: SectionPageProps) {
  return (
    <section className="flex flex-col gap-4">
      <PageHeading title={title} />
      {children ?? <SetupNotice />}
    </section>
  );
}

export function SetupNotice() {
  const { t } = useTranslation('common');
  return <p className="text-sm text-muted-foreground">{t('section.setupNotice')}</p>;
}
