import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import type { RegistrationField } from './payload';
import { REGISTRATION_FAILED } from './useRegistration';

export interface RegistrationFailure {
  /** The server's message, else SPEC's fallback. */
  message: string;
  /** First message per field the form shows. */
  visible: Partial<Record<RegistrationField, string>>;
  /** Messages about fields the form does not show (they came from earlier steps). */
  hidden: string[];
}

/** Splits a failed registration into what goes beside the fields and what goes into the summary. */
export function describeRegistrationFailure(
  error: unknown,
  shown: ReadonlySet<RegistrationField>,
): RegistrationFailure {
  const visible: Partial<Record<RegistrationField, string>> = {};
  const hidden: string[] = [];
  for (const [field, messages] of Object.entries(apiFieldErrors(error))) {
    const first = messages[0];
    if (!first) continue;
    if ((shown as ReadonlySet<string>).has(field)) visible[field as RegistrationField] = first;
    else hidden.push(first);
  }
  return { message: apiErrorMessage(error, REGISTRATION_FAILED), visible, hidden };
}
