import { describe, expect, it } from 'vitest';
import { DEFAULT_REGION, configuredRegion, deployRegion } from '../../bin/region.ts';
import { synthApp } from './synth.ts';

describe('the deploy region', () => {
  it('is ap-south-1 unless the command names another; a CLI set to another region is refused unless the command names one', () => {
    const none = () => undefined;

    expect(deployRegion(undefined, {}, none)).toBe(DEFAULT_REGION);
    expect(deployRegion(undefined, { AWS_REGION: 'ap-south-1' }, none)).toBe('ap-south-1');
    expect(() => deployRegion(undefined, { AWS_REGION: 'us-east-1' }, none)).toThrow(
      'The stack deploys to ap-south-1, but the AWS CLI here is set to us-east-1. Deploy to ap-south-1 with -c region=ap-south-1, or to us-east-1 with -c region=us-east-1.',
    );
    expect(deployRegion('eu-west-1', { AWS_REGION: 'us-east-1' }, none)).toBe('eu-west-1');
    expect(deployRegion('ap-south-1', { AWS_DEFAULT_REGION: 'us-east-1' }, none)).toBe('ap-south-1');
    expect(() => deployRegion('mumbai', {}, none)).toThrow('Context "region" must be an AWS region');
  });

  it('reads the CLI’s region as the SDKs do: AWS_REGION, AWS_DEFAULT_REGION, then the profile’s region in the config file', () => {
    const config = '[default]\nregion = us-west-2\n\n[profile ops]\noutput = json\nregion=eu-central-1\n';

    expect(configuredRegion({ AWS_REGION: 'a-1', AWS_DEFAULT_REGION: 'b-1' }, () => config)).toBe('a-1');
    expect(configuredRegion({ AWS_DEFAULT_REGION: 'b-1' }, () => config)).toBe('b-1');
    expect(configuredRegion({}, () => config)).toBe('us-west-2');
    expect(configuredRegion({ AWS_PROFILE: 'ops' }, () => config)).toBe('eu-central-1');
    expect(configuredRegion({ AWS_PROFILE: 'other' }, () => config)).toBeUndefined();
    expect(configuredRegion({}, () => undefined)).toBeUndefined();
  });

  it('lands a synth with no AWS configuration (as in CI) in ap-south-1, although the CDK CLI then says us-east-1', async () => {
    expect(await synthApp({})).toBe('aws://unknown-account/ap-south-1');
  }, 180_000);

  it('refuses a synth whose CLI is set to another region, before building anything', async () => {
    await expect(synthApp({ AWS_REGION: 'eu-west-1' })).rejects.toThrow('but the AWS CLI here is set to eu-west-1');
  }, 60_000);
});
