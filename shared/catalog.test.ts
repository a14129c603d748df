import { describe, expect, it } from 'vitest';
import {
  LOCATION_NAMES,
  POSTGRES_FLAVORS,
  POSTGRES_SIZES,
  postgresCapabilities,
  type PostgresCatalog,
} from './catalog.ts';

describe('postgresCapabilities', () => {
  const small: PostgresCatalog = {
    flavors: [{ name: 'standard', displayName: 'PostgreSQL', versions: ['16', '17'] }],
    locations: [
      { name: 'here', displayName: 'Here' },
      { name: 'there', displayName: 'There' },
    ],
    families: [
      { name: 'hobby', displayName: 'Hobby' },
      { name: 'big', displayName: 'Big' },
    ],
    sizes: [
      {
        name: 'h-1',
        family: 'hobby',
        vcpus: 1,
        memoryGib: 2,
        storageGib: [16, 32],
        monthlyUsd: 12,
      },
      { name: 'b-8', family: 'big', vcpus: 8, memoryGib: 32, storageGib: [512], monthlyUsd: 260 },
    ],
    haTypes: [
      { name: 'none', displayName: 'No standby', standbys: 0, description: 'One server.' },
      { name: 'sync', displayName: 'Two standbys', standbys: 2, description: 'No write lost.' },
    ],
  };

  it('nests flavor → version and location → family → size → storage_size → ha_type', () => {
    const family = {
      hobby: {
        size: {
          'h-1': {
            storage_size: {
              '16': { ha_type: ['none', 'sync'] },
              '32': { ha_type: ['none', 'sync'] },
            },
          },
        },
      },
      big: { size: { 'b-8': { storage_size: { '512': { ha_type: ['none', 'sync'] } } } } },
    };
    expect(postgresCapabilities(small).option_tree).toEqual({
      flavor: {
        standard: { version: ['16', '17'], location: { here: { family }, there: { family } } },
      },
    });
  });

  it('describes every choice in the metadata', () => {
    expect(postgresCapabilities(small).metadata).toEqual({
      flavor: { standard: { display_name: 'PostgreSQL' } },
      location: {
        here: { display_name: 'here', ui_name: 'Here', provider: 'hetzner' },
        there: { display_name: 'there', ui_name: 'There', provider: 'hetzner' },
      },
      family: {
        hobby: { display_name: 'Hobby', category: 'shared' },
        big: { display_name: 'Big', category: 'dedicated' },
      },
      size: {
        'h-1': { display_name: 'h-1', vcpu: 1, vcpus: 1, memory_gib: 2, monthly_usd: 12 },
        'b-8': { display_name: 'b-8', vcpu: 8, vcpus: 8, memory_gib: 32, monthly_usd: 260 },
      },
      ha_type: {
        none: { display_name: 'No standby', standby_count: 0, description: 'One server.' },
        sync: { display_name: 'Two standbys', standby_count: 2, description: 'No write lost.' },
      },
    });
  });

  it('is made of the catalog by default', () => {
    const caps = postgresCapabilities();
    expect(Object.keys(caps.option_tree.flavor)).toEqual(POSTGRES_FLAVORS.map((f) => f.name));
    expect(Object.keys(caps.option_tree.flavor.standard!.location)).toEqual(LOCATION_NAMES);
    expect(Object.keys(caps.metadata.size)).toEqual(POSTGRES_SIZES.map((s) => s.name));
  });
});
