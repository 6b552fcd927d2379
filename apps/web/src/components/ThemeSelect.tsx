import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { isThemeChoice, THEME_CHOICES, useThemeStore } from '@/stores/themeStore';

/**
 * The colour theme of this device (system / dark / light), stored locally. Label it from outside
 * (`<Label htmlFor={id}>`), as the settings page does for Language.
 */
export function ThemeSelect({ id }: { id?: string }) {
  const { t } = useTranslation('common');
  const theme = useThemeStore((s) => s.theme);
  const setTheme = useThemeStore((s) => s.setTheme);
  return (
    <NativeSelect
      id={id}
      // Named by its <label for> when placed with an id; by itself otherwise.
      aria-label={id ? undefined : t('theme.label')}
      data-testid="theme-select"
      value={theme}
      onChange={(e) => {
        if (isThemeChoice(e.target.value)) setTheme(e.target.value);
      }}
    >
      {THEME_CHOICES.map((choice) => (
        <option key={choice} value={choice}>
          {t(`theme.${choice}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
