import { Validations } from 'aws-cdk-lib';
import type { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal, type IRole } from 'aws-cdk-lib/aws-iam';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { TableAccessKind } from '../functions/http/routes.ts';
import { ACCESS } from './access.ts';

/**
 * One role per kind of function (lib/access.ts), shared by the functions of that kind: they may do
 * exactly the same to the table, so one role says it once. Its policy is inline (no separate policy
 * resource), and the functions get the role as immutable, so nothing is added to it behind this
 * construct's back: the table's statements, the log groups of its functions, X-Ray, and what `allow`
 * adds for the engine's functions (lib/engine.ts).
 */
export class FunctionRoles extends Construct {
  private readonly roles = new Map<TableAccessKind, { role: IRole; logs: PolicyStatement; document: PolicyDocument; groups: Set<ILogGroup> }>();
  private readonly table: TableV2;

  constructor(scope: Construct, id: string, table: TableV2) {
    super(scope, id);
    this.table = table;
  }

  /** The role of a kind of function, which may also write to `logGroup`. */
  roleFor(kind: TableAccessKind, logGroup: ILogGroup): IRole {
    const existing = this.roles.get(kind) ?? this.create(kind);
    if (!existing.groups.has(logGroup)) {
      existing.groups.add(logGroup);
      existing.logs.addResources(logGroup.logGroupArn);
    }
    return existing.role;
  }

  /**
   * Adds statements beyond the table to a kind's inline policy: what the engine's functions do to each
   * other (invoke a worker, send an alarm, read the stream or the alarm queue). Only for a kind one
   * function has, so the statements name exactly what that function touches.
   */
  allow(kind: TableAccessKind, ...statements: PolicyStatement[]): void {
    const entry = this.roles.get(kind);
    if (!entry) throw new Error(`No role of kind ${kind} yet: ask for it (roleFor) before allowing it more`);
    entry.document.addStatements(...statements);
  }

  private create(kind: TableAccessKind) {
    const access = ACCESS[kind];
    const { table } = this;
    const logs = new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'] });
    const statements = [logs, new PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] })];
    // A kind that touches no item (the engine's doorbell) gets no table statement at all.
    if (access.table.length > 0)
      statements.push(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: access.table,
          resources: [table.tableArn],
          ...(access.leadingKeys && { conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': access.leadingKeys } } }),
        }),
      );
    if (access.index) statements.push(new PolicyStatement({ effect: Effect.ALLOW, actions: access.index, resources: [`${table.tableArn}/index/GSI1`] }));
    if (access.updates !== 'none') {
      statements.push(
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
    const document = new PolicyDocument({ statements });
    const role = new Role(
      this,
      kind.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase()),
      {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Functions of kind ${kind} (lib/access.ts)`,
        inlinePolicies: { Access: document },
      },
    );
    Validations.of(role).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (xray:PutTraceSegments, xray:PutTelemetryRecords) and, for the doorbell’s stream poller, dynamodb:ListStreams support no resource-level permissions; every other statement of this role names its log groups, the table, its index or stream, the alarm queue or the functions it invokes.',
    });
    const entry = { role: role.withoutPolicyUpdates(), logs, document, groups: new Set<ILogGroup>() };
    this.roles.set(kind, entry);
    return entry;
  }
}
