import {
  type ActiveSession,
  activeSessionSchema,
  type ChangePasswordInput,
  type Preferences,
  type PreferencesUpdate,
  preferencesSchema,
  recoveryCodesSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@openbroker/domain';
import { z } from 'zod';
import { api } from '@/api/client';

export const securityKeys = {
  twoFactor: ['security', '2fa'] as const,
  sessions: ['security', 'sessions'] as const,
  preferences: ['security', 'preferences'] as const,
};

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const res = await api.post<unknown>('/security/password', input);
  return z.object({ message: z.string() }).parse(res.data).message;
}

export async function fetchTwoFactor(): Promise<TwoFactorStatus> {
  return data(twoFactorStatusSchema).parse((await api.get<unknown>('/security/2fa')).data).data;
}

export async function setupTwoFactor(): Promise<TwoFactorSetup> {
  return data(twoFactorSetupSchema).parse((await api.post<unknown>('/security/2fa/setup')).data).data;
}

export async function enableTwoFactor(code: string): Promise<string[]> {
  const res = await api.post<unknown>('/security/2fa/enable', { code });
  return data(recoveryCodesSchema).parse(res.data).data.recovery_codes;
}

export async function disableTwoFactor(input: { password: string; code: string }): Promise<void> {
  await api.post('/security/2fa/disable', input);
}

export async function regenerateRecoveryCodes(code: string): Promise<string[]> {
  const res = await api.post<unknown>('/security/2fa/recovery-codes', { code });
  return data(recoveryCodesSchema).parse(res.data).data.recovery_codes;
}

export async function fetchSessions(): Promise<ActiveSession[]> {
  return data(z.array(activeSessionSchema)).parse((await api.get<unknown>('/security/sessions')).data).data;
}

export async function revokeSession(id: number): Promise<void> {
  await api.delete(`/security/sessions/${id}`);
}

export async function revokeOtherSessions(): Promise<number> {
  const res = await api.post<unknown>('/security/sessions/revoke-others');
  return data(z.object({ revoked: z.number() })).parse(res.data).data.revoked;
}

export async function fetchPreferences(): Promise<Preferences> {
  return data(preferencesSchema).parse((await api.get<unknown>('/security/preferences')).data).data;
}

export async function savePreferences(update: PreferencesUpdate): Promise<Preferences> {
  return data(preferencesSchema).parse((await api.put<unknown>('/security/preferences', update)).data).data;
}
