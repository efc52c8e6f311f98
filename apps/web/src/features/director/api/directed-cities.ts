import { useMe } from '../../../auth/use-me';

/**
 * SPEC 7: the cities the signed-in account directs — every city for an admin, the assigned ones for a
 * director (from GET /api/me); null while unknown. The API refuses acts elsewhere whatever the page shows.
 */
export function useDirectedCities(): { all: boolean; ids: Set<string> } | null {
  const me = useMe();
  if (!me.data) return null;
  return { all: me.data.roles.includes('admin'), ids: new Set(me.data.directorCities.map((c) => c.id)) };
}
