import { describe, expect, it } from 'vitest';
import { defaultProvider } from '../../functions/data/lambda-credentials.ts';

const ENV = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;

// Runs `work` with these AWS variables (and none of the others), then puts the environment back.
async function withEnv<T>(values: Partial<Record<(typeof ENV)[number], string>>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));
  for (const name of ENV) delete process.env[name];
  Object.assign(process.env, values);
  try {
    return await work();
  } finally {
    for (const name of ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  }
}

describe('the deployed functions’ credentials', () => {
  it('are the role credentials Lambda puts in the environment, session token included', async () => {
    const credentials = await withEnv({ AWS_ACCESS_KEY_ID: 'ASIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_SESSION_TOKEN: 'token' }, () =>
      defaultProvider()(),
    );

    expect(credentials).toEqual({ accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret', sessionToken: 'token' });
  });

  it('leave out a session token the environment does not have', async () => {
    const credentials = await withEnv({ AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret' }, () => defaultProvider()());

    expect(credentials).toEqual({ accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' });
  });

  it('fail with the variables’ names when the environment has none', async () => {
    await expect(withEnv({}, () => defaultProvider()())).rejects.toThrow('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  });
});
