// The object another one was made for and goes with (decision 287): a Kubernetes cluster's
// private subnet, its firewall and its services load balancer name the cluster.
import { z } from 'zod';

export const ownerSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    /** The owner's type as `GET P/object-info/{id}` names it, e.g. "kubernetes cluster". */
    type: z.string(),
  })
  .meta({ id: 'Owner' });
export type Owner = z.infer<typeof ownerSchema>;

/** `owned_by`: the owner, or null for an object of the user's own. */
export const ownedBySchema = ownerSchema.nullable().meta({
  description:
    'The object this one was made for and goes with; its own routes refuse to change or delete it (409).',
});
