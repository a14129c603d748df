// The create form's values and checks, shared by its sections.
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { PrivateSubnetList } from '#shared/api/private-subnet';
import type { SshPublicKeyList } from '#shared/api/ssh-public-key';
import { checkStorageSize, createVmBodySchema } from '#shared/api/vm';
import { LOCATION_NAMES } from '#shared/catalog';
import { resourceName } from '#shared/names';
import type { FormState } from '#web/lib/form.ts';

/**
 * The form's values are strings; this is the shared create body (with its check of the storage
 * size against the size) plus the two path parts (name, location), so the form checks as you
 * type exactly what the server will check. An empty storage size is the size's default.
 */
export const createVmFormSchema = z
  .strictObject({
    ...createVmBodySchema.shape,
    name: resourceName('vm'),
    location: z.enum(LOCATION_NAMES, { error: 'Choose a location.' }),
    enable_ip4: z.enum(['true', 'false']).transform((v) => v === 'true'),
    private_subnet_id: z
      .union([z.literal(''), createVmBodySchema.shape.private_subnet_id.unwrap()])
      .transform((v) => v || undefined),
    storage_size: z
      .union([z.literal(''), z.string().regex(/^\d+$/)])
      .transform((v) => (v ? Number(v) : undefined)),
  })
  .superRefine(checkStorageSize);
export type FieldName =
  | 'name'
  | 'location'
  | 'size'
  | 'storage_size'
  | 'boot_image'
  | 'unix_user'
  | 'public_key'
  | 'enable_ip4'
  | 'private_subnet_id';
/** The order of the fields on the page: where "Create VM" moves the focus first. */
export const FIELD_ORDER: FieldName[] = [
  'location',
  'size',
  'storage_size',
  'boot_image',
  'unix_user',
  'public_key',
  'private_subnet_id',
  'name',
];

export type VmForm = FormState<FieldName, z.output<typeof createVmFormSchema>>;

/**
 * The subnets of a location to choose from. Subnets are the private-subnet feature's: the route
 * passes its query in (features do not import each other).
 */
export type SubnetsQuery<K extends QueryKey> = (
  location: string,
) => UseQueryOptions<PrivateSubnetList, Error, PrivateSubnetList, K>;

/** The SSH public keys saved in the project (the ssh-key feature's, passed in by the route). */
export type SshKeysQuery<K extends QueryKey> = UseQueryOptions<
  SshPublicKeyList,
  Error,
  SshPublicKeyList,
  K
>;

/** The storage the form asks for: the chosen option, else the size's default. */
export function storageGib(
  v: { size: string; storage_size: string },
  defaultGib: number | undefined,
): number | undefined {
  return v.storage_size ? Number(v.storage_size) : defaultGib;
}

/** The default subnet of the location (`default-<location>`), whether it exists, the other subnets and the chosen one. */
export function subnetChoice(
  subnets: PrivateSubnetList | undefined,
  location: string,
  chosenId: string,
) {
  const defaultName = `default-${location}`;
  const items = subnets?.items ?? [];
  return {
    defaultName,
    defaultExists: items.some((s) => s.name === defaultName),
    others: items.filter((s) => s.name !== defaultName),
    chosen: items.find((s) => s.id === chosenId),
  };
}
