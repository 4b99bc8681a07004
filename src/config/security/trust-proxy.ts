import { BlockList, isIP } from 'node:net';

/**
 * The TRUST_PROXY setting: which reverse proxies are believed when they forward the client's
 * address. Here, beside the setting, so that config validates it without importing common;
 * common/security/client-address.ts applies the trust function to a connection.
 */

/** Is the peer at `address`, `hop` steps away from the service (0: the connection), a trusted proxy? */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Names of address ranges, as express's `trust proxy` spells them. */
const PRESETS: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const MAX_HOPS = 10;

/**
 * What is wrong with a TRUST_PROXY value, or undefined when it is valid: a number of proxies
 * (1–10), or comma-separated addresses and subnets (CIDR) and the names loopback, linklocal and
 * uniquelocal.
 */
export function trustProxyProblem(value: string): string | undefined {
  const setting = value.trim();
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return hops >= 1 && hops <= MAX_HOPS
      ? undefined
      : `a number of proxies must be 1 to ${MAX_HOPS} (leave TRUST_PROXY empty for none)`;
  }
  if (/^(true|yes|on|\*)$/i.test(setting)) {
    return 'trusting every peer would let any client choose the address it is counted under; give the number of proxies in front of the service (e.g. 1) or their addresses (e.g. loopback or 10.0.0.0/8)';
  }
  const wrong = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0 && parseSubnet(entry) === undefined);
  if (wrong.length > 0 || setting.replaceAll(',', '').trim() === '') {
    return `expected a number of proxies (e.g. 1) or comma-separated addresses, CIDR subnets and the names loopback, linklocal, uniquelocal; not understood: ${wrong.join(', ') || setting}`;
  }
  return undefined;
}

/** The trust function of a valid TRUST_PROXY value; undefined (nothing trusted) when unset. */
export function compileTrustProxy(value: string | undefined): TrustProxy | undefined {
  const setting = value?.trim();
  if (!setting) return undefined;
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    return (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const entry of setting.split(',').map((item) => item.trim())) {
    for (const subnet of entry ? (parseSubnet(entry) ?? []) : []) {
      list.addSubnet(subnet.address, subnet.prefix, subnet.family);
    }
  }
  return (address) => {
    const bare = plainAddress(address);
    const family = isIP(bare);
    return family !== 0 && list.check(bare, family === 4 ? 'ipv4' : 'ipv6');
  };
}

type Subnet = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** `10.0.0.0/8`, `10.1.2.3`, `fd00::/8`, or a preset name, as subnets; undefined if none of those. */
function parseSubnet(entry: string): Subnet[] | undefined {
  const preset = PRESETS[entry.toLowerCase()];
  if (preset) return preset.map((subnet) => parseSubnet(subnet)![0]);
  const [address, prefixText, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return [{ address, prefix, family: family === 4 ? 'ipv4' : 'ipv6' }];
}

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`) as IPv4, without an IPv6 zone. */
function plainAddress(address: string): string {
  const bare = address.split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped ? mapped[1] : bare;
}
