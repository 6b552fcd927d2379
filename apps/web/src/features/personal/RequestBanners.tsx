import { PERSONAL_FIELD_LABELS, type Personal, type PersonalChangeRequest } from '@openbroker/domain';
import { Alert } from '@/components/ui/Alert';
import { displayValue } from './formValues';

function Changes({ request }: { request: PersonalChangeRequest }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {request.changes.map((c) => (
        <li key={c.field} className="break-words">
          {PERSONAL_FIELD_LABELS[c.field]}: {displayValue(c.field, c.before)} →{' '}
          {displayValue(c.field, c.after)}
        </li>
      ))}
    </ul>
  );
}

/** The waiting change request, or the last decision on one (a rejection with its reason). */
export function RequestBanners({ personal }: { personal: Personal }) {
  const pending = personal.pending_request;
  if (pending) {
    return (
      <Alert
        variant="warning"
        title="Change request waiting for review"
        description={
          <>
            <p>Staff will review your request. Verified details stay as they are until it is approved.</p>
            <Changes request={pending} />
          </>
        }
      />
    );
  }
  const decided = personal.last_decided_request;
  if (decided?.status === 'rejected') {
    return (
      <Alert
        variant="destructive"
        title="Your change request was declined"
        description={
          <>
            <p>
              Reason: {decided.reason_label ?? 'Other'}
              {decided.reason ? ` — ${decided.reason}` : ''}
            </p>
            <Changes request={decided} />
            <p>You can ask for a change again.</p>
          </>
        }
      />
    );
  }
  if (decided?.status === 'approved') {
    return (
      <Alert
        variant="success"
        title="Your last change request was approved"
        description={<Changes request={decided} />}
      />
    );
  }
  return null;
}
