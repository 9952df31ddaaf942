import type { Duration } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { FunctionSpec } from './functions.ts';
import { bundlingOf } from './bundling.ts';

export interface ServiceFunctionProps extends FunctionSpec {
  description: string;
  table: TableV2;
  /** Its kind's role (lib/function-roles.ts): the table exactly as lib/access.ts lists, its log group, X-Ray. */
  role: IRole;
  /** Where it logs: the group every function shares. */
  logGroup: ILogGroup;
  stage: string;
  logLevel: string;
  timeout: Duration;
  /** Executions reserved for it (and its ceiling); none by default, so it deploys to a new account. */
  reservedConcurrency?: number;
  /** X-Ray: every function traces its invocations (ACTIVE) unless told otherwise. */
  tracing?: Tracing;
  environment?: Record<string, string>;
  /** Its name in Lambda (the API's functions: apiFunctionName); CloudFormation generates one otherwise. */
  functionName?: string;
}

/**
 * One of the service's functions: Node.js 24 on arm64, bundled as lib/bundling.ts says, with its
 * kind's role and the log group it is given.
 *
 * 512 MB: Lambda gives CPU in proportion to memory and cold starts (loading the SDK and the handler)
 * are CPU-bound; 512 MB roughly halves a cold start against 128 MB for pennies a month at this traffic.
 */
export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.fn = new NodejsFunction(this, 'Function', {
      role: props.role,
      entry: new URL(`../functions/${props.handler}.ts`, import.meta.url).pathname,
      handler: 'handler',
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout,
      tracing: props.tracing ?? Tracing.ACTIVE,
      logGroup: props.logGroup,
      bundling: bundlingOf(props.name),
      reservedConcurrentExecutions: props.reservedConcurrency,
      functionName: props.functionName,
      environment: {
        TABLE_NAME: props.table.tableName,
        LOG_LEVEL: props.logLevel,
        POWERTOOLS_SERVICE_NAME: 'delivery-api',
        // Every log line carries its stage, which the custom metrics take as their Stage dimension.
        STAGE: props.stage,
        ...props.environment,
      },
      description: props.description,
    });
  }
}
