import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@openbroker/domain';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '@/lib/validationMessage';

/** One checkbox per role, with what the role may do; at least one must stay ticked (the server checks). */
export function RoleCheckboxes(props: {
  idPrefix: string;
  value: StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('adminClients');
  const errorId = `${props.idPrefix}-roles-error`;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={props.error ? errorId : undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="mb-1 font-medium text-sm">{t('staff.roles')}</legend>
      {STAFF_ROLES.map((role) => {
        const id = `${props.idPrefix}-role-${role}`;
        const checked = props.value.includes(role);
        return (
          <div key={role} className="flex items-start gap-2">
            <input
              id={id}
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={checked}
              onChange={(e) =>
                props.onChange(
                  e.target.checked ? [...props.value, role] : props.value.filter((r) => r !== role),
                )
              }
              aria-describedby={`${id}-hint`}
            />
            <div className="flex flex-col leading-tight">
              <label htmlFor={id} className="text-sm">
                {t(`staff.roleNames.${role}`)}
              </label>
              {/* Permission names are codes (clients.read…), the same in every language. */}
              <span
                id={`${id}-hint`}
                className="text-muted-foreground text-xs"
                dir={role === 'admin' ? undefined : 'ltr'}
              >
                {role === 'admin' ? t('staff.adminHint') : ROLE_PERMISSIONS[role].join(', ')}
              </span>
            </div>
          </div>
        );
      })}
      {props.error ? (
        <p id={errorId} className="text-destructive text-xs">
          {localizeMessage(props.error)}
        </p>
      ) : null}
    </fieldset>
  );
}
