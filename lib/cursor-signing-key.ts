import { Validations } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * The key that signs statement cursors (HMAC-SHA256, functions/schemas/ledger.schema.ts): 64 random
 * letters and digits made by Secrets Manager, never in the template. The one route that makes and reads
 * those cursors (GET /v1/ledger) gets it as CURSOR_SIGNING_KEY through a dynamic reference, resolved by
 * CloudFormation at deploy time. Its own secret, so that route never holds the key that opens webhook
 * secrets.
 */
export class CursorSigningKey extends Construct {
  /** The environment of a function that signs or checks statement cursors. */
  readonly environment: Record<string, string>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const secret = new Secret(this, 'Secret', {
      description: 'Signs the statement cursors of GET /v1/ledger (CURSOR_SIGNING_KEY)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    // A dynamic reference ({{resolve:secretsmanager:…}}), not the value: the template never holds the key.
    this.environment = { CURSOR_SIGNING_KEY: secret.secretValue.unsafeUnwrap() };
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'A new key only makes the statement cursors clients hold at that moment invalid (400; they start again from the first page), so it may be changed by a deploy with a new value, as the operations guide says; no automatic rotation is needed.',
    });
  }
}
