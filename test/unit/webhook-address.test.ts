import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  addressRefusal,
  checkWebhookUrl,
  MAX_WEBHOOK_URL_LENGTH,
  vetResolvedAddresses,
  type AddressRefusal,
  type UrlCheck,
} from '../../functions/core/webhook-address.ts';

const PROPERTY = { seed: 20260412, numRuns: 200 };

/** The refused IPv4 ranges as the product rule states them, checked here with integer arithmetic of our own. */
const REFUSED_IPV4: ReadonlyArray<readonly [cidr: string, refusal: AddressRefusal]> = [
  ['0.0.0.0/8', 'unspecified'],
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'private'],
  ['169.254.0.0/16', 'link_local'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'reserved'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'reserved'],
  ['203.0.113.0/24', 'reserved'],
];

const ipv4ToInt = (ip: string): number => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const intToIpv4 = (n: number): string => [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff].join('.');
const hex = (n: number): string => n.toString(16);

function rangeOf(cidr: string): { first: number; size: number } {
  const [network = '', prefix = ''] = cidr.split('/');
  return { first: ipv4ToInt(network), size: 2 ** (32 - Number(prefix)) };
}

/** What the rule says of an IPv4 address (as a 32-bit number). */
function expectedRefusal(n: number): AddressRefusal | null {
  const match = REFUSED_IPV4.find(([cidr]) => {
    const { first, size } = rangeOf(cidr);
    return n >= first && n < first + size;
  });
  return match?.[1] ?? null;
}

/** An address inside one of the refused ranges, anywhere in it (its first and last addresses included). */
const refusedIpv4 = fc.constantFrom(...REFUSED_IPV4).chain(([cidr, refusal]) => {
  const { first, size } = rangeOf(cidr);
  return fc.oneof(fc.constant(0), fc.constant(size - 1), fc.integer({ min: 0, max: size - 1 })).map((offset) => ({ n: first + offset, refusal }));
});

/** The ways an IPv6 address can carry an IPv4 address that the packet then goes to. */
function ipv6Forms(n: number): string[] {
  const [high, low] = [n >>> 16, n & 0xffff];
  return [
    `::ffff:${intToIpv4(n)}`,
    `::ffff:${hex(high)}:${hex(low)}`,
    `64:ff9b::${intToIpv4(n)}`,
    `64:ff9b::${hex(high)}:${hex(low)}`,
    `2002:${hex(high)}:${hex(low)}::1`,
  ];
}

