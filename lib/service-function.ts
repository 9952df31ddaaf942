import type { Duration } from 'aws-cdk-lib';
import { Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ACCESS } from './access.ts';
import type { FunctionSpec } from './functions.ts';
import { BUNDLING } from './bundling.ts';

export interface ServiceFunctionProps extends FunctionSpec {
  description: string;
  table: TableV2;
  logRetention: RetentionDays;
  logLevel: string;
  timeout: Duration;
  environment?: Record<string, string>;
}

/**
 * One of the service's functions: Node.js 24 on arm64, bundled as lib/bundling.ts says, with its own
 * log group and its own role, which may write only to that log group and use the table exactly as
 * lib/access.ts lists for its handler.
 *
 * 512 MB: Lambda gives CPU in proportion to memory and cold starts (loading the SDK and the handler)
 * are CPU-bound; 512 MB roughly halves a cold start against 128 MB for pennies a month at this traffic.
 */
export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const access = ACCESS[props.access];
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention });
    this.logGroup = logGroup;
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com'), description: props.description });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    this.fn = new NodejsFunction(this, 'Function', {
      role,
      entry: new URL(`../functions/${props.handler}.ts`, import.meta.url).pathname,
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout,
      tracing: Tracing.ACTIVE,
      logGroup,
      bundling: BUNDLING,
      environment: {
        TABLE_NAME: props.table.tableName,
        LOG_LEVEL: props.logLevel,
        POWERTOOLS_SERVICE_NAME: 'delivery-api',
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      description: props.description,
    });
    const { table } = props;
    this.fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: access.table,
        resources: [table.tableArn],
        ...(access.leadingKeys && { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.leadingKeys } } }),
      }),
    );
    if (access.index)
      this.fn.addToRolePolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: access.index, resources: [`${table.tableArn}/index/GSI1`] }));
    if (access.updates !== 'none') {
      this.fn.addToRolePolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:UpdateItem'],
          resources: [table.tableArn],
          ...(Array.isArray(access.updates) && {
            conditions: {
              'ForAllValues:StringEquals': { 'dynamodb:Attributes': access.updates },
              StringEqualsIfExists: { 'dynamodb:ReturnValues': ['NONE', 'UPDATED_OLD', 'UPDATED_NEW'] },
            },
          }),
        }),
      );
    }
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (xray:PutTraceSegments, xray:PutTelemetryRecords) supports no resource-level permissions; every other statement of this role names its log group, the table or its index.',
    });
  }
}
