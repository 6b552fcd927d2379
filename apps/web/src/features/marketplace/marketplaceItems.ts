import type { ExpertAdvisorDto, MarketplaceFilter, MarketplaceItem } from '@openbroker/domain';
import { formatAmount, formatNumber } from '@/i18n/format';
import { i18n } from '@/i18n/i18n';

/** SPEC §8 marketplace and purchase messages, word for word, in the reader's language when read. */
export const MARKETPLACE_MESSAGES = {
  get loadFailed() {
    return i18n.t('account:marketplace.loadFailed');
  },
  get notFound() {
    return i18n.t('account:marketplace.notFound');
  },
  get notInPlan() {
    return i18n.t('account:marketplace.notInPlan');
  },
  get purchased() {
    return i18n.t('account:marketplace.purchased');
  },
  get purchaseFailed() {
    return i18n.t('account:marketplace.purchaseFailed');
  },
  get empty() {
    return i18n.t('account:marketplace.empty');
  },
};

/** The filter select's label for a filter. */
export const filterLabel = (filter: MarketplaceFilter): string =>
  i18n.t(`account:marketplace.filters.${filter}`);

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

const usd = (amount: number): string => formatAmount(amount, 'USD');

/** SPEC §9: prices in USD; a price of 0 reads 'Free'. */
export function formatPrice(price: number): string {
  return price === 0 ? i18n.t('account:marketplace.free') : usd(price);
}

/** A signed USD amount: +$1,234.00 / −$12.50. */
export function formatSignedUsd(amount: number): string {
  const text = usd(Math.abs(amount));
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `−${text}`;
  return text;
}

/** A 0..1 fraction as a percentage to one place. */
export function formatPercent(fraction: number): string {
  return formatNumber(fraction, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Gross profit over gross loss; none without a losing trade. */
export function formatProfitFactor(value: number | null): string {
  return value === null ? '—' : formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** "1,234". */
export function formatCount(value: number): string {
  return formatNumber(value);
}
