/**
 * A real DNS server on a loopback UDP port (dns-packet for the wire format), answering TXT
 * queries from a table the test fills; everything else gets an empty answer. The server under
 * test is pointed at it with DNS_SERVERS, so domain verification goes through node:dns as in
 * production.
 */
import { createSocket } from "node:dgram";
import * as packet from "dns-packet";

export interface DnsStandIn {
  /** `ip:port`, for DNS_SERVERS. */
  address: string;
  /** TXT records by lower-case name. */
  txt: Map<string, string[]>;
  /** How many queries it answered. */
  queries: number;
  close(): Promise<void>;
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const socket = createSocket("udp4");
  const state: DnsStandIn = { address: "", txt: new Map(), queries: 0, close: () => new Promise((resolve) => socket.close(() => resolve())) };
  socket.on("message", (message, remote) => {
    let query: packet.Packet;
    try {
      query = packet.decode(message);
    } catch {
      return;
    }
    state.queries += 1;
    const question = query.questions?.[0];
    const name = question?.name.toLowerCase() ?? "";
    const records = question?.type === "TXT" ? (state.txt.get(name) ?? []) : [];
    const answer = packet.encode({
      id: query.id,
      type: "response",
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | packet.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers: records.map((value) => ({ type: "TXT" as const, name: question!.name, ttl: 60, class: "IN" as const, data: value })),
    });
    socket.send(answer, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", () => resolve()));
  state.address = `127.0.0.1:${socket.address().port}`;
  return state;
}
