import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { EVENT_TYPES } from '../../functions/core/event.ts';
import { EventView } from '../../functions/schemas/views/event.view.ts';
import { EVENT_EXAMPLES } from '../../functions/schemas/docs/event-examples.ts';

// Issue 33 §2: the Event schema is a union discriminated by `type`, so a typed client narrows an event by its
// type; one example per type; the guide's event table one row per type, naming its data.

type Json = Record<string, unknown>;
const doc = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, Json> };
  webhooks: Record<string, { post: { requestBody: { content: { 'application/json': { example: { type: string } } } } } }>;
};
const schemas = doc.components.schemas;
const event = schemas.Event as { oneOf: Array<{ $ref: string }>; discriminator: { propertyName: string; mapping: Record<string, string> } };
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validateEvent = ajv.compile({ ...schemas.Event, components: doc.components });
const kindOf = (ref: string) => schemas[ref.split('/').pop()!] as { properties: { type: { enum: string[] }; data: Json } };

describe('the Event schema of docs/openapi.json', () => {
  it('is a union of the event kinds discriminated by type, mapping every type to the one kind that takes it', () => {
    expect(event.discriminator.propertyName).toBe('type');
    expect(Object.keys(event.discriminator.mapping).sort()).toEqual([...EVENT_TYPES].sort());
    const members = event.oneOf.map(({ $ref }) => $ref);
    for (const [type, ref] of Object.entries(event.discriminator.mapping)) {
      expect(members, type).toContain(ref);
      expect(kindOf(ref).properties.type.enum, type).toContain(type);
      expect(
        members.filter((member) => kindOf(member).properties.type.enum.includes(type)),
        type,
      ).toEqual([ref]);
    }
  });

  it('gives job.collection_updated its collection in data.collection (not inside data.job)', () => {
    const data = kindOf(event.discriminator.mapping['job.collection_updated']!).properties.data as { properties: Record<string, Json>; required: string[] };
    expect(data.required).toEqual(expect.arrayContaining(['collection', 'job']));
    expect(Object.keys((data.properties.job as { properties: Json }).properties)).not.toContain('collection');
  });

  it('has one example per type, each valid against Event and the zod schema, delivered as that type’s webhook example', () => {
    expect(Object.keys(EVENT_EXAMPLES).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const example = EVENT_EXAMPLES[type];
      expect((example as { type: string }).type).toBe(type);
      expect(validateEvent(example) ? 'valid' : JSON.stringify(validateEvent.errors), type).toBe('valid');
      expect(EventView.safeParse(example).success, type).toBe(true);
      expect(doc.webhooks[type]!.post.requestBody.content['application/json'].example).toEqual(example);
    }
  });

  it('refuses an event whose data is another kind’s (a typed client can trust the narrowing)', () => {
    const collection = EVENT_EXAMPLES['job.collection_updated'] as { data: Json };
    const wrong = { ...EVENT_EXAMPLES['job.queued'], data: collection.data };
    expect(validateEvent(wrong)).toBe(false);
    expect(EventView.safeParse(wrong).success).toBe(false);
  });
});

describe('the guide’s event table (docs/api-guide.md)', () => {
  const guide = readFileSync(new URL('../../docs/api-guide.md', import.meta.url), 'utf8');
  const rows = guide
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\| `(job|webhook_endpoint|remittance)\.[a-z_]+` \|/.test(line));

  it('has one row per event type, naming its data', () => {
    const types = rows.map((row) => /^\| `([^`]+)`/.exec(row)![1]);
    expect([...types].sort()).toEqual([...EVENT_TYPES].sort());
    const dataOf = (type: string) => rows.find((row) => row.startsWith(`| \`${type}\``))!;
    expect(dataOf('job.collection_updated')).toContain('data.collection');
    expect(dataOf('job.updated')).toContain('data.changedFields');
    expect(dataOf('job.delivery_attempted')).toContain('data.deliveryAttempt');
    expect(dataOf('job.returned')).toContain('data.returnTrip');
    expect(dataOf('remittance.created')).toContain('data.remittance');
    expect(dataOf('webhook_endpoint.disabled')).toContain('data.endpoint');
    for (const row of rows) expect(row, row).toContain('data.');
  });
});
