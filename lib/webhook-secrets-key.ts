import { Validations, type RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export interface WebhookSecretsKeyProps {
  /** Kept whenever the table is kept: without it, every sealed secret in the table is unopenable. */
  removalPolicy: RemovalPolicy;
  /** A kept key to use (its complete ARN) instead of making one: a stack re-created over a kept table. */
  existingSecretArn?: string;
}

/**
 * The key that seals webhook endpoints' signing secrets in the table (functions/core/secret-box.ts):
 * 64 random letters and digits made by Secrets Manager, never in the template or an environment. The
 * functions that seal or open secrets (creating an endpoint, rotating its secret, the sender) get the
 * secret's ARN as WEBHOOK_SECRETS_KEY_ARN and read its versions at run time (functions/data/secret-keys.ts),
 * so a new version put in the secret reaches them within minutes, with no deploy; each sealed value names
 * the version it was sealed under. A copy of the table alone reveals no secret.
 */
export class WebhookSecretsKey extends Construct {
  /** The environment of a function that seals or opens secrets. */
  readonly environment: Record<string, string>;
  /** What such a function's role may do: read this secret's versions, and no other secret. */
  readonly readStatement: PolicyStatement;
  /** The key's ARN (an output: what to re-attach, and what the rotation runbook names). */
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
    // The secret's name, not its value: the functions read the value (by version) when they run.
    this.environment = { WEBHOOK_SECRETS_KEY_ARN: secret.secretArn };
    // GetSecretValue alone (a version by id or by label needs nothing more); the default aws/secretsmanager KMS key needs no grant.
    this.readStatement = new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [secret.secretArn] });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SMG4',
      reason:
        'Rotated by hand (put-secret-value, the operations guide’s runbook), not by a rotation function: every sealed value names the key version it was sealed under, so old versions must stay readable and nothing is re-sealed. The secrets it seals are rotated by merchants (POST /v1/webhook-endpoints/{id}/rotate-secret).',
    });
  }
}
