import { Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The key that signs statement cursors (HMAC-SHA256, functions/schemas/ledger.schema.ts): 64 random
 * letters and digits made by Secrets Manager, never in the template or an environment. The one route
 * that makes and reads those cursors (GET /v1/ledger) gets the secret's ARN as CURSOR_SIGNING_KEY_ARN
 * and reads it at run time (functions/data/secret-keys.ts): it signs with the current version and
 * checks under the current and the previous one, so a new version reaches it within minutes, with no
 * deploy, and cursors clients hold across a rotation still work. Its own secret, so that route never
 * holds the key that opens webhook secrets.
 */
export class CursorSigningKey extends Construct {
  /** The environment of a function that signs or checks statement cursors. */
  readonly environment: Record<string, string>;
  /** What such a function's role may do: read this secret's versions, and no other secret. */
  readonly readStatement: PolicyStatement;
  /** The key's ARN (an output: what the rotation runbook names). */
  readonly secretArn: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const secret = new Secret(this, 'Secret', {
      description: 'Signs the statement cursors of GET /v1/ledger (CURSOR_SIGNING_KEY)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    this.secretArn = secret.secretArn;
    // The secret's name, not its value: the function reads the value (by version) when it runs.
    this.environment = { CURSOR_SIGNING_KEY_ARN: secret.secretArn };
    this.readStatement = new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Rotated by hand (put-secret-value, the operations guide’s runbook), not by a rotation function: the route checks cursors under the current and the previous version, so a rotation only ends cursors two rotations old (400; the client starts again from the first page).',
    });
  }
}
