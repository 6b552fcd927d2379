import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/Tooltip';
import { i18n } from '@/i18n/i18n';
import { AppleIcon, GoogleIcon, LinkedInIcon } from './BrandIcons';

interface Provider {
  id: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** Brand names, shown as they are in every language. */
const PROVIDERS: readonly Provider[] = [
  // i18n-ignore
  { id: 'google', label: 'Google', Icon: GoogleIcon },
  // i18n-ignore
  { id: 'apple', label: 'Apple', Icon: AppleIcon },
  // i18n-ignore
  { id: 'linkedin', label: 'LinkedIn', Icon: LinkedInIcon },
];

export function notConfiguredText(label: string): string {
  return i18n.t('auth:signup.notConfigured', { provider: label });
}

/**
 * SPEC §2: three social sign-up buttons that do nothing. They are shown disabled, and say why on
 * hover or focus, rather than looking clickable and failing silently.
 */
export function SocialSignup() {
  // Re-renders on a language change (the note is read through notConfiguredText).
  useTranslation('auth');
  return (
    <div className="grid grid-cols-3 gap-2" data-testid="social-signup">
      {PROVIDERS.map(({ id, label, Icon }) => (
        <div key={id}>
          <Tooltip>
            <TooltipTrigger asChild>
              {/* aria-disabled rather than disabled: the button stays focusable and hoverable, so the
                tooltip saying why can be reached by mouse and keyboard alike. */}
              <Button
                variant="outline"
                aria-disabled="true"
                aria-describedby={`social-${id}-note`}
                data-provider={id}
                onClick={(event) => event.preventDefault()}
                className="w-full gap-2 px-2 opacity-60 aria-disabled:cursor-not-allowed aria-disabled:hover:bg-transparent"
              >
                <Icon className="size-4" />
                <span>{label}</span>
              </Button>
            </TooltipTrigger>
            <TooltipContent>{notConfiguredText(label)}</TooltipContent>
          </Tooltip>
          <span id={`social-${id}-note`} className="sr-only">
            {notConfiguredText(label)}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The "OR" rule between the social buttons and the email form. */
export function OrDivider() {
  const { t } = useTranslation('auth');
  return (
    <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
      <span>{t('signup.or')}</span>
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
    </div>
  );
}
