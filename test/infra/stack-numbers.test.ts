import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEPLOYED_FUNCTIONS, DOORBELL, WORKER_FUNCTIONS } from '../../lib/functions.ts';
import { STAGES, synth, type Resources } from './synth.ts';

// docs/operations.md's "What the stack holds" says how many resources and functions the stack has
// (issue 34 §6: its 226 had gone stale). This holds the sentence to the synthesised templates.

const OPERATIONS = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
const SENTENCE =
  /the stack has (\d+) of CloudFormation's 500 resources in `dev`, (\d+) in `prod`, with (\d+) functions: (\d+) for the API and (\d+) for the engine/;
const functionsOf = (resources: Resources) => Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::Function').length;

describe('docs/operations.md’s numbers of the stack', () => {
  it('are the synthesised templates’ resource and function counts', () => {
    const match = SENTENCE.exec(OPERATIONS);
    expect(match, 'the sentence in "What the stack holds"').not.toBeNull();
    const [, dev, prod, functions, api, engine] = match!.map(Number);
    const templates = { dev: synth(STAGES.dev).resources, prod: synth(STAGES.prod).resources };
    const engineFunctions = [DOORBELL, ...Object.values(WORKER_FUNCTIONS)].length;

    expect({ dev, prod, functions, api, engine }).toEqual({
      dev: Object.keys(templates.dev).length,
      prod: Object.keys(templates.prod).length,
      functions: functionsOf(templates.dev),
      api: DEPLOYED_FUNCTIONS.length - engineFunctions,
      engine: engineFunctions,
    });
    expect(functionsOf(templates.prod)).toBe(functions);
  }, 120_000);
});
