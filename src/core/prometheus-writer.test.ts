import { describe, expect, it } from 'vitest';
import { durationBucketsSeconds } from './metrics.ts';
import { PrometheusWriter } from './prometheus-writer.ts';

describe('PrometheusWriter', () => {
  it('writes HELP and TYPE before the samples, escapes label values and spells the special numbers', () => {
    const text = new PrometheusWriter()
      .family('demo_total', 'counter', 'A demo.')
      .sample('demo_total', { tool_name: 'say "hi"\\\n' }, 3)
      .sample('demo_total', {}, Number.NaN)
      .sample('demo_total', { kind: 'up' }, Infinity)
      .sample('demo_total', { kind: 'down' }, -Infinity)
      .text();
    expect(text).toBe(
      [
        '# HELP demo_total A demo.',
        '# TYPE demo_total counter',
        'demo_total{tool_name="say \\"hi\\"\\\\\\n"} 3',
        'demo_total NaN',
        'demo_total{kind="up"} +Inf',
        'demo_total{kind="down"} -Inf',
        '',
      ].join('\n'),
    );
  });

  it('writes one bucket per bound, then +Inf, _sum and _count, keeping the series labels', () => {
    const counts = durationBucketsSeconds.map((_, index) => index);
    const lines = new PrometheusWriter()
      .durationHistogram('took_seconds', { tool_name: 'x' }, { cumulativeCounts: counts, count: 40, sumSeconds: 1.5 })
      .text()
      .trim()
      .split('\n');
    expect(lines).toHaveLength(durationBucketsSeconds.length + 3);
    expect(lines[0]).toBe(`took_seconds_bucket{tool_name="x",le="${durationBucketsSeconds[0]}"} 0`);
    expect(lines.at(-3)).toBe('took_seconds_bucket{tool_name="x",le="+Inf"} 40');
    expect(lines.at(-2)).toBe('took_seconds_sum{tool_name="x"} 1.5');
    expect(lines.at(-1)).toBe('took_seconds_count{tool_name="x"} 40');
  });
});
