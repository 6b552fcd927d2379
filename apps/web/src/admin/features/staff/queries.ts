import {
  type StaffInvite,
  type StaffMember,
  type StaffRole,
  type StaffStatus,
  staffMemberResponseSchema,
  staffPageSchema,
} from '@openbroker/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/api/client';

export interface StaffFilter {
  page: number;
  per_page: number;
  sort?: string;
  search?: string;
  status?: StaffStatus;
}

/** The staff list, keyed under ['admin', 'staff'] so `admin.changed` refreshes it. */
export function useStaffList(filter: StaffFilter) {
  return useQuery({
    queryKey: ['admin', 'staff', filter],
    queryFn: async () => {
      const params = Object.fromEntries(
        Object.entries(filter).filter(([, v]) => v !== undefined && v !== ''),
      );
      return staffPageSchema.parse((await api.get('/admin/staff', { params })).data);
    },
    placeholderData: keepPreviousData,
  });
}

const member = (data: unknown): StaffMember => staffMemberResponseSchema.parse(data).data;

export type StaffChange =
  | { verb: 'invite'; body: StaffInvite }
  | { verb: 'roles'; id: number; roles: StaffRole[] }
  | { verb: 'disable'; id: number }
  | { verb: 'enable'; id: number };

/** Every staff change; on success the list (and the badges) refetch here and, by realtime, elsewhere. */
export function useStaffChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: StaffChange): Promise<StaffMember> => {
      switch (change.verb) {
        case 'invite':
          return member((await api.post('/admin/staff', change.body)).data);
        case 'roles':
          return member((await api.put(`/admin/staff/${change.id}/roles`, { roles: change.roles })).data);
        case 'disable':
        case 'enable':
          return member((await api.post(`/admin/staff/${change.id}/${change.verb}`)).data);
      }
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'staff'] }),
  });
}
