import type { ExpertAdvisorDto, MarketplaceFilter, MarketplaceItem } from '@openbroker/domain';

/** SPEC §8 marketplace and purchase messages, word for word. */
export const MARKETPLACE_MESSAGES = {
  loadFailed: 'Failed to load marketplace items',
  notFound: 'Expert Advisor not found',
  notInPlan: 'This Expert Advisor is not available for your plan',
  purchased: 'Expert Advisor purchased successfully',
  purchaseFailed: 'Failed to purchase Expert Advisor',
  empty: 'No items found matching your criteria.',
} as const;

/** The filter select's labels, in MARKETPLACE_FILTERS order. */
export const FILTER_LABELS: Record<MarketplaceFilter, string> = {
  popular: 'Popular',
  free: 'Free',
  top_rated: 'Top rated',
  newest: 'Newest',
};

/**
 * SPEC §3 marketplace item, derived from the server's Expert Advisor: title, price in USD, status
 * available/purchased, a one-time payment. The advisor itself rides along for the card and detail.
 */
export interface MarketplaceEntry extends MarketplaceItem {
  currency: 'USD';
  status: 'available' | 'purchased';
  paymentType: 'one-time';
  advisor: ExpertAdvisorDto;
}

/**
 * `purchased` comes from the server for the signed-in customer; should it be missing, the user's
 * `eas` (advisors they own that their plan allows) is the next best answer.
 */
export function toMarketplaceEntry(advisor: ExpertAdvisorDto, eas: readonly number[] = []): MarketplaceEntry {
  const owned = advisor.purchased ?? eas.includes(advisor.id);
  return {
    id: advisor.id,
    title: advisor.name,
    description: advisor.description,
    author: advisor.author,
    features: advisor.features,
    category: advisor.category,
    price: advisor.amount_val,
    downloads: advisor.downloads,
    rating: advisor.rating,
    currency: 'USD',
    status: owned ? 'purchased' : 'available',
    paymentType: 'one-time',
    advisor,
  };
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** SPEC §9: prices in USD; a price of 0 reads 'Free'. */
export function formatPrice(price: number): string {
  return price === 0 ? 'Free' : USD.format(price);
}

/** A signed USD amount: +$1,234.00 / −$12.50. */
export function formatSignedUsd(amount: number): string {
  const text = USD.format(Math.abs(amount));
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `−${text}`;
  return text;
}

/** A 0..1 fraction as a percentage to one place. */
export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** Gross profit over gross loss; none without a losing trade. */
export function formatProfitFactor(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}

/** "1,234". */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
