/**
 * Whether a host a company names (its SMTP server) is an internal address: loopback, private,
 * link-local, unspecified, reserved, or a name that only resolves inside a network. Numbers are
 * read as `inet_aton` and browsers read them (`2130706433`, `0x7f.1`, `0177.0.0.1` are 127.0.0.1),
 * so no spelling of an address slips past.
 */
export type HostClass = { kind: "invalid" } | { kind: "internal"; reason: string } | { kind: "public" };

// Names under these resolve only inside a network (RFC 6761, 6762, 8375, ICANN's deferred names, cluster DNS).
const INTERNAL_SUFFIXES = ["localhost", "local", "internal", "localdomain", "home.arpa", "lan", "home", "corp", "intranet", "svc"];
// Cloud metadata services under a public-looking name, and names kept pointing at the loopback.
const INTERNAL_NAMES = ["metadata.goog", "metadata.tencentyun.com", "localtest.me", "lvh.me", "vcap.me"];

// [first address, prefix length, why] of IPv4 ranges that are not globally reachable (IANA special-purpose registry).
const IPV4_RANGES: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared (CGNAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "6to4 relay"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

/** What kind of host this is; the caller refuses `invalid` and `internal`. */
export function classifyHost(raw: string): HostClass {
  let host = raw.trim().toLowerCase();
  if (host.startsWith("[") || host.endsWith("]")) {
    if (!(host.startsWith("[") && host.endsWith("]"))) return { kind: "invalid" };
    const groups = parseIpv6(host.slice(1, -1));
    return groups ? ipv6Class(groups) : { kind: "invalid" };
  }
  if (host.includes(":")) {
    const groups = parseIpv6(host);
    return groups ? ipv6Class(groups) : { kind: "invalid" };
  }
  // A name may end with the root's dot.
  if (host.endsWith(".")) host = host.slice(0, -1);
  const labels = host.split(".");
  if (host.length === 0 || host.length > 253 || labels.some((l) => !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l)))
    return { kind: "invalid" };
  // A last label that is a number makes the whole host an IPv4 address, in any of its spellings.
  if (/^(?:0x[0-9a-f]*|[0-9]+)$/.test(labels.at(-1)!)) {
    const address = parseIpv4(labels);
    return address === null ? { kind: "invalid" } : ipv4Class(address);
  }
  // A single label is completed by the resolver's search domains: an internal name.
  if (labels.length === 1) return { kind: "internal", reason: "single-label name" };
  if (INTERNAL_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) return { kind: "internal", reason: "internal name" };
  if (INTERNAL_NAMES.includes(host)) return { kind: "internal", reason: "internal name" };
  return { kind: "public" };
}

/** `host:port` as SMTP_ALLOWED_PRIVATE_HOSTS lists them: lower-case, without the root's dot. */
export function hostPortKey(host: string, port: number): string {
  return `${host.trim().toLowerCase().replace(/\.$/, "")}:${port}`;
}

/**
 * Why a company may not send through this server, or null when it may: `invalid` (no host), or
 * `internal_address` unless this exact `host:port` is one of `allowedPrivate` (local test servers).
 */
export function smtpHostRefusal(host: string, port: number, allowedPrivate: readonly string[]): "invalid" | "internal_address" | null {
  const found = classifyHost(host);
  if (found.kind === "invalid") return "invalid";
  if (found.kind === "internal" && !allowedPrivate.includes(hostPortKey(host, port))) return "internal_address";
  return null;
}

// inet_aton: one to four parts, each decimal, octal (leading 0) or hex (0x); the last fills the bytes left.
function parseIpv4(parts: string[]): number | null {
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const hex = /^0x([0-9a-f]*)$/.exec(part);
    const value = hex
      ? hex[1]
        ? parseInt(hex[1], 16)
        : 0
      : /^0[0-7]+$/.test(part)
        ? parseInt(part, 8)
        : /^(0|[1-9][0-9]*)$/.test(part)
          ? Number(part)
          : NaN;
    if (!Number.isFinite(value)) return null;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), 0) + last;
}

function ipv4Class(address: number): HostClass {
  for (const [first, bits, reason] of IPV4_RANGES) {
    const start = parseIpv4(first.split("."))!;
    if (Math.floor(address / 2 ** (32 - bits)) === Math.floor(start / 2 ** (32 - bits))) return { kind: "internal", reason };
  }
  return { kind: "public" };
}

// Eight 16-bit groups, `::` standing for zeros, the last 32 bits possibly written as a dotted IPv4.
function parseIpv6(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/.test(text)) return null;
  let body = text;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  if (lastColon < 0) return null;
  if (text.slice(lastColon + 1).includes(".")) {
    const quad = text.slice(lastColon + 1).split(".");
    if (quad.length !== 4 || quad.some((q) => !/^(0|[1-9][0-9]{0,2})$/.test(q) || Number(q) > 255)) return null;
    const [a, b, c, d] = quad.map(Number) as [number, number, number, number];
    tail.push(a * 256 + b, c * 256 + d);
    body = text.slice(0, lastColon + 1);
    if (!body.endsWith("::")) body = body.slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  const count = head.length + rest.length + tail.length;
  if (halves.length === 2 ? count > 7 : count !== 8) return null;
  return [...head, ...Array<number>(8 - count).fill(0), ...rest, ...tail];
}

function ipv6Class(g: number[]): HostClass {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const embedded = (hi: number, lo: number) => ipv4Class(g[hi]! * 65536 + g[lo]!);
  if (zeros(0, 8)) return { kind: "internal", reason: "unspecified" };
  if (zeros(0, 7) && g[7] === 1) return { kind: "internal", reason: "loopback" };
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:ab:cd::) carry an IPv4 address.
  if (zeros(0, 5) && g[5] === 0xffff) return embedded(6, 7);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return embedded(6, 7);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return embedded(6, 7);
  if (g[0] === 0x2002) return embedded(1, 2);
  if (zeros(0, 6)) return { kind: "internal", reason: "IPv4-compatible" };
  if ((g[0]! & 0xfe00) === 0xfc00) return { kind: "internal", reason: "unique local" };
  if ((g[0]! & 0xffc0) === 0xfe80) return { kind: "internal", reason: "link-local" };
  // Global unicast is 2000::/3; the rest is reserved, site-local, multicast or special-purpose.
  if ((g[0]! & 0xe000) !== 0x2000) return { kind: "internal", reason: "reserved" };
  if (g[0] === 0x2001 && (g[1] === 0 || g[1] === 0xdb8 || g[1] === 2)) return { kind: "internal", reason: "special-purpose" };
  return { kind: "public" };
}
