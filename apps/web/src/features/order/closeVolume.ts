import { err, MIN_LOTS, ok, type Result, validateVolume } from '@openbroker/domain';
import { i18n } from '@/i18n/i18n';
import { lotsLabel } from './format';
import { parseVolumeText } from './orderVolume';

/** The words for a partial close outside 0.01 and the position's own volume. */
export const closeRangeMessage = (positionLots: number) =>
  i18n.t('trade:domain.closeRange', { min: lotsLabel(MIN_LOTS), max: lotsLabel(positionLots) });

/** Binary noise allowed when comparing lots (0.1 + 0.2 style), far below a hundredth. */
const NOISE = 1e-9;

/**
 * The lots to close of a position holding `positionLots` (DESIGN §6 partial close): 0.01 up to the
 * whole position, in steps of 0.01. Gives `partial: false` for the whole position, which is closed
 * without a volume so nothing is left over by rounding.
 */
export function resolveCloseVolume(
  text: string,
  positionLots: number,
): Result<{ lots: number; partial: boolean }, string> {
  const lots = parseVolumeText(text);
  if (!Number.isFinite(lots) || lots < MIN_LOTS - NOISE || lots > positionLots + NOISE) {
    return err(closeRangeMessage(positionLots));
  }
  const checked = validateVolume(lots);
  if (!checked.ok) return err(checked.error.errors?.volume?.[0] ?? checked.error.message);
  return ok({ lots: checked.value, partial: checked.value < positionLots - NOISE });
}
