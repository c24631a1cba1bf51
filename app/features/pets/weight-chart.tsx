import type { PetRecord } from "~/domain/records";
import { formatWeightWithPounds } from "~/domain/pet-format";
import { formatDate, formatMonth } from "~/domain/time-format";

/** The breed's healthy adult weight, drawn behind the line. */
export type HealthyRange = { breedName: string; minKg: number; maxKg: number };

// A phone's width of drawing units: the labels stay readable at 390 px, and the chart is capped
// at max-w-xl on wider screens.
const WIDTH = 360;
const HEIGHT = 180;
const PAD = { top: 10, right: 12, bottom: 24, left: 34 };
const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** "3 entries from …: latest …", plus the healthy range: the chart in one sentence. */
export function weightSummary(entries: { date: string; kg: number }[], range: HealthyRange | null) {
  const rangeText = range
    ? ` Healthy adult weight for a ${range.breedName}: ${range.minKg}–${range.maxKg} kg.`
    : "";
  if (entries.length === 0) return `No weights logged yet.${rangeText}`;
  const first = entries[0]!;
  const last = entries.at(-1)!;
  if (entries.length === 1) {
    return `One entry: ${formatWeightWithPounds(last.kg)} on ${formatDate(last.date)}.${rangeText}`;
  }
  const change = round1(last.kg - first.kg);
  const trend = change === 0 ? "no change" : `${change > 0 ? "up" : "down"} ${Math.abs(change)} kg`;
  return `${entries.length} entries from ${formatDate(first.date)} to ${formatDate(last.date)}: latest ${formatWeightWithPounds(last.kg)}, ${trend} since the first.${rangeText}`;
}

/** Round "nice" steps for the kg axis. */
function ticks(min: number, max: number) {
  const span = max - min;
  const step = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50].find((candidate) => span / candidate <= 6) ?? 50;
  const values: number[] = [];
  for (let value = Math.ceil(min / step) * step; value <= max + 1e-9; value += step)
    values.push(round1(value));
  return values;
}

/**
 * The weight log over time as a small SVG line, with the breed's healthy adult range as a band
 * behind it. The summary sentence names it for screen readers; the weight table beside it
 * holds every entry.
 */
export function WeightChart({ records, range }: { records: PetRecord[]; range: HealthyRange | null }) {
  const entries = records
    .filter((record) => record.kind === "weight" && record.weightKg !== null)
    .map((record) => ({ date: record.date, kg: Number(record.weightKg) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const summary = weightSummary(entries, range);
  if (entries.length === 0) {
    return <p className="mt-2 text-sm text-ink-700">{summary}</p>;
  }

  const kgs = entries.map((entry) => entry.kg);
  const low = Math.min(...kgs, ...(range ? [range.minKg] : []));
  const high = Math.max(...kgs, ...(range ? [range.maxKg] : []));
  const margin = Math.max((high - low) * 0.15, 0.5);
  const yMin = Math.max(0, low - margin);
  const yMax = high + margin;
  const firstDay = dayOf(entries[0]!.date);
  const lastDay = dayOf(entries.at(-1)!.date);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (date: string) =>
    lastDay === firstDay
      ? PAD.left + plotWidth / 2
      : PAD.left + ((dayOf(date) - firstDay) / (lastDay - firstDay)) * plotWidth;
  const y = (kg: number) => PAD.top + (1 - (kg - yMin) / (yMax - yMin)) * plotHeight;
  const points = entries.map((entry) => `${x(entry.date).toFixed(1)},${y(entry.kg).toFixed(1)}`).join(" ");

  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-xl"
        role="img"
        aria-labelledby="weight-chart-summary"
        data-testid="weight-chart"
      >
        {range ? (
          <rect
            data-testid="healthy-range"
            x={PAD.left}
            width={plotWidth}
            y={y(range.maxKg)}
            height={y(range.minKg) - y(range.maxKg)}
            className="fill-brand-100"
          />
        ) : null}
        {ticks(yMin, yMax).map((kg) => (
          <g key={kg}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(kg)} y2={y(kg)} className="stroke-ink-200" />
            <text x={PAD.left - 6} y={y(kg) + 4} textAnchor="end" className="fill-ink-700 text-[11px]">
              {kg}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} className="fill-ink-700 text-[11px]">
          {formatMonth(new Date(`${entries[0]!.date}T00:00:00Z`))}
        </text>
        {entries.length > 1 ? (
          <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-ink-700 text-[11px]">
            {formatMonth(new Date(`${entries.at(-1)!.date}T00:00:00Z`))}
          </text>
        ) : null}
        <polyline
          points={points}
          fill="none"
          strokeWidth={2.5}
          strokeLinejoin="round"
          className="stroke-brand-700"
        />
        {entries.map((entry, index) => (
          <circle key={index} cx={x(entry.date)} cy={y(entry.kg)} r={4} className="fill-brand-700" />
        ))}
      </svg>
      <figcaption id="weight-chart-summary" className="mt-2 text-sm text-ink-700">
        {summary}{" "}
        {range ? (
          <span className="text-ink-600">(The shaded band is that range; kg on the left.)</span>
        ) : null}
      </figcaption>
    </figure>
  );
}
