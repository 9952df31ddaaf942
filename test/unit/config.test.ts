import { describe, expect, it } from 'vitest';
import { readConfig } from '../../functions/config.ts';
import { requestTimeoutFor } from '../../functions/data/client.ts';

describe('readConfig', () => {
  it('applies the defaults when only TABLE_NAME is set', () => {
    expect(readConfig({ TABLE_NAME: 'deliveries' })).toEqual({
      TABLE_NAME: 'deliveries',
      DYNAMODB_ENDPOINT: undefined,
      AWS_REGION: 'ap-south-1',
      LOG_LEVEL: 'INFO',
      ZONE_CACHE_SECONDS: 60,
      DISPATCH_TIMEOUT_SECONDS: 1200,
      RIDER_MAX_HELD_JOBS: 2,
      RIDER_CASH_LIMIT_MINOR: 2_000_000,
      REMITTANCE_CUTOFF_IST: '18:00',
      UPI_VERIFY_HOURS: 48,
      ACCEPT_CONFIRM_SECONDS: 120,
      PICKUP_ARRIVAL_SECONDS: 1800,
      RETURN_TRIP_DEADLINE_MINUTES: 180,
      REARRIVAL_DEADLINE_MINUTES: 60,
      SIMULATION_SECONDS: 60,
      CONSOLE_ACCESS_TOKEN_SECONDS: 900,
      WEBHOOK_SECRETS_KEY: undefined,
      WEBHOOK_ALLOW_LOOPBACK: false,
    });
  });

  it('reads every variable that is set', () => {
    const env = {
      TABLE_NAME: 'deliveries-test',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      AWS_REGION: 'eu-west-1',
      LOG_LEVEL: 'DEBUG',
      ZONE_CACHE_SECONDS: '300',
      DISPATCH_TIMEOUT_SECONDS: '600',
      RIDER_MAX_HELD_JOBS: '3',
      RIDER_CASH_LIMIT_MINOR: '500000',
      REMITTANCE_CUTOFF_IST: '21:30',
      UPI_VERIFY_HOURS: '24',
      ACCEPT_CONFIRM_SECONDS: '90',
      PICKUP_ARRIVAL_SECONDS: '600',
      RETURN_TRIP_DEADLINE_MINUTES: '240',
      REARRIVAL_DEADLINE_MINUTES: '45',
      SIMULATION_SECONDS: '30',
      CONSOLE_ACCESS_TOKEN_SECONDS: '5',
      WEBHOOK_SECRETS_KEY: 'k'.repeat(64),
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    };

    expect(readConfig(env)).toEqual({
      ...env,
      ZONE_CACHE_SECONDS: 300,
      DISPATCH_TIMEOUT_SECONDS: 600,
      RIDER_MAX_HELD_JOBS: 3,
      RIDER_CASH_LIMIT_MINOR: 500_000,
      UPI_VERIFY_HOURS: 24,
      ACCEPT_CONFIRM_SECONDS: 90,
      PICKUP_ARRIVAL_SECONDS: 600,
      RETURN_TRIP_DEADLINE_MINUTES: 240,
      REARRIVAL_DEADLINE_MINUTES: 45,
      SIMULATION_SECONDS: 30,
      CONSOLE_ACCESS_TOKEN_SECONDS: 5,
      WEBHOOK_ALLOW_LOOPBACK: true,
    });
  });

  it.each([
    ['WEBHOOK_SECRETS_KEY', 'short', 'WEBHOOK_SECRETS_KEY must be at least 32 characters'],
    ['WEBHOOK_ALLOW_LOOPBACK', 'yes', 'WEBHOOK_ALLOW_LOOPBACK'],
  ])('fails naming %s when it is %j', (name, value, message) => {
    expect(() => readConfig({ TABLE_NAME: 't', [name]: value })).toThrow(message);
  });

  it('drops variables it does not know', () => {
    expect(readConfig({ TABLE_NAME: 't', HOME: '/root', PATH: '/usr/bin' })).not.toHaveProperty('HOME');
  });

  it('fails saying TABLE_NAME is required when it is missing', () => {
    expect(() => readConfig({})).toThrow('Invalid configuration: TABLE_NAME is required');
  });

  it('fails saying TABLE_NAME is required when it is empty', () => {
    expect(() => readConfig({ TABLE_NAME: '' })).toThrow('Invalid configuration: TABLE_NAME is required');
  });

  it.each(['not a url', 'http//127.0.0.1:8000', '127.0.0.1 8000'])('fails naming DYNAMODB_ENDPOINT when it is %j', (endpoint) => {
    expect(() => readConfig({ TABLE_NAME: 't', DYNAMODB_ENDPOINT: endpoint })).toThrow('Invalid configuration: DYNAMODB_ENDPOINT must be an http(s) URL');
  });

  // 'localhost:8000' parses as a URL whose scheme is "localhost:", and no DynamoDB speaks FTP.
  it.each(['localhost:8000', 'ftp://127.0.0.1:8000'])('fails naming DYNAMODB_ENDPOINT when it is %j, which is not http(s)', (endpoint) => {
    expect(() => readConfig({ TABLE_NAME: 't', DYNAMODB_ENDPOINT: endpoint })).toThrow(/^Invalid configuration: DYNAMODB_ENDPOINT /);
  });

  it('treats an empty DYNAMODB_ENDPOINT as unset', () => {
    expect(readConfig({ TABLE_NAME: 't', DYNAMODB_ENDPOINT: '' }).DYNAMODB_ENDPOINT).toBeUndefined();
  });

  it.each(['http://localhost:8000', 'https://dynamodb.ap-south-1.amazonaws.com'])('accepts the endpoint %s', (endpoint) => {
    expect(readConfig({ TABLE_NAME: 't', DYNAMODB_ENDPOINT: endpoint }).DYNAMODB_ENDPOINT).toBe(endpoint);
  });

  it.each(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL'])('accepts LOG_LEVEL %s', (level) => {
    expect(readConfig({ TABLE_NAME: 't', LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
  });

  it.each(['info', 'VERBOSE'])('fails naming LOG_LEVEL when it is %s', (level) => {
    expect(() => readConfig({ TABLE_NAME: 't', LOG_LEVEL: level })).toThrow(/^Invalid configuration: LOG_LEVEL /);
  });

  it.each([
    ['0', 0],
    ['3600', 3600],
  ])('accepts ZONE_CACHE_SECONDS %s', (value, expected) => {
    expect(readConfig({ TABLE_NAME: 't', ZONE_CACHE_SECONDS: value }).ZONE_CACHE_SECONDS).toBe(expected);
  });

  it.each(['-1', '3601', '1.5', 'soon'])('fails naming ZONE_CACHE_SECONDS when it is %s', (value) => {
    expect(() => readConfig({ TABLE_NAME: 't', ZONE_CACHE_SECONDS: value })).toThrow(/^Invalid configuration: ZONE_CACHE_SECONDS /);
  });

  it('treats an empty ZONE_CACHE_SECONDS as unset and uses the default', () => {
    expect(readConfig({ TABLE_NAME: 't', ZONE_CACHE_SECONDS: '' }).ZONE_CACHE_SECONDS).toBe(60);
  });

  it.each([
    ['DISPATCH_TIMEOUT_SECONDS', '0'],
    ['RIDER_MAX_HELD_JOBS', '0'],
    ['ACCEPT_CONFIRM_SECONDS', '0'],
    ['PICKUP_ARRIVAL_SECONDS', '0'],
    ['SIMULATION_SECONDS', 'soon'],
    ['CONSOLE_ACCESS_TOKEN_SECONDS', '4'],
    ['CONSOLE_ACCESS_TOKEN_SECONDS', '901'],
    ['CONSOLE_ACCESS_TOKEN_SECONDS', '30.5'],
    ['RIDER_CASH_LIMIT_MINOR', '-1'],
    ['REMITTANCE_CUTOFF_IST', '24:00'],
    ['REMITTANCE_CUTOFF_IST', '6pm'],
  ])('fails naming %s when it is %s', (name, value) => {
    expect(() => readConfig({ TABLE_NAME: 't', [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('names every bad variable in one message', () => {
    expect(() => readConfig({ DYNAMODB_ENDPOINT: 'nope', LOG_LEVEL: 'LOUD' })).toThrow(
      /^Invalid configuration: TABLE_NAME is required; DYNAMODB_ENDPOINT must be an http\(s\) URL; LOG_LEVEL /,
    );
  });
});

describe('a DynamoDB attempt’s time limit', () => {
  it('is 1.5 s against DynamoDB, 10 s against another endpoint (DynamoDB Local), and what DYNAMODB_REQUEST_TIMEOUT_MS says', () => {
    expect(requestTimeoutFor(undefined)).toBe(1_500);
    expect(requestTimeoutFor('http://127.0.0.1:8000')).toBe(10_000);
    expect(readConfig({ TABLE_NAME: 't', DYNAMODB_REQUEST_TIMEOUT_MS: '2500' }).DYNAMODB_REQUEST_TIMEOUT_MS).toBe(2_500);
  });
});
