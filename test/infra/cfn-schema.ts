import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';

/**
 * Checks a synthesised template against CloudFormation's resource schemas as @aws-cdk/aws-service-spec
 * ships them (the database CDK generates its L1 classes from, built from the CloudFormation registry's
 * schemas): every resource type exists; every property is one the type has and not one CloudFormation
 * only reports (read-only); every required property is there; every value has the property's type,
 * down through nested types, arrays, maps and unions. The database keeps names, types and required
 * flags but not the registry's enums, patterns and lengths: those CloudFormation or the service checks
 * at create time are in DOCUMENTED_CONSTRAINTS below, for the properties this stack sets, each from its
 * resource's reference page.
 */

type SpecType =
  | { type: 'string' | 'integer' | 'number' | 'boolean' | 'json' | 'date-time' | 'tag' | 'null' }
  | { type: 'array' | 'map'; element: SpecType }
  | { type: 'ref'; reference: { $ref: string } }
  | { type: 'union'; types: SpecType[] };
interface SpecProperty {
  type: SpecType;
  required?: boolean;
  deprecated?: string;
  previousTypes?: SpecType[];
}
interface SpecResource {
  cloudFormationType: string;
  properties: Record<string, SpecProperty>;
  attributes: Record<string, unknown>;
}
interface SpecTypeDefinition {
  name: string;
  properties: Record<string, SpecProperty>;
}

export interface Finding {
  resource: string;
  path: string;
  message: string;
}

