import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent. A webhook URL is a request our servers make on a merchant's say-so, so
 * it must never reach our own network (server-side request forgery): https only, no credentials, no
 * address that is not public. checkWebhookUrl applies what the URL text alone shows (at registration);
 * the sender resolves the host at send time, vets every answer with vetResolvedAddresses, connects to
 * the address it returns and follows no redirects.
 */

/** The longest webhook URL we take: long enough for any real endpoint, short enough to store and log whole. */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Why an address is not public. */
export type AddressRefusal = 'loopback' | 'private' | 'link_local' | 'multicast' | 'unspecified' | 'reserved';

type Range = readonly [cidr: string, refusal: AddressRefusal];

/** Non-public IPv4 ranges (IANA's special-purpose registry, the parts no webhook receiver lives in). */
const IPV4_RANGES: readonly Range[] = [
  ['0.0.0.0/8', 'unspecified'], // "this network": 0.0.0.0 reaches the local host on Linux
  ['127.0.0.0/8', 'loopback'],
  ['10.0.0.0/8', 'private'],
  ['172.16.0.0/12', 'private'],
  ['192.168.0.0/16', 'private'],
  ['100.64.0.0/10', 'private'], // carrier-grade NAT (RFC 6598): another provider's private space
  ['169.254.0.0/16', 'link_local'], // includes the cloud instance-metadata address 169.254.169.254
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'], // future use, and the broadcast address 255.255.255.255
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'reserved'], // documentation (TEST-NET-1)
  ['198.18.0.0/15', 'reserved'], // benchmarking
  ['198.51.100.0/24', 'reserved'], // documentation (TEST-NET-2)
  ['203.0.113.0/24', 'reserved'], // documentation (TEST-NET-3)
];

/**
 * Non-public IPv6 ranges inside and around global unicast. Forms that embed an IPv4 address
 * (mapped, NAT64, 6to4) are decoded before these apply; anything outside 2000::/3 that no range
 * names is 'reserved' (nothing else is routed on the internet).
 */
const IPV6_RANGES: readonly Range[] = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'private'], // unique local; includes the EC2 metadata address fd00:ec2::254
  ['fec0::/10', 'private'], // site-local (deprecated, still private where it is used)
  ['fe80::/10', 'link_local'],
  ['ff00::/8', 'multicast'],
  ['100::/64', 'reserved'], // discard-only
  ['2001::/32', 'reserved'], // Teredo: a tunnel, never a receiver's own address
  ['2001:2::/48', 'reserved'], // benchmarking
  ['2001:db8::/32', 'reserved'], // documentation
  ['3fff::/20', 'reserved'], // documentation (RFC 9637)
];

/** Each refusal's ranges as one BlockList, in the order of the table (the ranges do not overlap). */
function blockLists(ranges: readonly Range[], family: 'ipv4' | 'ipv6'): ReadonlyArray<readonly [AddressRefusal, BlockList]> {
  const lists = new Map<AddressRefusal, BlockList>();
  for (const [cidr, refusal] of ranges) {
    const [network, prefix] = cidr.split('/') as [string, string];
    const list = lists.get(refusal) ?? new BlockList();
    list.addSubnet(network, Number(prefix), family);
    lists.set(refusal, list);
  }
  return [...lists];
}

const IPV4_LISTS = blockLists(IPV4_RANGES, 'ipv4');
const IPV6_LISTS = blockLists(IPV6_RANGES, 'ipv6');
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 address that isIP has accepted (zone id already removed). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string | undefined): number[] => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const ipv4Of = (high: number, low: number): string => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * The IPv4 address an IPv6 address carries, where the packet goes on to that IPv4 address: IPv4-mapped
 * (::ffff:a.b.c.d, which a dual-stack socket connects to as IPv4), NAT64's well-known prefix
 * (64:ff9b::/96, which the translator forwards) and 6to4 (2002:AABB:CCDD::/48, relayed to the IPv4 host).
 */
function embeddedIpv4(groups: readonly number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x2002 && g1 !== undefined && g2 !== undefined) return ipv4Of(g1, g2);
  return null;
}

/**
 * Why an IP address may not receive webhooks, or null when it is public. IPv6 forms that carry an
 * IPv4 address take that address's class; a zone id (`fe80::1%eth0`) is ignored. Throws on anything
 * that is not an IP literal: hostnames are resolved first, and the answers classified.
 */
export function addressRefusal(ip: string): AddressRefusal | null {
  const family = isIP(ip);
  if (family === 4) return IPV4_LISTS.find(([, list]) => list.check(ip, 'ipv4'))?.[0] ?? null;
  if (family !== 6) throw new Error(`Not an IP address: ${JSON.stringify(ip)}`);
  const address = ip.replace(/%.*$/, '');
  const ipv4 = embeddedIpv4(ipv6Groups(address));
  if (ipv4 !== null) return addressRefusal(ipv4);
  const refusal = IPV6_LISTS.find(([, list]) => list.check(address, 'ipv6'))?.[0];
  if (refusal) return refusal;
  return GLOBAL_UNICAST.check(address, 'ipv6') ? null : 'reserved';
}

