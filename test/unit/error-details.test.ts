import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as errors from '../../functions/core/errors.ts';
import { AppError, seedDetails } from '../../functions/core/errors.ts';
import { IllegalTransitionError, transition } from '../../functions/core/lifecycle.ts';
import { jobInState } from '../../scripts/lifecycle-diagram.ts';
import { errorResult } from '../../functions/http/errors.ts';
import { ErrorBody } from '../../functions/schemas/views/error.view.ts';

// Every `details` a client can see carries the seed's formErrors (strings) and fieldErrors (field → strings),
// other keys beside them (issue 33 §1). The classes are found by enumerating the module's exports, so a
// class added later is walked without an edit here.

type ErrorClass = new (...args: unknown[]) => AppError;

const isErrorClass = (value: unknown): value is ErrorClass => typeof value === 'function' && (value === AppError || value.prototype instanceof AppError);

/** The parameter names of a class's own constructor (or its nearest parent's), read from its source. */
function parameterNames(klass: ErrorClass): string[] {
  for (let current: unknown = klass; typeof current === 'function'; current = Object.getPrototypeOf(current)) {
    const match = /constructor\s*\(([^)]*)\)/.exec(current.toString());
    if (match)
      return match[1]!
        .split(',')
        .map((part) => part.split('=')[0]!.trim())
        .filter((name) => name.length > 0);
  }
  return [];
}

/** A plausible value for a constructor parameter, chosen by its name. */
function plausible(name: string): unknown {
  if (/Minor$|^max|Seconds$|Meters$|^tries|Attempts$|^retry/.test(name)) return 4_200;
  if (name === 'fields') return ['dropPhone'];
  if (name === 'allow') return ['GET', 'POST'];
  if (name === 'details') return { formErrors: [], fieldErrors: { dropName: ['Required'] } };
  if (name === 'status') return 'delivered';
  if (name === 'which') return 'pickup';
  if (name === 'defaultAction') return 'return';
  if (name === 'cause') return new Error('underlying');
  if (name === 'code') return 'validation_error';
  if (name === 'options') return { details: { status: 'delivered' } };
  return `${name}-1`;
}

/** Every error class exported from functions/core/errors.ts, constructed with plausible arguments. */
function everyExportedError(): Array<[string, AppError]> {
  return Object.entries(errors as Record<string, unknown>)
    .filter((entry): entry is [string, ErrorClass] => isErrorClass(entry[1]))
    .map(([name, klass]) => [name, new klass(...parameterNames(klass).map(plausible))]);
}

function expectSeedShape(details: unknown, where: string): void {
  expect(details, where).toMatchObject({ formErrors: expect.any(Array), fieldErrors: expect.any(Object) });
  const { formErrors, fieldErrors } = details as { formErrors: unknown[]; fieldErrors: Record<string, unknown> };
  expect(
    formErrors.every((message) => typeof message === 'string'),
    where,
  ).toBe(true);
  expect(Array.isArray(fieldErrors), where).toBe(false);
  for (const messages of Object.values(fieldErrors)) expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string'), where).toBe(true);
}

describe('every error’s details', () => {
  const walked = everyExportedError();

  it('walks every exported error class, many of which name more in details', () => {
    expect(walked.length).toBeGreaterThan(50);
    expect(walked.map(([name]) => name)).toEqual(expect.arrayContaining(['AppError', 'ValidationError', 'JobNotEditableError', 'IdempotencyConflictError']));
    expect(walked.filter(([, error]) => error.details !== undefined).length).toBeGreaterThan(12);
  });

  it('carries formErrors and fieldErrors whenever it carries details, as thrown and as the HTTP edge answers it', () => {
    for (const [name, error] of [...walked, ['IllegalTransitionError', new IllegalTransitionError({ status: 'delivered' }, 'recall')] as const]) {
      if (error.details === undefined) continue;
      expectSeedShape(error.details, name);
      const body = JSON.parse(errorResult(error).body) as { details?: unknown };
      // A 5xx shows no internals at all; every other status shows the details in the seed's shape.
      if (body.details !== undefined) expectSeedShape(body.details, `${name} at the edge`);
      expect(ErrorBody.safeParse(body).success, name).toBe(true);
    }
  });

  it('keeps each refusal’s own keys beside the seed’s, and a validation error’s own field errors', () => {
    expect(new errors.IdempotencyConflictError('job-1').details).toEqual({ formErrors: [], fieldErrors: {}, jobId: 'job-1' });
    expect(new errors.JobNotEditableError(['dropPhone'], 'delivered').details).toEqual({
      formErrors: [],
      fieldErrors: {},
      fields: ['dropPhone'],
      status: 'delivered',
    });
    expect(new errors.ValidationError('bad', { formErrors: ['whole'], fieldErrors: { dropName: ['Required'] } }).details).toEqual({
      formErrors: ['whole'],
      fieldErrors: { dropName: ['Required'] },
    });
    expect(seedDetails({ defaultAction: 'return' })).toEqual({ formErrors: [], fieldErrors: {}, defaultAction: 'return' });
  });

  it('names the job’s status on a cancel of an ended job (400 not_cancellable, the seed’s status), so a retried cancel reads as one', () => {
    for (const status of ['delivered', 'failed', 'cancelled'] as const) {
      const refusal = (() => {
        try {
          transition(jobInState(status, 'cancel'), { type: 'cancel' }, 'merchant', new Date());
        } catch (error) {
          return error as AppError;
        }
        throw new Error(`a ${status} job was cancelled`);
      })();
      expect(refusal).toMatchObject({ code: 'not_cancellable', message: `A ${status} job cannot be cancelled` });
      expect(refusal.details).toEqual({ formErrors: [], fieldErrors: {}, status });
      expect(errorResult(refusal).statusCode).toBe(400);
    }
  });

  it('leaves details out where an error names nothing more', () => {
    expect(new errors.JobNotFoundError('job-1').details).toBeUndefined();
    expect('details' in JSON.parse(errorResult(new errors.JobNotFoundError('job-1')).body)).toBe(false);
  });
});

/** Every error body in a document: any object with a string `error` and a string `code`. */
function errorBodies(node: unknown, where: string): Array<{ where: string; body: Record<string, unknown> }> {
  if (Array.isArray(node)) return node.flatMap((inner, i) => errorBodies(inner, `${where}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  const object = node as Record<string, unknown>;
  const own = typeof object.error === 'string' && typeof object.code === 'string' ? [{ where, body: object }] : [];
  return [...own, ...Object.entries(object).flatMap(([key, inner]) => errorBodies(inner, `${where}.${key}`))];
}

describe.each(['openapi.json', 'fleet-openapi.json'])('the documented error examples of docs/%s', (file) => {
  const doc = JSON.parse(readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8')) as {
    components: { schemas: { ErrorBody: { properties: { details: { required: string[]; additionalProperties: unknown } } } } };
  };
  const bodies = errorBodies(doc, file);

  it('carry formErrors and fieldErrors whenever they carry details', () => {
    expect(bodies.length).toBeGreaterThan(5);
    expect(bodies.filter(({ body }) => body.details !== undefined).length).toBeGreaterThan(0);
    for (const { where, body } of bodies) if (body.details !== undefined) expectSeedShape(body.details, where);
  });

  it('describe details as the seed’s two keys, required, with room for a refusal’s own beside them', () => {
    const details = doc.components.schemas.ErrorBody.properties.details;
    expect(details.required).toEqual(['formErrors', 'fieldErrors']);
    expect(details.additionalProperties).not.toBe(false);
  });
});
