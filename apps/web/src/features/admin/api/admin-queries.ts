/** SPEC 7: the directors and their cities, for an admin. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { keys } from '../../../api/keys';

export const directorsQuery = () => queryOptions({ queryKey: keys.admin.directors, queryFn: () => unwrap(api.GET('/api/admin/directors')) });

export const useDirectors = () => useQuery(directorsQuery());

/** An admin assigns a city to a director, or takes it away (audited by the API); the list is refetched. */
export function useDirectorCity() {
  const qc = useQueryClient();
  const done = () => {
    void qc.invalidateQueries({ queryKey: keys.admin.directors });
    void qc.invalidateQueries({ queryKey: keys.me.all });
  };
  const path = (b: { userId: string; cityId: string }) => ({ params: { path: { userId: b.userId, cityId: b.cityId } }, body: {} });
  return {
    assign: useMutation({ mutationFn: (b: { userId: string; cityId: string }) => unwrap(api.PUT('/api/admin/directors/{userId}/cities/{cityId}', path(b))), onSuccess: done }),
    unassign: useMutation({ mutationFn: (b: { userId: string; cityId: string }) => unwrap(api.DELETE('/api/admin/directors/{userId}/cities/{cityId}', path(b))), onSuccess: done }),
  };
}
