import type { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, Billing, ProjectionType, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { TABLE } from '../functions/data/table.ts';

export interface DataTableProps {
  /** What happens to the table when the stack goes or replaces it (kept outside dev stages). */
  removalPolicy: RemovalPolicy;
  /** Refuse DeleteTable itself (outside dev stages). */
  deletionProtection: boolean;
}

/** The single table, built from the same definition the local runtime and the tests use. */
export class DataTable extends Construct {
  readonly table: TableV2;

  constructor(scope: Construct, id: string, props: DataTableProps) {
    super(scope, id);
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      timeToLiveAttribute: TABLE.ttlAttribute,
      // The engine's doorbell reads it (lib/engine.ts): the new image says what a write made due.
      dynamoStream: StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: TableEncryptionV2.awsManagedKey(),
      deletionProtection: props.deletionProtection,
      removalPolicy: props.removalPolicy,
      globalSecondaryIndexes: TABLE.globalSecondaryIndexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: index.projection === 'KEYS_ONLY' ? ProjectionType.KEYS_ONLY : ProjectionType.ALL,
      })),
    });
  }
}
