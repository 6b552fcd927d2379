import type { AutoTraderLevel } from '@openbroker/domain';
import { z } from 'zod';
import { api } from '@/api/client';

const messageAnswer = z.object({ message: z.string() });

/** `POST /update/autotrader` (SPEC §7): asks staff to switch AutoTrader on at `level`. */
export async function requestAutoTrader(level: AutoTraderLevel): Promise<string> {
  return messageAnswer.parse((await api.post('/update/autotrader', { autotrader_type: level })).data).message;
}

/** `POST /autotrader/stop`: stops the customer's AutoTrader run. */
export async function stopAutoTrader(): Promise<string> {
  return messageAnswer.parse((await api.post('/autotrader/stop', {})).data).message;
}
