// Lists of client addresses and CIDR ranges (`185.71.76.0/27`, `77.75.156.11`, `2a02:5180::/32`), as configured,
// and the check whether a request's address is in one (IPv4 also when written as an IPv4-mapped IPv6 address).
import net from 'node:net';

/** The entries of a comma-separated list, or null when one of them is not an address or a range. */
export function parseAddressRanges(text: string): string[] | null {
  const entries = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return entries.every(isAddressRange) ? entries : null;
}

function isAddressRange(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Whether an address is in the ranges (entries as parseAddressRanges accepts them). */
export function addressMatcher(ranges: string[]): (address: string) => boolean {
  const list = new net.BlockList();
  for (const entry of ranges) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = net.isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
