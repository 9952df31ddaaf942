/** Credentials as the SDK takes them. */
interface AwsCredentialIdentity {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/**
 * What a deployed function's DynamoDB client takes its credentials from, in place of the SDK's
 * default chain (SSO, STS web identity, INI files, IMDS, the process provider…): Lambda puts the
 * function's role credentials in its environment, and that is all a function needs. The bundler
 * swaps this in for `@aws-sdk/credential-provider-node` (lib/bundling.ts), which drops the chain's
 * clients from every bundle (about 85 KB); the local server and the tests keep the SDK's own chain.
 */
export function defaultProvider(): () => Promise<AwsCredentialIdentity> {
  return async () => {
    const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
    if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
    return { accessKeyId, secretAccessKey, ...(sessionToken && { sessionToken }) };
  };
}
