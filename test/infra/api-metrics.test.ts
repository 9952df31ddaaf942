import { describe, expect, it } from 'vitest';
import { STAGES, synth, type Resources } from './synth.ts';

// API Gateway's detailed (per-method) metrics are billed as custom metrics, five per method for every hour
// it is called (about US$ 60 a month with 41 routes in use) and no alarm reads them: a stage has them only
// when its deploy asks (-c detailedMetrics=true) (issue 34 §3). The stage's own metrics (count, 4XX, 5XX,
// latency per API and stage) come without them.

const stageMethodSettings = (resources: Resources) => {
  const stages = Object.values(resources).filter((resource) => resource.Type === 'AWS::ApiGateway::Stage');
  expect(stages).toHaveLength(1);
  return stages[0]!.Properties!.MethodSettings as Array<{ HttpMethod: string; ResourcePath: string; MetricsEnabled?: boolean }>;
};
const everyMethod = (settings: ReturnType<typeof stageMethodSettings>) =>
  settings.find((setting) => setting.HttpMethod === '*' && setting.ResourcePath === '/*');

describe('API Gateway detailed metrics', () => {
  it.each(Object.entries(STAGES))('are off in the %s stage unless asked for', (_name, props) => {
    const settings = stageMethodSettings(synth(props).resources);
    expect(everyMethod(settings)).toMatchObject({ MetricsEnabled: false });
    expect(settings.filter((setting) => setting.MetricsEnabled === true)).toEqual([]);
  });

  it('are on for every method when the deploy asks for them', () => {
    expect(everyMethod(stageMethodSettings(synth({ ...STAGES.dev, detailedMetrics: true }).resources))).toMatchObject({ MetricsEnabled: true });
  });
});
