import { z } from 'zod';
import { idPattern } from '../ids.ts';
import { listSchema } from '../pagination.ts';
import { legacyFirewallSchema } from './firewall.ts';

export const nicSchema = z
  .strictObject({
    id: z.string().regex(idPattern('nic')),
    name: z.string(),
    private_ipv4: z.ipv4(),
    private_ipv6: z.ipv6(),
    vm_name: z.string().nullable(),
  })
  .meta({ id: 'Nic' });
export type Nic = z.infer<typeof nicSchema>;

export const privateSubnetSchema = z
  .strictObject({
    id: z.string().regex(idPattern('privateSubnet')),
    name: z.string(),
    location: z.string(),
    state: z.string(),
    net4: z.string(),
    net6: z.string(),
    firewalls: z.array(legacyFirewallSchema),
    nics: z.array(nicSchema),
  })
  .meta({ id: 'PrivateSubnet' });
export type PrivateSubnet = z.infer<typeof privateSubnetSchema>;

export const privateSubnetListSchema = listSchema(privateSubnetSchema).meta({ id: 'PrivateSubnetList' });
export type PrivateSubnetList = z.infer<typeof privateSubnetListSchema>;

/** Legacy create takes no body; `firewall_id` attaches that firewall instead of a new default one. */
export const createPrivateSubnetBodySchema = z
  .strictObject({ firewall_id: z.string().regex(idPattern('firewall'), 'Must be a firewall ID.').optional() })
  .optional()
  .meta({ id: 'CreatePrivateSubnetBody' });
