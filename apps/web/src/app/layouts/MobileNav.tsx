import { Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteBrand } from '@/components/SiteBrand';
import { Button } from '@/components/ui/Button';
import { SideSheet } from '@/components/ui/SideSheet';
import { MainNav } from './MainNav';

/** Below SPEC's 768 px breakpoint the left navigation becomes a slide-in sheet behind a menu button. */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('common');
  return (
    <SideSheet
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="icon-sm" className="md:hidden" aria-label={t('nav.openMenu')}>
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      }
      title={<SiteBrand compact />}
      closeLabel={t('nav.closeMenu')}
      className="w-72 max-w-[85vw] md:hidden"
      overlayClassName="md:hidden"
    >
      <div className="flex-1 overflow-y-auto">
        <MainNav label={t('nav.mobileLabel')} onNavigate={() => setOpen(false)} />
      </div>
    </SideSheet>
  );
}
