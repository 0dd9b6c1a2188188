// A tiny DNS server on 127.0.0.1 over UDP for tests (RFC 1035 §4): TXT records from a table, long
// ones split into 255-octet strings, and A records from another; SERVFAIL for names in `failing`; NXDOMAIN for the rest (an
// empty answer, NODATA, when the name has a record of another type). It keeps the names it was
// asked for, so a test can tell the answers came from here.
import { createSocket } from "node:dgram";

export interface DnsServer {
  port: number;
  /** "name TYPE" of every question received, in order. */
  questions: string[];
  close(): Promise<void>;
}

const TYPES: Record<number, string> = {
  1: "A",
  5: "CNAME",
  12: "PTR",
  15: "MX",
  16: "TXT",
  28: "AAAA",
};
const A = 1;
const TXT = 16;

/** The question's name, type and where the question section ends. */
function readQuestion(packet: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let offset = 12;
  for (let length = packet[offset] ?? 0; length > 0; length = packet[offset] ?? 0) {
    labels.push(packet.toString("latin1", offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  const type = packet.readUInt16BE(offset + 1);
  return { name: labels.join(".").toLowerCase(), type, end: offset + 5 };
}

function txtRecord(text: string): Buffer {
  const value = Buffer.from(text);
  const strings: Buffer[] = [];
  for (let i = 0; i < value.length || i === 0; i += 255) {
    const chunk = value.subarray(i, i + 255);
    strings.push(Buffer.from([chunk.length]), chunk);
  }
  return record(TXT, Buffer.concat(strings));
}

const aRecord = (ipv4: string) => record(A, Buffer.from(ipv4.split(".").map(Number)));

function record(type: number, rdata: Buffer): Buffer {
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  fixed.writeUInt16BE(type, 2);
  fixed.writeUInt16BE(1, 4); // class IN
  fixed.writeUInt32BE(60, 6); // TTL
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

function answer(
  query: Buffer,
  tables: { txt: Record<string, string>; a: Record<string, string> },
  failing: string[],
  questions: string[],
) {
  const { name, type, end } = readQuestion(query);
  questions.push(`${name} ${TYPES[type] ?? type}`);
  const text = tables.txt[name];
  const address = tables.a[name];
  const known = text !== undefined || address !== undefined;
  const rcode = failing.includes(name) ? 2 : known ? 0 : 3;
  const answers =
    rcode !== 0
      ? []
      : type === TXT && text !== undefined
        ? [txtRecord(text)]
        : type === A && address !== undefined
          ? [aRecord(address)]
          : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  // QR (a response), the query's RD bit, RA, and the response code.
  const recursionDesired = ((query[2] ?? 0) & 0x01) << 8;
  header.writeUInt16BE(0x8000 | recursionDesired | 0x0080 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, query.subarray(12, end), ...answers]);
}

export async function startDnsServer(
  txt: Record<string, string>,
  options: { failing?: string[]; a?: Record<string, string> } = {},
): Promise<DnsServer> {
  const socket = createSocket("udp4");
  const questions: string[] = [];
  socket.on("message", (query, client) => {
    if (query.length < 17) return;
    const tables = { txt, a: options.a ?? {} };
    socket.send(
      answer(query, tables, options.failing ?? [], questions),
      client.port,
      client.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  return {
    port: socket.address().port,
    questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
