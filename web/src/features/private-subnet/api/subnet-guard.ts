import { useQuery } from '@tanstack/react-query';
import { useObjectOwner } from '#web/lib/object-owner.ts';
import { getPrivateSubnetQueryOptions } from './get-private-subnet.ts';

/** A subnet named on another page (a VM's): its ID and whether another object manages it. */
export function useSubnetGuard(projectId: string, location: string, name: string) {
  const subnet = useQuery(getPrivateSubnetQueryOptions({ projectId, location, name })).data;
  const owner = useObjectOwner(projectId, subnet?.id);
  return subnet && owner !== undefined
    ? { id: subnet.id, name: subnet.name, managed: owner !== null }
    : undefined;
}
