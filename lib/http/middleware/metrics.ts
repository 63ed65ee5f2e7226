// Operational figures as CloudWatch embedded metrics (Powertools Metrics, EMF): per route, the
// invocation, its latency, and whether it failed on the caller's side (4xx) or ours (5xx); plus
// the cold start. Nothing about the account: that is the usage counters' job (usage.ts).
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { startedOf, statusOf, type HttpMiddleware, type HttpMiddyRequest } from './internal';

/** What the middleware uses of Powertools' Metrics (which has it all), so tests can pass a recorder. */
export interface EmfMetrics {
  addDimension(name: string, value: string): unknown;
  addMetric(name: string, unit: (typeof MetricUnit)[keyof typeof MetricUnit], value: number): unknown;
  captureColdStartMetric(): unknown;
  publishStoredMetrics(): unknown;
}

export function operationalMetrics(options: { metrics: EmfMetrics; route: string }): HttpMiddleware {
  const { metrics, route } = options;
  // Added and published in one synchronous run, so concurrent requests in one process never mix.
  const publish = (request: HttpMiddyRequest) => {
    const status = statusOf(request);
    metrics.addDimension('route', route);
    metrics.addMetric('invocations', MetricUnit.Count, 1);
    metrics.addMetric('latency', MetricUnit.Milliseconds, performance.now() - startedOf(request));
    metrics.addMetric('clientErrors', MetricUnit.Count, status >= 400 && status < 500 ? 1 : 0);
    metrics.addMetric('serverErrors', MetricUnit.Count, status >= 500 ? 1 : 0);
    metrics.publishStoredMetrics();
  };
  return {
    name: 'operationalMetrics',
    before: (request) => {
      startedOf(request);
      metrics.captureColdStartMetric();
    },
    after: publish,
    onError: publish,
  };
}

/** Figures dropped: for runs that have no CloudWatch to read them (the benchmarks). */
export const NO_METRICS: EmfMetrics = {
  addDimension: () => undefined,
  addMetric: () => undefined,
  captureColdStartMetric: () => undefined,
  publishStoredMetrics: () => undefined,
};
