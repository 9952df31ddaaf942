import { Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';

export interface WebhookSecretsKeyProps {
  /** Kept whenever the table is kept: without it, every sealed secret in the table is unopenable. */
  removalPolicy: RemovalPolicy;
  /** A kept key to use (its complete ARN) instead of making one: a stack re-created over a kept table. */
  existingSecretArn?: string;
}
import { Construct } from 'constructs';

/**
 * The key that seals webhook endpoints' signing secrets in the table (functions/core/secret-box.ts):
 * 64 random letters and digits made by Secrets Manager, never in the template. The functions that seal
 * or open secrets (creating an endpoint, rotating its secret, the sender) get it as WEBHOOK_SECRETS_KEY
 * through a dynamic reference, resolved by CloudFormation at deploy time, so a copy of the table alone
 * reveals no secret.
 */
export class WebhookSecretsKey extends Construct {
  /** The environment of a function that seals or opens secrets. */
  readonly environment: Record<string, string>;
  /** The key's ARN (an output: what to re-attach). */
  readonly secretArn: string;

  constructor(scope: Construct, id: string, props: WebhookSecretsKeyProps) {
    super(scope, id);
    const secret = props.existingSecretArn
      ? Secret.fromSecretCompleteArn(this, 'Kept', props.existingSecretArn)
      : new Secret(this, 'Secret', {
          description: 'Seals the signing secrets of webhook endpoints in the table (WEBHOOK_SECRETS_KEY)',
          generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
          removalPolicy: props.removalPolicy,
        });
    this.secretArn = secret.secretArn;
    // A dynamic reference ({{resolve:secretsmanager:…}}), not the value: the template never holds the key.
    this.environment = { WEBHOOK_SECRETS_KEY: secret.secretValue.unsafeUnwrap() };
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Rotating this key would leave every sealed signing secret unopenable; the secrets it seals are rotated by merchants (POST /v1/webhook-endpoints/{id}/rotate-secret). Changing it needs a re-seal of every endpoint, as the operations guide says.',
    });
  }
}
