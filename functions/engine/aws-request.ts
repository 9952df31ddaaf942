import { createHash, createHmac } from 'node:crypto';

/**
 * One signed POST to an AWS service's API (Signature Version 4), for the bell's two calls: Lambda's
 * Invoke and SQS's SendMessage. Not the SDK's clients: they would add about 95 KB to every worker's
 * bundle (the Lambda client 71, the SQS client 24), past the 350 KB budget (lib/bundling.ts); these
 * calls need a signature and a POST, nothing more. A test checks the signature against the SDK's signer.
 */

/** Credentials as Lambda gives a function its role's (its environment). */
export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
}

/** A request to sign: the service's signing name, its region, the URL, headers and body. */
export interface AwsRequest {
  service: string;
  region: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
}

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

// RFC 3986 encoding of one path segment, as SigV4 wants it (encoded twice for every service but S3).
const encode = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request's headers with its signature added (`host`, `x-amz-date`, the token, `authorization`). */
export function signRequest(request: AwsRequest, credentials: Credentials, at: Date): Record<string, string> {
  const amzDate = at.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value.trim()])),
    host: request.url.host,
    'x-amz-date': amzDate,
    ...(credentials.sessionToken && { 'x-amz-security-token': credentials.sessionToken }),
  };
  const names = Object.keys(headers).sort();
  const path =
    request.url.pathname
      .split('/')
      .map((segment) => encode(encode(decodeURIComponent(segment))))
      .join('/') || '/';
  const canonical = ['POST', path, '', ...names.map((name) => `${name}:${headers[name]}`), '', names.join(';'), sha256(request.body)].join('\n');
  const scope = `${day}/${request.region}/${request.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day);
  for (const part of [request.region, request.service, 'aws4_request']) key = hmac(key, part);
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** The function's role credentials, from its environment (what Lambda sets). */
export function environmentCredentials(env: NodeJS.ProcessEnv = process.env): Credentials {
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  return { accessKeyId, secretAccessKey, sessionToken };
}

/** How long one call may take before it fails (the bell's callers retry or leave it to the sweep). */
const CALL_TIMEOUT_MS = 3_000;

// One connection pool for the container's calls (taken as CommonJS takes it: see functions/node-http.ts).
const https = process.getBuiltinModule('node:https');
const agent = new https.Agent({ keepAlive: true });

/** Signs and sends a POST; resolves with the status, fails on a network error, a timeout or a status of 300 or more. */
export function awsPost(request: AwsRequest, credentials = environmentCredentials()): Promise<number> {
  const headers = signRequest(request, credentials, new Date());
  return new Promise((resolve, reject) => {
    const req = https.request(request.url, { method: 'POST', headers, agent, timeout: CALL_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status < 300) resolve(status);
        else reject(new Error(`${request.service} answered ${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, 500)}`));
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${request.service} did not answer within ${CALL_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}
