import { z } from 'zod';
import { STAFF_ROLES } from '../staff/permissions.ts';
import { emailSchema } from './auth.ts';
import { pagedSchema } from './trading.ts';

/**
 * Staff management (issue 13 "Staff"): who works in the back office, with which roles, and whether
 * they may sign in. A disabled staff member is a `deactivated` user: refused at sign-in, sessions
 * revoked.
 */
export const STAFF_STATUSES = ['active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_MESSAGES = {
  rolesRequired: 'Choose at least one role',
  lastAdmin: 'At least one active administrator must remain.',
  self: 'You cannot disable your own account.',
  emailTaken: 'Someone already uses this email address.',
} as const;

/** How long an invitation's set-your-password link works. */
export const STAFF_INVITE_TTL_HOURS = 72;

export const staffMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  status: z.enum(STAFF_STATUSES),
  /** The latest of their last request and last session use; null if they never signed in. */
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffPageSchema = pagedSchema(staffMemberSchema);
export const staffMemberResponseSchema = z.object({ data: staffMemberSchema });

export const STAFF_SORTS = ['name', 'email', 'status', 'last_seen_at', 'created_at'] as const;

/** `GET /admin/staff`: paging, sorting (`name` / `-name`), search and status filter. */
export const staffQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  sort: z
    .string()
    .regex(new RegExp(`^-?(${STAFF_SORTS.join('|')})$`), 'Unknown sort field')
    .optional(),
  search: z.string().trim().max(100).optional(),
  status: z.enum(STAFF_STATUSES).optional(),
});
export type StaffQuery = z.infer<typeof staffQuerySchema>;

/** One or more distinct roles. */
export const staffRolesListSchema = z
  .array(z.enum(STAFF_ROLES, { error: 'Unknown role' }), { error: STAFF_MESSAGES.rolesRequired })
  .min(1, STAFF_MESSAGES.rolesRequired)
  .max(STAFF_ROLES.length)
  .transform((roles) => [...new Set(roles)]);

const nameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is at most 100 characters`);

/** `POST /admin/staff`: invite a staff member (a one-time set-your-password link by e-mail). */
export const staffInviteSchema = z
  .object({
    email: emailSchema,
    first_name: nameSchema('First name'),
    last_name: nameSchema('Last name'),
    roles: staffRolesListSchema,
  })
  .strict();
export type StaffInvite = z.input<typeof staffInviteSchema>;

/** `PUT /admin/staff/{id}/roles`. */
export const staffRolesSchema = z.object({ roles: staffRolesListSchema }).strict();
export type StaffRolesUpdate = z.input<typeof staffRolesSchema>;