const REFUSAL_WORDS: Record<AddressRefusal, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  link_local: 'a link-local address',
  multicast: 'a multicast address',
  unspecified: 'an unspecified address',
  reserved: 'a reserved address',
};

/** What checkWebhookUrl found: the parsed URL, and whether it is the developer's loopback exception. */
export type UrlCheck = { ok: true; url: URL; loopback: boolean } | { ok: false; reason: string };

/** The only hosts the developer exception (allowLoopback) lets through, and only with a port. */
const LOOPBACK_EXCEPTION_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** What a refusal under npm start (allowLoopback) adds, so the developer knows what would pass. */
const LOCAL_EXCEPTION = ' (under npm start, http://127.0.0.1:<port>, http://localhost:<port> and http://[::1]:<port> are allowed too)';

/** The ports a webhook may use on a deployed stage: https's own and its common alternative. */
const DEPLOYED_PORTS = new Set(['', '443', '8443']);

/**
 * What the merchant's delivery log says of any host the sender will not connect to, whatever its DNS
 * answered: one sentence, no address, so the log never tells what a name resolves to on our network.
 */
export const HOST_REFUSED = 'Refused: the host does not resolve to a public address';

const refused = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/**
 * Whether a URL may be registered as a webhook endpoint, by what its text shows (no DNS): the
 * reason, a short sentence for the developer, names the first rule it breaks. With allowLoopback
 * (local development) `http://127.0.0.1:<port>`, `http://localhost:<port>` and `http://[::1]:<port>`
 * pass too, https or http, with an explicit port, and a refusal says so; every other non-public
 * address is refused even then. Without it (a deployed stage) only ports 443 and 8443 are taken, so
 * the sender cannot be pointed at other services' ports.
 */
export function checkWebhookUrl(raw: string, options: { allowLoopback: boolean }): UrlCheck {
  const tooLong = refused(`Must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return tooLong;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refused('Must be an absolute URL');
  }
  // The parser may lengthen a URL (punycode, percent-encoding): what we store and send is its href.
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) return tooLong;
  if (url.username !== '' || url.password !== '') return refused('Must not contain credentials');

  // The parser has already turned every IPv4 spelling (0x7f.1, 2130706433, 127.1) into dotted
  // decimal; a trailing dot names the same host (`localhost.`).
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.+$/, '');
  const web = url.protocol === 'https:' || url.protocol === 'http:';
  if (options.allowLoopback && web && LOOPBACK_EXCEPTION_HOSTS.has(host)) {
    if (url.port === '') return refused('A loopback URL must give its port, as in http://127.0.0.1:8080/');
    return { ok: true, url, loopback: true };
  }

  const local = options.allowLoopback ? LOCAL_EXCEPTION : '';
  if (url.protocol !== 'https:') return refused(`Must use https${local}`);
  if (isIP(host) !== 0) {
    const refusal = addressRefusal(host);
    if (refusal !== null) return refused(`Refused: ${REFUSAL_WORDS[refusal]}${refusal === 'loopback' ? local : ''}`);
  } else if (host === 'localhost' || host.endsWith('.localhost')) {
    return refused(`Refused: ${REFUSAL_WORDS.loopback}${local}`);
  }
  if (!options.allowLoopback && !DEPLOYED_PORTS.has(url.port)) return refused('Must use port 443 (the default) or 8443');
  return { ok: true, url, loopback: false };
}

/**
 * Whether the sender may connect, given every address DNS returned for the host at send time, and to
 * which: the first. All answers must pass, since a hostile DNS server may mix public and private
 * answers and the connection may use any of them. For a loopback URL under the developer exception
 * only loopback answers pass. The sender connects to exactly the address returned, so DNS cannot
 * change between this check and the connection. A refusal's `reason` (for the merchant) is always
 * HOST_REFUSED; its `detail` (for the operators' log) says which answer broke which rule.
 */
export function vetResolvedAddresses(
  addresses: ReadonlyArray<{ address: string; family: number }>,
  options: { allowLoopback: boolean; loopbackUrl: boolean },
): { ok: true; address: string; family: number } | { ok: false; reason: string; detail: string } {
  const refuse = (detail: string) => ({ ok: false as const, reason: HOST_REFUSED, detail });
  const first = addresses[0];
  if (first === undefined) return refuse('the host has no address');
  const loopbackOnly = options.allowLoopback && options.loopbackUrl;
  for (const { address } of addresses) {
    if (isIP(address) === 0) return refuse(`the host resolves to ${JSON.stringify(address)}, not an IP address`);
    const refusal = addressRefusal(address);
    if (loopbackOnly && refusal !== 'loopback') return refuse(`a loopback URL resolves to ${address}, not a loopback address`);
    if (!loopbackOnly && refusal !== null) return refuse(`the host resolves to ${REFUSAL_WORDS[refusal]} (${address})`);
  }
  return { ok: true, address: first.address, family: first.family };
}
