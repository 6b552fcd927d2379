import {
  acceptsUploads,
  DEFAULT_VERIFICATION_LEVELS,
  levelOf,
  nextLevel,
  REQUIREMENT_KINDS,
  REQUIREMENT_LABELS,
  type RequirementKind,
  type RequirementSnapshot,
  type RequirementState,
  type RequirementStates,
  submissionsLeft,
  unlocksOf,
  VERIFICATION_REJECTION_CODES,
  VERIFICATION_REJECTION_TEXTS,
  type VerificationDocument,
  type VerificationLevel,
  type VerificationRejectionCode,
  type VerificationRequirement,
} from '@openbroker/domain';
import { API_PREFIX_PATH } from './paths.ts';
import type { DocumentRow, RequirementRow, StoredSettings } from './repo.ts';

export interface ResolvedSettings {
  approvalRequiresVerification: boolean;
  fourEyes: boolean;
  maxSubmissions: number;
  levels: VerificationLevel[];
}

export function resolveSettings(s: StoredSettings | null): ResolvedSettings {
  return {
    approvalRequiresVerification: s?.approvalRequiresVerification ?? false,
    fourEyes: s?.fourEyes ?? false,
    maxSubmissions: s?.maxSubmissions ?? 3,
    levels: s?.levels ?? [...DEFAULT_VERIFICATION_LEVELS],
  };
}

export const STATE_LABELS: Readonly<Record<RequirementState, string>> = {
  not_submitted: 'Not submitted',
  pending: 'Being reviewed',
  verified: 'Verified',
  rejected: 'Rejected',
  rejected_final: 'Rejected (final)',
  expired: 'Expired',
};

export function isRejectionCode(code: string | null): code is VerificationRejectionCode {
  return code !== null && (VERIFICATION_REJECTION_CODES as readonly string[]).includes(code);
}

export function snapshotOf(row: RequirementRow | undefined, s: ResolvedSettings): RequirementSnapshot {
  return {
    state: (row?.state ?? 'not_submitted') as RequirementState,
    submissions: row?.submissions ?? 0,
    maxSubmissions: s.maxSubmissions,
  };
}

/** Why a requirement was rejected, in plain words: the coded text, then staff's message. */
export function reasonOf(row: RequirementRow | undefined): string | null {
  if (!row || (row.state !== 'rejected' && row.state !== 'rejected_final')) return null;
  const coded = isRejectionCode(row.reasonCode) ? VERIFICATION_REJECTION_TEXTS[row.reasonCode] : null;
  const parts = [coded, row.customerMessage || null].filter((p): p is string => !!p);
  if (row.state === 'rejected_final')
    parts.push('This decision is final; please contact support if you have questions.');
  return parts.length ? parts.join(' ') : 'Your document was not accepted.';
}

export function statesOf(rows: RequirementRow[]): RequirementStates {
  const out: RequirementStates = {};
  for (const r of rows) out[r.kind as RequirementKind] = r.state as RequirementState;
  return out;
}

export function presentDocument(d: DocumentRow): VerificationDocument {
  return {
    id: d.id,
    requirement: d.requirement as VerificationDocument['requirement'],
    document_type: d.documentType as VerificationDocument['document_type'],
    side: d.side as VerificationDocument['side'],
    file_name: d.fileName,
    mime: d.mime,
    size: d.sizeBytes,
    is_image: d.isImage,
    submitted: d.submission !== null,
    created_at: d.createdAt.toISOString(),
    download_url: `${API_PREFIX_PATH}/verification/documents/${d.id}`,
  };
}

function neededFor(kind: RequirementKind, levels: VerificationLevel[]): number | null {
  const l = [...levels].sort((a, b) => a.level - b.level).find((x) => x.requires.includes(kind));
  return l ? l.level : null;
}

export function presentRequirements(
  rows: RequirementRow[],
  docs: DocumentRow[],
  s: ResolvedSettings,
  uploadsAllowed: boolean,
): VerificationRequirement[] {
  return REQUIREMENT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const snap = snapshotOf(row, s);
    return {
      kind,
      label: REQUIREMENT_LABELS[kind],
      state: snap.state,
      state_label: STATE_LABELS[snap.state],
      reason: reasonOf(row),
      submissions_left: submissionsLeft(snap),
      needed_for_level: neededFor(kind, s.levels),
      can_upload: uploadsAllowed && acceptsUploads(snap),
      expires_at: row?.expiresAt?.toISOString() ?? null,
      documents: docs.filter((d) => d.requirement === kind).map(presentDocument),
    };
  });
}

/** What the customer should do next, in plain words. */
export function nextStepOf(
  current: VerificationLevel,
  next: VerificationLevel | null,
  reqs: VerificationRequirement[],
  uploadsAllowed: boolean,
): string {
  if (!next) return 'You are fully verified. There is nothing more to do.';
  if (!uploadsAllowed)
    return 'Your account is waiting for approval. You can upload documents once it is approved.';
  const needed = next.requires
    .map((k) => reqs.find((r) => r.kind === k))
    .filter((r): r is VerificationRequirement => !!r && r.state !== 'verified');
  const goal = `to reach level ${next.level} (${next.name})`;
  for (const r of needed) {
    const label = r.label.toLowerCase();
    if (r.state === 'not_submitted') return `Upload your ${label} and press Submit ${goal}.`;
    if (r.state === 'expired')
      return `Your ${label} has expired. Upload a current one and press Submit ${goal}.`;
    if (r.state === 'rejected' && r.submissions_left > 0) {
      return `Your ${label} was not accepted: ${r.reason ?? ''} Upload a new one and press Submit (${r.submissions_left} ${r.submissions_left === 1 ? 'submission' : 'submissions'} left).`;
    }
  }
  if (needed.some((r) => r.state === 'rejected' || r.state === 'rejected_final')) {
    return 'We could not verify your documents and no submissions are left. Please contact support.';
  }
  const reviewing = needed.filter((r) => r.state === 'pending').map((r) => r.label.toLowerCase());
  if (reviewing.length)
    return `We are reviewing your ${reviewing.join(' and ')}. We will notify you when it is done.`;
  return `You are at level ${current.level} (${current.name}).`;
}

export function levelSummary(rows: RequirementRow[], s: ResolvedSettings) {
  const current = levelOf(statesOf(rows), s.levels);
  const next = nextLevel(current, s.levels);
  return { current, next, unlocks: unlocksOf(current) };
}
