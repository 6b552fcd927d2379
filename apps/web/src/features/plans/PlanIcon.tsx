import { BadgeCheck, Crown, Gem, type LucideIcon, Rocket, Shield, Star, Trophy, Zap } from 'lucide-react';

const ICONS: Record<string, LucideIcon> = {
  shield: Shield,
  rocket: Rocket,
  crown: Crown,
  gem: Gem,
  diamond: Gem,
  star: Star,
  trophy: Trophy,
  zap: Zap,
};

/** A plan's icon by the name the server gives ('shield', 'rocket', 'crown'); a badge otherwise. */
export function PlanIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  const Icon = (name && ICONS[name.trim().toLowerCase()]) || BadgeCheck;
  return <Icon className={className} aria-hidden="true" />;
}