/** A string property's documented rule, beyond its type: allowed values, a pattern, a length. */
interface Constraint {
  enum?: readonly string[];
  pattern?: RegExp;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

const PRINTABLE_LATIN1 = /^[\t\n\r\x20-\x7E\xA1-\xFF]*$/u;
const WAF_METRIC_NAME = /^[\w#:.\-/]+$/;
const WAF_NAME = /^[\w-]+$/;

/**
 * The documented enums, patterns and lengths of the properties this stack sets, by resource type and
 * property path (`[]` an array's element, `{}` a map's value), from each type's page in the
 * CloudFormation template reference (and the service's API reference where the page defers to it).
 */
export const DOCUMENTED_CONSTRAINTS: Record<string, Record<string, Constraint>> = {
  'AWS::CloudWatch::Alarm': {
    AlarmDescription: { maxLength: 1024 },
    ComparisonOperator: {
      enum: [
        'GreaterThanOrEqualToThreshold',
        'GreaterThanThreshold',
        'LessThanThreshold',
        'LessThanOrEqualToThreshold',
        'LessThanLowerOrGreaterThanUpperThreshold',
        'LessThanLowerThreshold',
        'GreaterThanUpperThreshold',
      ],
    },
    TreatMissingData: { enum: ['breaching', 'notBreaching', 'ignore', 'missing'] },
    Statistic: { enum: ['SampleCount', 'Average', 'Sum', 'Minimum', 'Maximum'] },
    ExtendedStatistic: { pattern: /^(p|tm|tc|ts|wm|PR|TM|TC|TS)\(?[\d.:%]+\)?$/ },
    Period: { minimum: 10 },
    EvaluationPeriods: { minimum: 1 },
    DatapointsToAlarm: { minimum: 1 },
    'AlarmActions[]': { maxLength: 1024 },
    'Metrics[].Id': { pattern: /^[a-z][A-Za-z0-9_]*$/, maxLength: 255 },
    'Metrics[].Expression': { minLength: 1, maxLength: 2048 },
    'Metrics[].Label': { maxLength: 1024 },
    'Metrics[].MetricStat.Stat': { pattern: /^(SampleCount|Average|Sum|Minimum|Maximum|p\d+(\.\d+)?)$/ },
    'Metrics[].MetricStat.Period': { minimum: 10 },
    'Metrics[].MetricStat.Metric.Dimensions[].Name': { minLength: 1, maxLength: 255 },
    'Metrics[].MetricStat.Metric.Dimensions[].Value': { minLength: 1, maxLength: 1024 },
    'Dimensions[].Name': { minLength: 1, maxLength: 255 },
    'Dimensions[].Value': { minLength: 1, maxLength: 1024 },
  },
  'AWS::Lambda::Function': {
    Description: { maxLength: 256 },
    Handler: { maxLength: 128, pattern: /^[^\s]+$/ },
    Runtime: { pattern: /^nodejs\d+\.x$/ },
    MemorySize: { minimum: 128, maximum: 10240 },
    Timeout: { minimum: 1, maximum: 900 },
    ReservedConcurrentExecutions: { minimum: 0 },
    'Architectures[]': { enum: ['x86_64', 'arm64'] },
    'TracingConfig.Mode': { enum: ['Active', 'PassThrough'] },
    'LoggingConfig.LogFormat': { enum: ['Text', 'JSON'] },
    'Environment.Variables{}': { maxLength: 4096 },
  },
  'AWS::Lambda::EventInvokeConfig': { MaximumRetryAttempts: { minimum: 0, maximum: 2 }, MaximumEventAgeInSeconds: { minimum: 60, maximum: 21600 } },
  'AWS::Lambda::Permission': { Action: { pattern: /^(lambda:[*]|lambda:[a-zA-Z]+|[*])$/ } },
  'AWS::IAM::Role': { Description: { maxLength: 1000, pattern: PRINTABLE_LATIN1 }, MaxSessionDuration: { minimum: 3600, maximum: 43200 } },
  'AWS::Logs::LogGroup': {
    RetentionInDays: {
      enum: [
        '1',
        '3',
        '5',
        '7',
        '14',
        '30',
        '60',
        '90',
        '120',
        '150',
        '180',
        '365',
        '400',
        '545',
        '731',
        '1096',
        '1827',
        '2192',
        '2557',
        '2922',
        '3288',
        '3653',
      ],
    },
    LogGroupName: { minLength: 1, maxLength: 512, pattern: /^[.\-_/#A-Za-z0-9{}$]+$/ },
    LogGroupClass: { enum: ['STANDARD', 'INFREQUENT_ACCESS', 'DELIVERY'] },
  },
  'AWS::Logs::MetricFilter': {
    FilterPattern: { maxLength: 1024 },
    'MetricTransformations[].MetricName': { maxLength: 255, pattern: /^[^:*$]*$/ },
    'MetricTransformations[].MetricNamespace': { maxLength: 255, pattern: /^[^:*$]*$/ },
  },
  'AWS::Events::Rule': { Description: { maxLength: 512 }, State: { enum: ['DISABLED', 'ENABLED', 'ENABLED_WITH_ALL_CLOUDTRAIL_MANAGEMENT_EVENTS'] } },
  'AWS::SNS::Topic': { DisplayName: { maxLength: 100 } },
  'AWS::SNS::Subscription': { Protocol: { enum: ['http', 'https', 'email', 'email-json', 'sms', 'sqs', 'application', 'lambda', 'firehose'] } },
  'AWS::SecretsManager::Secret': { Description: { maxLength: 2048 }, 'GenerateSecretString.PasswordLength': { minimum: 1, maximum: 4096 } },
  'AWS::KMS::Key': { Description: { maxLength: 8192 }, KeySpec: { enum: ['SYMMETRIC_DEFAULT'] }, PendingWindowInDays: { minimum: 7, maximum: 30 } },
  'AWS::ApiGateway::RestApi': {
    ApiKeySourceType: { enum: ['HEADER', 'AUTHORIZER'] },
    'EndpointConfiguration.Types[]': { enum: ['EDGE', 'REGIONAL', 'PRIVATE'] },
  },
  'AWS::ApiGateway::Stage': {
    StageName: { pattern: /^[a-zA-Z0-9_]+$/, maxLength: 128 },
    'MethodSettings[].LoggingLevel': { enum: ['OFF', 'ERROR', 'INFO'] },
    'MethodSettings[].HttpMethod': { enum: ['*', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] },
    'AccessLogSetting.Format': { maxLength: 4096 },
  },
  'AWS::ApiGateway::Method': {
    HttpMethod: { enum: ['ANY', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] },
    AuthorizationType: { enum: ['NONE', 'AWS_IAM', 'CUSTOM', 'COGNITO_USER_POOLS'] },
    'Integration.Type': { enum: ['AWS', 'AWS_PROXY', 'HTTP', 'HTTP_PROXY', 'MOCK'] },
    'Integration.PassthroughBehavior': { enum: ['WHEN_NO_MATCH', 'WHEN_NO_TEMPLATES', 'NEVER'] },
    'Integration.IntegrationResponses[].StatusCode': { pattern: /^[1-5]\d\d$/ },
    'MethodResponses[].StatusCode': { pattern: /^[1-5]\d\d$/ },
  },
  'AWS::ApiGateway::Resource': { PathPart: { pattern: /^([A-Za-z0-9._~:@!$&'()*+,;=-]+|\{[A-Za-z0-9._-]+\+?\})$/ } },
  'AWS::ApiGateway::GatewayResponse': { StatusCode: { pattern: /^[1-5]\d\d$/ } },
  'AWS::ApiGateway::Authorizer': {
    Type: { enum: ['TOKEN', 'REQUEST', 'COGNITO_USER_POOLS'] },
    AuthorizerResultTtlInSeconds: { minimum: 0, maximum: 3600 },
  },
  'AWS::ApiGateway::UsagePlan': { 'Throttle.BurstLimit': { minimum: 0 }, 'Throttle.RateLimit': { minimum: 0 } },
  'AWS::WAFv2::WebACL': {
    Scope: { enum: ['CLOUDFRONT', 'REGIONAL'] },
    Name: { minLength: 1, maxLength: 128, pattern: WAF_NAME },
    'Rules[].Name': { minLength: 1, maxLength: 128, pattern: WAF_NAME },
    'Rules[].VisibilityConfig.MetricName': { minLength: 1, maxLength: 255, pattern: WAF_METRIC_NAME },
    'VisibilityConfig.MetricName': { minLength: 1, maxLength: 255, pattern: WAF_METRIC_NAME },
    'Rules[].Statement.RateBasedStatement.Limit': { minimum: 10, maximum: 2000000000 },
    'Rules[].Statement.RateBasedStatement.AggregateKeyType': { enum: ['IP', 'FORWARDED_IP', 'CUSTOM_KEYS', 'CONSTANT'] },
    'Rules[].Action.Block.CustomResponse.ResponseCode': { minimum: 200, maximum: 599 },
    'CustomResponseBodies{}.ContentType': { enum: ['TEXT_PLAIN', 'TEXT_HTML', 'APPLICATION_JSON'] },
    'CustomResponseBodies{}.Content': { minLength: 1, maxLength: 10240 },
  },
  'AWS::WAFv2::LoggingConfiguration': { 'LogDestinationConfigs[]': { minLength: 1 } },
  'AWS::DynamoDB::GlobalTable': {
    BillingMode: { enum: ['PROVISIONED', 'PAY_PER_REQUEST'] },
    'KeySchema[].KeyType': { enum: ['HASH', 'RANGE'] },
    'AttributeDefinitions[].AttributeType': { enum: ['S', 'N', 'B'] },
    'GlobalSecondaryIndexes[].Projection.ProjectionType': { enum: ['KEYS_ONLY', 'INCLUDE', 'ALL'] },
    'GlobalSecondaryIndexes[].IndexName': { minLength: 3, maxLength: 255, pattern: /^[a-zA-Z0-9_.-]+$/ },
  },
};

const DELETION_POLICIES = ['Delete', 'Retain', 'RetainExceptOnCreate', 'Snapshot'];
const UPDATE_REPLACE_POLICIES = ['Delete', 'Retain', 'Snapshot'];
const RESOURCE_KEYS = new Set([
  'Type',
  'Properties',
  'DependsOn',
  'DeletionPolicy',
  'UpdateReplacePolicy',
  'Metadata',
  'Condition',
  'UpdatePolicy',
  'CreationPolicy',
]);

let spec: { resources: Map<string, SpecResource>; types: Map<string, SpecTypeDefinition> } | undefined;

function loadSpec() {
  if (spec) return spec;
  const require = createRequire(import.meta.url);
  const file = require.resolve('@aws-cdk/aws-service-spec/db.json.gz');
  const db = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
    schema: { resource: { entities: Array<SpecResource & { $id: string }> }; typeDefinition: { entities: Array<SpecTypeDefinition & { $id: string }> } };
  };
  spec = {
    resources: new Map(db.schema.resource.entities.map((resource) => [resource.cloudFormationType, resource])),
    types: new Map(db.schema.typeDefinition.entities.map((type) => [type.$id, type])),
  };
  return spec;
}

/** An intrinsic function ({"Ref": …}, {"Fn::GetAtt": …}, …): its value is known at deploy time only. */
function isIntrinsic(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0]!.startsWith('Fn::'));
}

/** Checks every resource of a template; returns what CloudFormation would refuse (errors) and what it would only warn of. */
export function validateTemplate(template: { Resources: Record<string, Record<string, unknown>> }): { errors: Finding[]; warnings: Finding[] } {
  const { resources, types } = loadSpec();
  const errors: Finding[] = [];
  const warnings: Finding[] = [];

  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    const error = (path: string, message: string) => errors.push({ resource: logicalId, path, message });
    const type = resource.Type as string;
    for (const key of Object.keys(resource)) if (!RESOURCE_KEYS.has(key)) error(key, `"${key}" is not a resource attribute`);
    if (resource.DeletionPolicy !== undefined && !DELETION_POLICIES.includes(resource.DeletionPolicy as string))
      error('DeletionPolicy', `"${String(resource.DeletionPolicy)}" is not a deletion policy`);
    if (resource.UpdateReplacePolicy !== undefined && !UPDATE_REPLACE_POLICIES.includes(resource.UpdateReplacePolicy as string))
      error('UpdateReplacePolicy', `"${String(resource.UpdateReplacePolicy)}" is not an update-replace policy`);
    if (type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource') continue;
    const schema = resources.get(type);
    if (!schema) {
      error('Type', `${type} is not a CloudFormation resource type`);
      continue;
    }
    const constraints = DOCUMENTED_CONSTRAINTS[type] ?? {};

    const checkValue = (value: unknown, specType: SpecType, path: string, rule: string): void => {
      if (isIntrinsic(value)) return;
      const constraint = constraints[rule];
      if (constraint) checkConstraint(value, constraint, path, (message) => error(path, message));
      switch (specType.type) {
        case 'string':
        case 'date-time':
          // CloudFormation turns a number or boolean given for a string into its text.
          if (typeof value === 'number' || typeof value === 'boolean')
            warnings.push({ resource: logicalId, path, message: `a ${typeof value} where a string is expected` });
          else if (typeof value !== 'string') error(path, `expected a string, got ${JSON.stringify(value)}`);
          return;
        case 'integer':
          if (!(Number.isInteger(value) || (typeof value === 'string' && /^-?\d+$/.test(value))))
            error(path, `expected an integer, got ${JSON.stringify(value)}`);
          return;
        case 'number':
          if (!(typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)))))
            error(path, `expected a number, got ${JSON.stringify(value)}`);
          return;
        case 'boolean':
          if (!(typeof value === 'boolean' || value === 'true' || value === 'false')) error(path, `expected a boolean, got ${JSON.stringify(value)}`);
          return;
        case 'json':
          if (typeof value !== 'object' && typeof value !== 'string') error(path, `expected a JSON object, got ${JSON.stringify(value)}`);
          return;
        case 'null':
          return;
        case 'tag': {
          const tag = value as Record<string, unknown>;
          if (typeof tag !== 'object' || tag === null || typeof tag.Key !== 'string' || !('Value' in tag)) error(path, 'expected a tag {Key, Value}');
          return;
        }
        case 'array':
          if (!Array.isArray(value)) return void error(path, `expected an array, got ${JSON.stringify(value)}`);
          value.forEach((element, i) => checkValue(element, specType.element, `${path}[${i}]`, `${rule}[]`));
          return;
        case 'map':
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return void error(path, `expected a map, got ${JSON.stringify(value)}`);
          for (const [key, element] of Object.entries(value)) checkValue(element, specType.element, `${path}.${key}`, `${rule}{}`);
          return;
        case 'ref': {
          const definition = types.get(specType.reference.$ref);
          if (!definition) return void error(path, `the schema names an unknown type ${specType.reference.$ref}`);
          if (typeof value !== 'object' || value === null || Array.isArray(value))
            return void error(path, `expected a ${definition.name} object, got ${JSON.stringify(value)}`);
          checkObject(value as Record<string, unknown>, definition.properties, path, rule);
          return;
        }
        case 'union': {
          // One of the kinds must fit: try each, keeping the findings of none.
          const before = errors.length;
          for (const option of specType.types) {
            const mark = errors.length;
            checkValue(value, option, path, rule);
            if (errors.length === mark) {
              errors.length = before;
              return;
            }
          }
          errors.splice(before, errors.length - before, {
            resource: logicalId,
            path,
            message: `fits none of the kinds ${specType.types.map((t) => t.type).join(', ')}`,
          });
          return;
        }
      }
    };

    const checkObject = (value: Record<string, unknown>, properties: Record<string, SpecProperty>, path: string, rule: string) => {
      const prefix = (name: string) => (path ? `${path}.${name}` : name);
      const rulePrefix = (name: string) => (rule ? `${rule}.${name}` : name);
      for (const [name, property] of Object.entries(properties))
        if (property.required && value[name] === undefined) error(prefix(name), 'a required property is missing');
      for (const [name, propertyValue] of Object.entries(value)) {
        const property = properties[name];
        if (!property) {
          const readOnly = path === '' && name in schema.attributes;
          error(
            prefix(name),
            readOnly ? 'a read-only property (CloudFormation reports it; a template cannot set it)' : `not a property of ${type}${path ? ` (${path})` : ''}`,
          );
          continue;
        }
        if (property.deprecated) warnings.push({ resource: logicalId, path: prefix(name), message: `deprecated: ${property.deprecated}` });
        checkValue(propertyValue, property.type, prefix(name), rulePrefix(name));
      }
    };

    checkObject((resource.Properties ?? {}) as Record<string, unknown>, schema.properties, '', '');
  }
  return { errors, warnings };
}

function checkConstraint(value: unknown, constraint: Constraint, _path: string, error: (message: string) => void) {
  if (typeof value === 'string' || typeof value === 'number') {
    const text = String(value);
    if (constraint.enum && !constraint.enum.includes(text)) error(`"${text}" is not one of ${constraint.enum.join(', ')}`);
    if (typeof value === 'string') {
      if (constraint.pattern && !constraint.pattern.test(value)) error(`"${value}" does not match ${String(constraint.pattern)}`);
      if (constraint.minLength !== undefined && value.length < constraint.minLength) error(`shorter than ${constraint.minLength} characters`);
      if (constraint.maxLength !== undefined && value.length > constraint.maxLength) error(`longer than ${constraint.maxLength} characters (${value.length})`);
    }
    const number = Number(value);
    if (constraint.minimum !== undefined && number < constraint.minimum) error(`${text} is below the minimum ${constraint.minimum}`);
    if (constraint.maximum !== undefined && number > constraint.maximum) error(`${text} is above the maximum ${constraint.maximum}`);
  }
}