describe('addressRefusal', () => {
  it.each<[string, AddressRefusal]>([
    ['0.0.0.0', 'unspecified'],
    ['0.255.255.255', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.0.0.0', 'loopback'],
    ['127.255.255.255', 'loopback'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.0', 'private'],
    ['172.20.10.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.0', 'private'],
    ['192.168.255.255', 'private'],
    ['100.64.0.0', 'private'],
    ['100.127.255.255', 'private'],
    ['169.254.0.0', 'link_local'],
    ['169.254.169.254', 'link_local'],
    ['169.254.255.255', 'link_local'],
    ['224.0.0.0', 'multicast'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.0', 'reserved'],
    ['250.1.2.3', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.0', 'reserved'],
    ['192.0.0.255', 'reserved'],
    ['192.0.2.0', 'reserved'],
    ['192.0.2.255', 'reserved'],
    ['198.18.0.0', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.255', 'reserved'],
  ])('refuses the IPv4 address %s as %s', (ip, refusal) => {
    expect(addressRefusal(ip)).toBe(refusal);
  });

  it.each<[string, AddressRefusal]>([
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:0', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::', 'private'],
    ['fd00:ec2::254', 'private'],
    ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'private'],
    ['fec0::1', 'private'],
    ['fe80::', 'link_local'],
    ['fe80::1', 'link_local'],
    ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'link_local'],
    ['FE80::ABCD', 'link_local'],
    ['ff00::', 'multicast'],
    ['ff02::1', 'multicast'],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'multicast'],
    ['2001:db8::', 'reserved'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'reserved'],
    ['100::', 'reserved'],
    ['100::ffff:ffff:ffff:ffff', 'reserved'],
    ['2001::1', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['::2', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['::ffff:0:7f00:1', 'reserved'],
    ['64:ff9b:1::1', 'reserved'],
    ['1::', 'reserved'],
    ['4000::1', 'reserved'],
  ])('refuses the IPv6 address %s as %s', (ip, refusal) => {
    expect(addressRefusal(ip)).toBe(refusal);
  });

  it.each<[string, AddressRefusal | null]>([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::FFFF:7F00:1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::ffff:a9fe:a9fe', 'link_local'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:255.255.255.255', 'reserved'],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link_local'],
    ['64:ff9b::192.168.1.1', 'private'],
    ['64:ff9b::8.8.8.8', null],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'link_local'],
    ['2002:c0a8:101:1::1', 'private'],
    ['2002:808:808::1', null],
  ])('classifies %s as the IPv4 address it carries (%s)', (ip, refusal) => {
    expect(addressRefusal(ip)).toBe(refusal);
  });

  it.each<[string, AddressRefusal | null]>([
    ['fe80::1%eth0', 'link_local'],
    ['fe80::1%1', 'link_local'],
    ['::1%lo', 'loopback'],
    ['ff02::1%en0', 'multicast'],
    ['fd00:ec2::254%eth0', 'private'],
    ['2606:4700:4700::1111%eth0', null],
  ])('classifies %s by its address, whatever its zone id', (ip, refusal) => {
    expect(addressRefusal(ip)).toBe(refusal);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '13.235.0.1',
    '1.0.0.0',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.255',
    '192.0.3.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
    '2001:db9::',
  ])('finds %s public', (ip) => {
    expect(addressRefusal(ip)).toBeNull();
  });

  it.each([
    'example.com',
    '',
    ' 8.8.8.8',
    '8.8.8.8 ',
    '[::1]',
    '127.1',
    '0127.0.0.1',
    '2130706433',
    '1.2.3.256',
    '127.0.0.1%eth0',
    'fe80::1%',
    '1::2::3',
    'localhost',
  ])('throws on %j, which is not an IP address', (value) => {
    expect(() => addressRefusal(value)).toThrow(`Not an IP address: ${JSON.stringify(value)}`);
  });

  it.prop([refusedIpv4], PROPERTY)('refuses every IPv4 address of a refused range, as itself and as ::ffff:a.b.c.d', ({ n, refusal }) => {
    expect(addressRefusal(intToIpv4(n))).toBe(refusal);
    expect(addressRefusal(`::ffff:${intToIpv4(n)}`)).toBe(refusal);
  });

  it.prop(
    [
      fc.oneof(
        fc.integer({ min: 0, max: 0xffffffff }),
        refusedIpv4.map(({ n }) => n),
      ),
    ],
    PROPERTY,
  )('classifies every IPv4 address as the ranges say, in each IPv6 form that carries it too', (n) => {
    const expected = expectedRefusal(n);

    expect(addressRefusal(intToIpv4(n))).toBe(expected);
    for (const form of ipv6Forms(n)) expect(addressRefusal(form)).toBe(expected);
  });
});

/** The parts of a check worth comparing (two URL objects compare equal whatever their text). */
function summary(check: UrlCheck): { ok: true; href: string; loopback: boolean } | { ok: false; reason: string } {
  return check.ok ? { ok: true, href: check.url.href, loopback: check.loopback } : check;
}

const STRICT = { allowLoopback: false };
const DEVELOPER = { allowLoopback: true };
/** What a refusal under npm start adds: the developers' exception, so the developer knows what would pass. */
const LOCAL = ' (under npm start, http://127.0.0.1:<port>, http://localhost:<port> and http://[::1]:<port> are allowed too)';

describe('checkWebhookUrl', () => {
  it.each([
    ['https://example.com/hooks', 'https://example.com/hooks'],
    ['https://example.com:8443/hooks?store=1', 'https://example.com:8443/hooks?store=1'],
    ['HTTPS://Example.COM', 'https://example.com/'],
    ['https://hooks.example.co.in/a/b/c', 'https://hooks.example.co.in/a/b/c'],
    ['https://8.8.8.8/hook', 'https://8.8.8.8/hook'],
    ['https://[2606:4700:4700::1111]/hook', 'https://[2606:4700:4700::1111]/hook'],
    ['https://localhost.example.com/', 'https://localhost.example.com/'],
    ['https://127.0.0.1.nip.io/', 'https://127.0.0.1.nip.io/'],
  ])('accepts %s (the host, if a name, is resolved and checked at send time)', (raw, href) => {
    expect(summary(checkWebhookUrl(raw, STRICT))).toEqual({ ok: true, href, loopback: false });
  });

  it.each([
    ['not a url', 'Must be an absolute URL'],
    ['', 'Must be an absolute URL'],
    ['/hooks', 'Must be an absolute URL'],
    ['example.com/hooks', 'Must be an absolute URL'],
    ['https://', 'Must be an absolute URL'],
    ['https://[fe80::1%25eth0]/', 'Must be an absolute URL'],
    ['http://example.com/', 'Must use https'],
    ['ftp://example.com/file', 'Must use https'],
    ['ws://example.com/', 'Must use https'],
    ['file:///etc/passwd', 'Must use https'],
    ['javascript:alert(1)', 'Must use https'],
    ['https://user:pw@example.com/', 'Must not contain credentials'],
    ['https://user@example.com/', 'Must not contain credentials'],
    ['https://:pw@example.com/', 'Must not contain credentials'],
    ['https://127.0.0.1/', 'Refused: a loopback address'],
    ['https://127.1/', 'Refused: a loopback address'],
    ['https://0x7f000001/', 'Refused: a loopback address'],
    ['https://2130706433/', 'Refused: a loopback address'],
    ['https://127.0.0.1./', 'Refused: a loopback address'],
    ['https://[::1]/', 'Refused: a loopback address'],
    ['https://[::ffff:127.0.0.1]/', 'Refused: a loopback address'],
    ['https://[::ffff:7f00:1]/', 'Refused: a loopback address'],
    ['https://[64:ff9b::127.0.0.1]/', 'Refused: a loopback address'],
    ['https://[2002:7f00:1::]/', 'Refused: a loopback address'],
    ['https://localhost/', 'Refused: a loopback address'],
    ['https://localhost:8443/', 'Refused: a loopback address'],
    ['https://LOCALHOST/', 'Refused: a loopback address'],
    ['https://localhost./', 'Refused: a loopback address'],
    ['https://ｌｏｃａｌｈｏｓｔ/', 'Refused: a loopback address'],
    ['https://foo.localhost/', 'Refused: a loopback address'],
    ['https://a.b.localhost./', 'Refused: a loopback address'],
    ['https://10.0.0.1/', 'Refused: a private address'],
    ['https://172.16.0.1/', 'Refused: a private address'],
    ['https://192.168.1.1/', 'Refused: a private address'],
    ['https://100.64.0.1/', 'Refused: a private address'],
    ['https://[fd00:ec2::254]/', 'Refused: a private address'],
    ['https://169.254.169.254/latest/meta-data', 'Refused: a link-local address'],
    ['https://[::ffff:169.254.169.254]/latest/meta-data', 'Refused: a link-local address'],
    ['https://[fe80::1]/', 'Refused: a link-local address'],
    ['https://224.0.0.1/', 'Refused: a multicast address'],
    ['https://[ff02::1]/', 'Refused: a multicast address'],
    ['https://0.0.0.0/', 'Refused: an unspecified address'],
    ['https://0/', 'Refused: an unspecified address'],
    ['https://[::]/', 'Refused: an unspecified address'],
    ['https://255.255.255.255/', 'Refused: a reserved address'],
    ['https://192.0.2.1/', 'Refused: a reserved address'],
    ['https://[2001:db8::1]/', 'Refused: a reserved address'],
    ['https://example.com:8080/hooks', 'Must use port 443 (the default) or 8443'],
    ['https://example.com:22/', 'Must use port 443 (the default) or 8443'],
    ['https://8.8.8.8:6379/', 'Must use port 443 (the default) or 8443'],
  ])('refuses %s: %s', (raw, reason) => {
    expect(checkWebhookUrl(raw, STRICT)).toEqual({ ok: false, reason });
  });

  it.each(['https://example.com:443/hooks', 'https://example.com:8443/hooks', 'https://example.com/hooks'])(
    'takes %s: ports 443 and 8443 only, on a deployed stage',
    (raw) => {
      expect(checkWebhookUrl(raw, STRICT).ok).toBe(true);
    },
  );

  it('accepts a URL of exactly 2,048 characters', () => {
    const raw = `https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH - 'https://example.com/'.length)}`;

    expect(raw).toHaveLength(2048);
    expect(summary(checkWebhookUrl(raw, STRICT))).toEqual({ ok: true, href: raw, loopback: false });
  });

  it('refuses a URL of 2,049 characters', () => {
    const raw = `https://example.com/${'a'.repeat(MAX_WEBHOOK_URL_LENGTH + 1 - 'https://example.com/'.length)}`;

    expect(raw).toHaveLength(2049);
    expect(checkWebhookUrl(raw, STRICT)).toEqual({ ok: false, reason: 'Must be at most 2048 characters' });
  });

  it('refuses a URL that percent-encoding makes longer than 2,048 characters', () => {
    const raw = `https://example.com/${'é'.repeat(400)}`;

    expect(raw.length).toBeLessThan(2048);
    expect(checkWebhookUrl(raw, STRICT)).toEqual({ ok: false, reason: 'Must be at most 2048 characters' });
  });

  describe('with allowLoopback (local development)', () => {
    it.each([
      ['http://127.0.0.1:8080/hook', 'http://127.0.0.1:8080/hook'],
      ['http://localhost:3000/', 'http://localhost:3000/'],
      ['http://LOCALHOST:3000/hooks', 'http://localhost:3000/hooks'],
      ['http://127.1:8080/', 'http://127.0.0.1:8080/'],
      ['https://localhost:8443/', 'https://localhost:8443/'],
      ['http://[::1]:8080/hook', 'http://[::1]:8080/hook'],
      ['https://[::1]:8443/', 'https://[::1]:8443/'],
    ])('accepts %s as a loopback URL', (raw, href) => {
      expect(summary(checkWebhookUrl(raw, DEVELOPER))).toEqual({ ok: true, href, loopback: true });
    });

    it.each(['http://127.0.0.1:8080/hook', 'http://localhost:3000/', 'https://localhost:8443/', 'http://[::1]:8080/'])('still refuses %s without it', (raw) => {
      expect(checkWebhookUrl(raw, STRICT).ok).toBe(false);
    });

    it.each([
      ['http://127.0.0.1/', 'A loopback URL must give its port, as in http://127.0.0.1:8080/'],
      ['http://localhost/', 'A loopback URL must give its port, as in http://127.0.0.1:8080/'],
      ['http://127.0.0.1:80/', 'A loopback URL must give its port, as in http://127.0.0.1:8080/'],
      ['https://localhost/', 'A loopback URL must give its port, as in http://127.0.0.1:8080/'],
      ['http://[::1]/', 'A loopback URL must give its port, as in http://127.0.0.1:8080/'],
      ['http://10.0.0.1:8080/', `Must use https${LOCAL}`],
      ['http://example.com/hooks', `Must use https${LOCAL}`],
      ['https://10.0.0.1:8080/', 'Refused: a private address'],
      ['http://127.0.0.2:8080/', `Must use https${LOCAL}`],
      ['https://127.0.0.2:8080/', `Refused: a loopback address${LOCAL}`],
      ['http://[::ffff:127.0.0.1]:8080/', `Must use https${LOCAL}`],
      ['https://[0:0:0:0:0:0:0:2]:8080/', 'Refused: a reserved address'],
      ['https://foo.localhost:8080/', `Refused: a loopback address${LOCAL}`],
      ['https://169.254.169.254:8080/latest/meta-data', 'Refused: a link-local address'],
      ['https://[fd00:ec2::254]:8080/', 'Refused: a private address'],
      ['https://0.0.0.0:8080/', 'Refused: an unspecified address'],
      ['http://user:pw@127.0.0.1:8080/', 'Must not contain credentials'],
      ['ftp://127.0.0.1:8080/', `Must use https${LOCAL}`],
      ['ws://localhost:8080/', `Must use https${LOCAL}`],
    ])('refuses %s: %s', (raw, reason) => {
      expect(checkWebhookUrl(raw, DEVELOPER)).toEqual({ ok: false, reason });
    });
  });
});

describe('vetResolvedAddresses', () => {
  // What the merchant's delivery log says, whatever the sender's network made of the host.
  const REFUSED = 'Refused: the host does not resolve to a public address';
  const normal = { allowLoopback: false, loopbackUrl: false };

  it('gives the first address when every answer is public', () => {
    const answers = [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '1.1.1.1', family: 4 },
    ];

    expect(vetResolvedAddresses(answers, normal)).toEqual({ ok: true, address: '2606:4700:4700::1111', family: 6 });
  });

  it('refuses a host with no address', () => {
    expect(vetResolvedAddresses([], normal)).toEqual({ ok: false, reason: REFUSED, detail: 'the host has no address' });
  });

  it.each<[string, Array<{ address: string; family: number }>, string]>([
    [
      'a private answer after public ones',
      [
        { address: '8.8.8.8', family: 4 },
        { address: '1.1.1.1', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      'the host resolves to a private address (10.0.0.5)',
    ],
    [
      'the metadata address after a public one',
      [
        { address: '13.235.0.1', family: 4 },
        { address: '169.254.169.254', family: 4 },
      ],
      'the host resolves to a link-local address (169.254.169.254)',
    ],
    [
      'the IPv6 metadata address',
      [
        { address: '2606:4700:4700::1111', family: 6 },
        { address: 'fd00:ec2::254', family: 6 },
      ],
      'the host resolves to a private address (fd00:ec2::254)',
    ],
    [
      'a mapped loopback address',
      [
        { address: '8.8.8.8', family: 4 },
        { address: '::ffff:127.0.0.1', family: 6 },
      ],
      'the host resolves to a loopback address (::ffff:127.0.0.1)',
    ],
    [
      'a loopback answer first',
      [
        { address: '127.0.0.1', family: 4 },
        { address: '8.8.8.8', family: 4 },
      ],
      'the host resolves to a loopback address (127.0.0.1)',
    ],
    [
      'an answer that is not an IP address',
      [
        { address: '8.8.8.8', family: 4 },
        { address: 'example.com', family: 4 },
      ],
      'the host resolves to "example.com", not an IP address',
    ],
  ])('refuses %s with one reason that names no address (the log line for operators says which)', (_what, answers, detail) => {
    expect(vetResolvedAddresses(answers, normal)).toEqual({ ok: false, reason: REFUSED, detail });
  });

  it('refuses a name that resolves to loopback, even with allowLoopback, when the URL was not a loopback URL', () => {
    expect(vetResolvedAddresses([{ address: '127.0.0.1', family: 4 }], { allowLoopback: true, loopbackUrl: false })).toEqual({
      ok: false,
      reason: REFUSED,
      detail: 'the host resolves to a loopback address (127.0.0.1)',
    });
  });

  it('refuses a loopback URL once allowLoopback is off', () => {
    expect(vetResolvedAddresses([{ address: '127.0.0.1', family: 4 }], { allowLoopback: false, loopbackUrl: true })).toEqual({
      ok: false,
      reason: REFUSED,
      detail: 'the host resolves to a loopback address (127.0.0.1)',
    });
  });

  describe('for a loopback URL with allowLoopback', () => {
    const developer = { allowLoopback: true, loopbackUrl: true };

    it('gives the first address when every answer is loopback', () => {
      const answers = [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ];

      expect(vetResolvedAddresses(answers, developer)).toEqual({ ok: true, address: '::1', family: 6 });
    });

    it.each<[string, Array<{ address: string; family: number }>, string]>([
      [
        'a private answer beside loopback',
        [
          { address: '127.0.0.1', family: 4 },
          { address: '10.0.0.1', family: 4 },
        ],
        'a loopback URL resolves to 10.0.0.1, not a loopback address',
      ],
      ['a public answer', [{ address: '8.8.8.8', family: 4 }], 'a loopback URL resolves to 8.8.8.8, not a loopback address'],
      ['the metadata address', [{ address: '169.254.169.254', family: 4 }], 'a loopback URL resolves to 169.254.169.254, not a loopback address'],
    ])('refuses %s', (_what, answers, detail) => {
      expect(vetResolvedAddresses(answers, developer)).toEqual({ ok: false, reason: REFUSED, detail });
    });
  });
});
