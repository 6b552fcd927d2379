import type { PlanIconName } from '@openbroker/domain';
import {
  Award,
  BadgeCheck,
  Briefcase,
  Crown,
  Flame,
  Gem,
  type LucideIcon,
  Medal,
  Rocket,
  Shield,
  Sparkles,
  Star,
  Target,
  Trophy,
  Zap,
} from 'lucide-react';
import { cn } from '@/lib/utils';

/** Every icon staff may pick (the domain's PLAN_ICONS), plus older aliases. */
export const PLAN_ICON_COMPONENTS: Readonly<Record<PlanIconName, LucideIcon>> = {
  shield: Shield,
  rocket: Rocket,
  crown: Crown,
  gem: Gem,
  star: Star,
  trophy: Trophy,
  zap: Zap,
  award: Award,
  medal: Medal,
  flame: Flame,
  target: Target,
  sparkles: Sparkles,
  briefcase: Briefcase,
  'badge-check': BadgeCheck,
};
const ICONS: Record<string, LucideIcon> = { ...PLAN_ICON_COMPONENTS, diamond: Gem };

/**
 * A plan's icon by the name the server gives ('shield', 'rocket', 'crown'); a badge otherwise. An
 * uploaded image, when the plan has one, is shown instead.
 */
export function PlanIcon({
  name,
  image,
  className,
}: {
  name: string | null | undefined;
  image?: string | null | undefined;
  className?: string;
}) {
  if (image) return <img src={image} alt="" className={cn('object-contain', className)} />;
  const Icon = (name && ICONS[name.trim().toLowerCase()]) || BadgeCheck;
  return <Icon className={className} aria-hidden="true" />;
}
