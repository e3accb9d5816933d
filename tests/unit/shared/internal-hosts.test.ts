import { describe, expect, it } from "vitest";
import { classifyHost, smtpHostRefusal } from "../../../worker/domain/shared/internal-hosts";

describe("the internal host classifier", () => {
  it.each([
    // Loopback, in every spelling inet_aton and browsers accept.
    "127.0.0.1",
    "127.255.255.254",
    "127.1",
    "127.0.1",
    "2130706433",
    "0x7f000001",
    "0X7F000001",
    "0x7f.1",
    "0x7f.0.0.1",
    "0177.0.0.1",
    "0177.1",
    "017700000001",
    "127.0x0.0.1",
    "127.0.0.1.",
    // Private, shared, link-local, unspecified, reserved.
    "10.0.0.1",
    "10.255.255.255",
    "012.0.0.1",
    "167772161",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "100.64.0.1",
    "100.127.255.255",
    "100.100.100.200",
    "169.254.169.254",
    "0xa9fea9fe",
    "2852039166",
    "0.0.0.0",
    "0",
    "0x0",
    "192.0.0.170",
    "198.18.0.1",
    "224.0.0.1",
    "240.0.0.1",
    "255.255.255.255",
    // IPv6: loopback, unspecified, ULA, link-local, site-local, multicast, and IPv4 inside IPv6.
    "::1",
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[0000:0000:0000:0000:0000:0000:0000:0001]",
    "::",
    "[::]",
    "[fc00::1]",
    "[fd12:3456:789a::1]",
    "[fd00:ec2::254]",
    "[fe80::1]",
    "[FE80::abcd:1]",
    "[febf::1]",
    "[fec0::1]",
    "[ff02::1]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::FFFF:10.0.0.1]",
    "[::ffff:169.254.169.254]",
    "[0:0:0:0:0:ffff:192.168.1.1]",
    "[::ffff:0:127.0.0.1]",
    "[::127.0.0.1]",
    "[::7f00:1]",
    "[64:ff9b::127.0.0.1]",
    "[64:ff9b::a9fe:a9fe]",
    "[2002:7f00:1::]",
    "[2002:c0a8:101::1]",
    "[2001:db8::1]",
    "[100::1]",
    // Names that only resolve inside a network.
    "localhost",
    "LOCALHOST",
    "localhost.",
    "mail.localhost",
    "a.b.localhost",
    "metadata.google.internal",
    "metadata.google.internal.",
    "instance-data.ec2.internal",
    "metadata",
    "metadata.goog",
    "mailhog",
    "printer.local",
    "mail.corp",
    "nas.home.arpa",
    "smtp.localdomain",
    "kubernetes.default.svc",
    "smtp.cluster.local",
  ])("refuses %s as internal", (host) => {
    expect(classifyHost(host)).toMatchObject({ kind: "internal" });
  });

  it.each([
    "smtp.example.com",
    "SMTP.Example.COM",
    "smtp.example.com.",
    "mail.local-provider.fr",
    "smtp.internal-mail.example",
    "localhost.example.com",
    "8.8.8.8",
    "1.1.1.1",
    "172.15.255.255",
    "172.32.0.1",
    "100.63.255.255",
    "100.128.0.1",
    "169.253.0.1",
    "192.169.0.1",
    "11.0.0.1",
    "134744072",
    "0x08080808",
    "[2a00:1450:4007:80e::201a]",
    "2606:4700:4700::1111",
    "[::ffff:8.8.8.8]",
    "[2002:808:808::1]",
    "xn--bcher-kva.example",
  ])("accepts %s as public", (host) => {
    expect(classifyHost(host)).toEqual({ kind: "public" });
  });

  it.each([
    "",
    "256.0.0.1",
    "1.2.3.4.5",
    "0x100000000",
    "4294967296",
    "1.16777216",
    "08.0.0.1",
    "0x7g.0.0.1",
    "example.123",
    "smtp..example.com",
    "-smtp.example.com",
    "smtp_1.example.com",
    "[::1",
    "::1]",
    "[1::2::3]",
    "[1:2:3:4:5:6:7:8:9]",
    "[1:2:3:4:5:6:7]",
    "[12345::1]",
    "[::ffff:256.0.0.1]",
    "[::ffff:1.2.3]",
    "[fe80::1%eth0]",
    "smtp.example.com:587",
    `${"a".repeat(64)}.example.com`,
  ])("finds %j no host at all", (host) => {
    expect(classifyHost(host)).toEqual({ kind: "invalid" });
  });
});

describe("a company's SMTP host", () => {
  it("may be internal only at an exact host and port the configuration allows", () => {
    const allowed = ["127.0.0.1:2525", "[::1]:2526"];
    expect(smtpHostRefusal("127.0.0.1", 2525, allowed)).toBeNull();
    expect(smtpHostRefusal("127.0.0.1.", 2525, allowed)).toBeNull();
    expect(smtpHostRefusal("[::1]", 2526, allowed)).toBeNull();
    expect(smtpHostRefusal("127.0.0.1", 2526, allowed)).toBe("internal_address");
    expect(smtpHostRefusal("127.1", 2525, allowed)).toBe("internal_address");
    expect(smtpHostRefusal("localhost", 2525, allowed)).toBe("internal_address");
    expect(smtpHostRefusal("10.0.0.1", 25, [])).toBe("internal_address");
    expect(smtpHostRefusal("smtp.example.com", 587, [])).toBeNull();
    expect(smtpHostRefusal("smtp..example.com", 587, [])).toBe("invalid");
  });
});
