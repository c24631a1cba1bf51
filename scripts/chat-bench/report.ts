/**
 * The report of scripts/bench-chat.ts: delivery latency against decision 14's targets, in the
 * normal phase and over the whole run with the kill of A, and every message lost or doubled.
 */
import { percentile, reportServerErrors, type TwoServers } from "../../tests/support/two-servers";
import { ledger, type Outgoing, type Side } from "./side";

const TARGETS = { p50: 50, p99: 250 };

/** Prints the table and the counts below it; answers the exit code (1 when anything was lost or doubled). */
export function report({
  killAt,
  lastSeqOf,
  storedTwice,
  sides,
  two,
  conversations,
  normalMs,
  afterKillMs,
}: {
  killAt: number;
  /** Each conversation's last number, as the database holds it. */
  lastSeqOf: Map<string, number>;
  /** Bodies the database holds more than once. */
  storedTwice: number;
  sides: Side[];
  two: TwoServers | undefined;
  conversations: number;
  normalMs: number;
  afterKillMs: number;
}) {
  const { doubles, refusals, renumbered } = ledger;
  const all = [...ledger.messages.values()];
  const delivered = all.filter((message) => message.receivedAt !== undefined);
  const latencies = (list: Outgoing[]) => list.map((m) => m.receivedAt! - m.sentAt).sort((a, b) => a - b);
  // The normal phase: messages sent and delivered before the kill.
  const normal = latencies(delivered.filter((m) => m.receivedAt! < killAt));
  const whole = latencies(delivered);
  const lost = all.filter((m) => m.seq !== undefined && m.receivedAt === undefined);
  const lostNormal = lost.filter((m) => m.sentAt < killAt);
  const doublesNormal = doubles.filter((d) => d.at < killAt);
  // Every side must have 1..last of its conversation, each once (the system's messages too).
  let gaps = 0;
  for (const side of sides) {
    const last = lastSeqOf.get(side.conversationId) ?? 0;
    for (let seq = 1; seq <= last; seq++) if (!side.received.has(seq)) gaps++;
  }
  const unanswered = all.filter((m) => m.seq === undefined && m.refused === undefined);
  const resent = all.filter((m) => m.sends > 1).length;
  const reconnects = sides
    .map((side) => side.reconnectMs)
    .filter((ms): ms is number => ms !== undefined)
    .sort((a, b) => a - b);

  const ms = (value: number) => (Number.isNaN(value) ? "–" : `${value.toFixed(1)} ms`);
  const met = (ok: boolean) => (ok ? "yes" : "NO");
  const rows: string[][] = [
    ["", "normal phase", "whole run (kill of A)", "target", "met (normal / whole)"],
    ["conversations", String(conversations), String(conversations), "50", ""],
    ["messages delivered", String(normal.length), String(whole.length), "", ""],
    [
      "latency p50",
      ms(percentile(normal, 50)),
      ms(percentile(whole, 50)),
      `≤ ${TARGETS.p50} ms`,
      `${met(percentile(normal, 50) <= TARGETS.p50)} / ${met(percentile(whole, 50) <= TARGETS.p50)}`,
    ],
    ["latency p95", ms(percentile(normal, 95)), ms(percentile(whole, 95)), "", ""],
    [
      "latency p99",
      ms(percentile(normal, 99)),
      ms(percentile(whole, 99)),
      `≤ ${TARGETS.p99} ms`,
      `${met(percentile(normal, 99) <= TARGETS.p99)} / ${met(percentile(whole, 99) <= TARGETS.p99)}`,
    ],
    ["latency max", ms(normal.at(-1) ?? Number.NaN), ms(whole.at(-1) ?? Number.NaN), "", ""],
    [
      "lost",
      String(lostNormal.length),
      String(lost.length),
      "0",
      `${met(lostNormal.length === 0)} / ${met(lost.length === 0)}`,
    ],
    [
      "doubled",
      String(doublesNormal.length),
      String(doubles.length),
      "0",
      `${met(doublesNormal.length === 0)} / ${met(doubles.length === 0)}`,
    ],
  ];
  console.log("");
  printTable(rows);
  console.log("");
  console.log(
    `Messages written:          ${all.length} (${normalMs / 1000} s, then ${afterKillMs / 1000} s after the kill)`,
  );
  console.log(`Sent again after the kill: ${resent} (same key; answered, not stored again)`);
  console.log(
    `Owners reconnected to B:   ${reconnects.length} of ${conversations}, p50 ${ms(percentile(reconnects, 50))}, max ${ms(reconnects.at(-1) ?? Number.NaN)} after their socket dropped`,
  );
  console.log(`Seq gaps (1..last):        ${gaps} numbers missing on a side`);
  console.log(`Stored twice (database):   ${storedTwice + renumbered.length}`);
  console.log(
    `Refused:                   ${refusals.length}${refusals.length ? ` (first: ${refusals[0]})` : ""}`,
  );
  console.log(`Never answered "sent":     ${unanswered.length}`);
  // The servers' own complaints (a message that could not be stored or read), for a bug hunt.
  reportServerErrors(two, "Server errors logged:      ");
  for (const m of lost.slice(0, 5)) console.error(`  lost: ${m.id} (seq ${m.seq})`);
  for (const d of doubles.slice(0, 5)) console.error(`  doubled: seq ${d.seq} on ${d.side}`);

  // A refused or never-answered message is lost to its writer too: the run fails on any.
  const refusedCount = all.filter((m) => m.refused !== undefined).length;
  const failed =
    lost.length + doubles.length + gaps + storedTwice + renumbered.length + refusedCount + unanswered.length >
    0;
  console.log(failed ? "\nFAIL: messages were lost or doubled." : "\nOK: nothing lost, nothing doubled.");
  return failed ? 1 : 0;
}

/** Each column as wide as its widest cell, and a rule under the first row (the headings). */
function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
    if (index === 0) console.log(widths.map((width) => "-".repeat(width)).join("  "));
  }
}
