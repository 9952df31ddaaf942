/**
 * A release's template in brief, for the upgrade test (test/infra/upgrade.test.ts): every resource's
 * logical id and type, and for the resources that hold data or are known from outside (the table, log
 * groups, secrets, the API and its stage, the usage plan the admin CLI attaches store keys to, the KMS
 * key, queues, the alarm topic) the properties whose change makes CloudFormation replace them, as
 * @aws-cdk/aws-service-spec marks them (its `causesReplacement`, from the CloudFormation registry).
 *
 * Written once from a release (before a change to the stack):
 *   npm exec -- node test/infra/release-fixture.ts <short sha>   → test/infra/fixtures/release-<sha>.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { STAGES, synth, type Resources } from './synth.ts';

/** The types whose replacement loses data, or a name or address someone outside the stack holds. */
export const STATEFUL_TYPES = [
  'AWS::DynamoDB::GlobalTable',
  'AWS::DynamoDB::Table',
  'AWS::Logs::LogGroup',
  'AWS::SecretsManager::Secret',
  'AWS::ApiGateway::RestApi',
  'AWS::ApiGateway::Stage',
  'AWS::ApiGateway::UsagePlan',
  'AWS::ApiGateway::ApiKey',
  'AWS::KMS::Key',
  'AWS::SQS::Queue',
  'AWS::SNS::Topic',
] as const;

/** One resource in brief: its type, and (stateful types) the values of its replacing properties. */
export interface ResourceBrief {
  type: string;
  replacing?: Record<string, unknown>;
}

/** A release in brief: by stage (test/infra/synth.ts's STAGES), by logical id. */
export interface ReleaseFixture {
  release: string;
  stages: Record<string, Record<string, ResourceBrief>>;
}

interface SpecResource {
  cloudFormationType: string;
  properties: Record<string, { causesReplacement?: 'yes' | 'maybe' }>;
}

let replacing: Map<string, string[]> | undefined;
/** The properties of a type whose change replaces the resource (yes or maybe), from CloudFormation's registry schemas. */
export function replacingProperties(type: string): string[] {
  if (!replacing) {
    const file = createRequire(import.meta.url).resolve('@aws-cdk/aws-service-spec/db.json.gz');
    const db = JSON.parse(gunzipSync(readFileSync(file)).toString()) as { schema: { resource: { entities: SpecResource[] } } };
    replacing = new Map(
      db.schema.resource.entities.map((resource) => [
        resource.cloudFormationType,
        Object.entries(resource.properties)
          .filter(([, property]) => property.causesReplacement !== undefined)
          .map(([name]) => name)
          .sort(),
      ]),
    );
  }
  return replacing.get(type) ?? [];
}

/** A synthesised template's resources in brief. */
export function briefOf(resources: Resources): Record<string, ResourceBrief> {
  return Object.fromEntries(
    Object.entries(resources)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, resource]) => {
        if (!(STATEFUL_TYPES as readonly string[]).includes(resource.Type)) return [id, { type: resource.Type }];
        const properties = resource.Properties ?? {};
        return [id, { type: resource.Type, replacing: Object.fromEntries(replacingProperties(resource.Type).map((name) => [name, properties[name] ?? null])) }];
      }),
  );
}

/** The stack of each stage the tests synthesise, in brief. */
export function releaseBrief(release: string): ReleaseFixture {
  return { release, stages: Object.fromEntries(Object.entries(STAGES).map(([name, props]) => [name, briefOf(synth(props).resources)])) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const release = process.argv[2];
  if (!release) throw new Error('usage: release-fixture.ts <short sha of the release>');
  const file = new URL(`fixtures/release-${release}.json`, import.meta.url);
  // One line a resource, so a later fixture's diff against this one reads resource by resource.
  const { stages } = releaseBrief(release);
  const stage = (resources: Record<string, ResourceBrief>) =>
    Object.entries(resources)
      .map(([id, brief]) => `    ${JSON.stringify(id)}: ${JSON.stringify(brief)}`)
      .join(',\n');
  const body = Object.entries(stages)
    .map(([name, resources]) => `  ${JSON.stringify(name)}: {\n${stage(resources)}\n  }`)
    .join(',\n');
  writeFileSync(file, `{\n "release": ${JSON.stringify(release)},\n "stages": {\n${body}\n }\n}\n`);
  console.log(`wrote ${file.pathname}`);
}
