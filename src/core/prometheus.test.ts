import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from './metrics.ts';
import { toPrometheus } from './prometheus.ts';
import { recordedResult } from './executor-harness.test-support.ts';
import type { ToolError } from './tool-error.ts';

const result = (name: string, options: { error?: ToolError; version?: string } = {}) => recordedResult(name, 200, options);

const timeout: ToolError = { kind: 'timeout', message: 't', retryable: true };
const failed: ToolError = { kind: 'execution_error', message: 'e', retryable: false };

/** The lines of one family, without its HELP and TYPE lines. */
function samplesOf(text: string, family: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${family}{`) || line.startsWith(`${family} `));
}

describe('toPrometheus, the whole exposition', () => {
  it('names, types and explains every family, in this order', () => {
    const headers = toPrometheus(new MetricsRecorder())
      .split('\n')
      .filter((line) => line.startsWith('#'));
    expect(headers).toEqual([
      '# HELP agent_tool_calls_total Tool calls that finished, by tool, status and (for versioned tools) version.',
      '# TYPE agent_tool_calls_total counter',
      '# HELP agent_tool_errors_total Tool calls that ended in an error, by tool and error kind.',
      '# TYPE agent_tool_errors_total counter',
      '# HELP agent_tool_call_duration_seconds Time a tool call ran, retries included, queue time excluded.',
      '# TYPE agent_tool_call_duration_seconds histogram',
      '# HELP agent_tool_retries_total Retries scheduled after a transient failure, by tool.',
      '# TYPE agent_tool_retries_total counter',
      '# HELP agent_tool_concurrency Tool calls running right now.',
      '# TYPE agent_tool_concurrency gauge',
      '# HELP agent_tool_queued_calls Tool calls waiting for a concurrency slot right now.',
      '# TYPE agent_tool_queued_calls gauge',
      '# HELP agent_tool_discovery_hits_total Tools the model called while discovery chose the offer: matched="true" if it had been offered.',
      '# TYPE agent_tool_discovery_hits_total counter',
    ]);
  });

  it('sorts tools, versions and error kinds by name, whatever order they were recorded in', () => {
    const recorder = new MetricsRecorder();
    // Neither in order nor in reverse order, so that no sort that only reverses passes.
    recorder.record(result('mid'));
    recorder.record(result('zeta', { error: timeout }));
    recorder.record(result('zeta', { error: failed }));
    recorder.record(result('alpha', { version: 'v10', error: failed }));
    recorder.record(result('alpha', { version: 'v2' }));
    recorder.record(result('alpha', { version: 'v1' }));
    const text = toPrometheus(recorder);
    expect(samplesOf(text, 'agent_tool_calls_total')).toEqual([
      'agent_tool_calls_total{tool_name="alpha",status="success",version="v1"} 1',
      'agent_tool_calls_total{tool_name="alpha",status="error",version="v1"} 0',
      'agent_tool_calls_total{tool_name="alpha",status="success",version="v10"} 0',
      'agent_tool_calls_total{tool_name="alpha",status="error",version="v10"} 1',
      'agent_tool_calls_total{tool_name="alpha",status="success",version="v2"} 1',
      'agent_tool_calls_total{tool_name="alpha",status="error",version="v2"} 0',
      'agent_tool_calls_total{tool_name="mid",status="success"} 1',
      'agent_tool_calls_total{tool_name="mid",status="error"} 0',
      'agent_tool_calls_total{tool_name="zeta",status="success"} 0',
      'agent_tool_calls_total{tool_name="zeta",status="error"} 2',
    ]);
    expect(samplesOf(text, 'agent_tool_errors_total')).toEqual([
      'agent_tool_errors_total{tool_name="alpha",kind="execution_error"} 1',
      'agent_tool_errors_total{tool_name="zeta",kind="execution_error"} 1',
      'agent_tool_errors_total{tool_name="zeta",kind="timeout"} 1',
    ]);
    expect(samplesOf(text, 'agent_tool_retries_total')).toEqual([
      'agent_tool_retries_total{tool_name="alpha"} 0',
      'agent_tool_retries_total{tool_name="mid"} 0',
      'agent_tool_retries_total{tool_name="zeta"} 0',
    ]);
  });

  it('keeps the unversioned series of a tool that also served unversioned calls, with those calls only', () => {
    const recorder = new MetricsRecorder();
    recorder.record(result('mixed', { version: 'v1' }));
    recorder.record(result('mixed', { version: 'v1', error: timeout }));
    recorder.record(result('mixed'));
    recorder.record(result('mixed'));
    recorder.record(result('mixed', { error: failed }));
    expect(samplesOf(toPrometheus(recorder), 'agent_tool_calls_total')).toEqual([
      'agent_tool_calls_total{tool_name="mixed",status="success",version="v1"} 1',
      'agent_tool_calls_total{tool_name="mixed",status="error",version="v1"} 1',
      'agent_tool_calls_total{tool_name="mixed",status="success"} 2',
      'agent_tool_calls_total{tool_name="mixed",status="error"} 1',
    ]);
  });

  it('writes zero calls for a tool that has only retried so far, the retry included', () => {
    const recorder = new MetricsRecorder();
    recorder.retry('pending');
    const text = toPrometheus(recorder);
    expect(samplesOf(text, 'agent_tool_calls_total')).toEqual([
      'agent_tool_calls_total{tool_name="pending",status="success"} 0',
      'agent_tool_calls_total{tool_name="pending",status="error"} 0',
    ]);
    expect(samplesOf(text, 'agent_tool_retries_total')).toEqual(['agent_tool_retries_total{tool_name="pending"} 1']);
  });

  it('writes the gauges and the discovery counters', () => {
    const recorder = new MetricsRecorder();
    recorder.callStarted();
    recorder.queued = 3;
    recorder.discovery.hits = 4;
    recorder.discovery.misses = 1;
    const text = toPrometheus(recorder);
    expect(samplesOf(text, 'agent_tool_concurrency')).toEqual(['agent_tool_concurrency 1']);
    expect(samplesOf(text, 'agent_tool_queued_calls')).toEqual(['agent_tool_queued_calls 3']);
    expect(samplesOf(text, 'agent_tool_discovery_hits_total')).toEqual([
      'agent_tool_discovery_hits_total{matched="true"} 4',
      'agent_tool_discovery_hits_total{matched="false"} 1',
    ]);
  });
});
