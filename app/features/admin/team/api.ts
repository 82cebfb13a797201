// TanStack Query hooks of the admin's Team section (/api/admin/team; routes in the API reference at /api/reference).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  TeamInviteResult, TeamList, TeamMemberResponse, TeamResetResult, type TeamInviteBody, type TeamMemberUpdate,
} from '../../../../shared/schemas/team';
import { apiRequest } from '../../../lib/api-client';

export const teamKey = ['admin', 'team'] as const;

export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: async () => (await apiRequest('GET', '/admin/team', { schema: TeamList })).team });
}

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamInviteBody) => apiRequest('POST', '/admin/team', { body, schema: TeamInviteResult }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TeamMemberUpdate }) =>
      apiRequest('PATCH', '/admin/team/:id', { params: { id }, body, schema: TeamMemberResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useResetMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password?: string }) =>
      apiRequest('POST', '/admin/team/:id/reset', { params: { id }, body: password ? { password } : {}, schema: TeamResetResult }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

/** The link to hand over: this site's address and the path the server made (shown once). */
export const inviteLink = (path: string) => `${window.location.origin}${path}`;
