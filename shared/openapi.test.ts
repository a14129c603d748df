import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SchemaComponents } from './openapi.ts';

describe('SchemaComponents', () => {
  // Read, `size` may be left out; answered, it is always there.
  const spec = z.strictObject({ size: z.enum(['s', 'm']).default('s') }).meta({ id: 'TestSpec' });
  // The same either way, but for the form of the spec it holds.
  const machine = z.strictObject({ name: z.string(), spec }).meta({ id: 'TestMachine' });
  const plain = z.strictObject({ id: z.string() }).meta({ id: 'TestPlain' });

  it('hoists named schemas into components and points each $ref there', () => {
    const c = new SchemaComponents();
    const root = c.convert(z.strictObject({ items: z.array(plain) }), 'output');
    const schemas = c.finish();
    expect(root).toMatchObject({
      properties: { items: { items: { $ref: '#/components/schemas/TestPlain' } } },
    });
    expect(schemas).toEqual({
      TestPlain: {
        type: 'object',
        properties: { id: { type: 'string' } },
        required: ['id'],
        additionalProperties: false,
      },
    });
  });

  it('gives a schema that reads otherwise than it answers, and what holds it, an input form of its own', () => {
    const c = new SchemaComponents();
    const answered = c.convert(machine, 'output');
    const read = c.convert(machine, 'input');
    const same = [c.convert(plain, 'input'), c.convert(plain, 'output')];
    const schemas = c.finish();
    expect(answered).toEqual({ $ref: '#/components/schemas/TestMachine' });
    expect(read).toEqual({ $ref: '#/components/schemas/TestMachineInput' });
    expect(same).toEqual([
      { $ref: '#/components/schemas/TestPlain' },
      { $ref: '#/components/schemas/TestPlain' },
    ]);
    expect(Object.keys(schemas)).toEqual([
      'TestMachine',
      'TestMachineInput',
      'TestPlain',
      'TestSpec',
      'TestSpecInput',
    ]);
    expect(schemas.TestMachine).toMatchObject({
      properties: { spec: { $ref: '#/components/schemas/TestSpec' } },
    });
    expect(schemas.TestMachineInput).toMatchObject({
      properties: { spec: { $ref: '#/components/schemas/TestSpecInput' } },
    });
    expect(schemas.TestSpec).toMatchObject({ required: ['size'] });
    expect(schemas.TestSpecInput).not.toHaveProperty('required');
  });

  it('keeps one form of a schema used one way only, under its own name', () => {
    const c = new SchemaComponents();
    c.convert(machine, 'input');
    expect(Object.keys(c.finish())).toEqual(['TestMachine', 'TestSpec']);
  });

  it('drops the formats zod makes up for startsWith and endsWith, keeping their patterns', () => {
    const c = new SchemaComponents();
    expect(c.convert(z.string().startsWith('cct_'), 'output')).toEqual({
      type: 'string',
      pattern: '^cct_.*',
    });
    expect(c.convert(z.string().endsWith('.pem'), 'output')).not.toHaveProperty('format');
  });

  it('refuses a recursive schema without an id, whose extracted name would clash', () => {
    const node: z.ZodType = z.lazy(() => z.strictObject({ children: z.array(node) }));
    expect(() => new SchemaComponents().convert(z.strictObject({ root: node }), 'output')).toThrow(
      /recursive schema needs an id/,
    );
  });
});
