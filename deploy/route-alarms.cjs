// A p99 latency alarm per HTTP route, built from the functions' httpApi events in serverless.yml:
// a new route gets its alarm without anyone remembering to add one. The metric is API Gateway's
// Latency (what the caller waits, gateway included) with the route-level dimensions that the
// stage's detailed metrics publish. Thresholds come from custom.p99LatencyMs (a function's own
// entry, else `default`). CommonJS because serverless loads variable files with require().
'use strict';

const upperFirst = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/** `{ method, path }` of each httpApi event; API Gateway names a `*` route's method ANY. */
function routesOf(fn) {
  return (fn.events ?? [])
    .map((e) => e.httpApi)
    .filter((h) => h && typeof h === 'object')
    .map((h) => ({ method: h.method === '*' ? 'ANY' : String(h.method).toUpperCase(), path: h.path }));
}

function latencyAlarm(name, route, thresholdMs) {
  return {
    Type: 'AWS::CloudWatch::Alarm',
    Properties: {
      AlarmDescription: `p99 latency of ${route.method} ${route.path} (${name}) over ${thresholdMs} ms for 15 minutes`,
      Namespace: 'AWS/ApiGateway',
      MetricName: 'Latency',
      Dimensions: [
        { Name: 'ApiId', Value: { Ref: 'HttpApi' } },
        { Name: 'Stage', Value: '$default' },
        { Name: 'Resource', Value: route.path },
        { Name: 'Method', Value: route.method },
      ],
      ExtendedStatistic: 'p99',
      Period: 300,
      EvaluationPeriods: 3,
      Threshold: thresholdMs,
      ComparisonOperator: 'GreaterThanThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: 'AlarmsTopic' }],
    },
  };
}

/** A `resources` item: one alarm per HTTP route. */
module.exports = async ({ resolveConfigurationProperty }) => {
  const functions = (await resolveConfigurationProperty(['functions'])) ?? {};
  const limits = (await resolveConfigurationProperty(['custom', 'p99LatencyMs'])) ?? {};
  if (!Number.isInteger(limits.default))
    throw new Error('custom.p99LatencyMs.default must be a whole number of milliseconds');
  const unknown = Object.keys(limits).filter((k) => k !== 'default' && !functions[k]);
  if (unknown.length) throw new Error(`custom.p99LatencyMs names no function: ${unknown.join(', ')}`);
  const resources = {};
  for (const [name, fn] of Object.entries(functions)) {
    for (const [i, route] of routesOf(fn).entries()) {
      const id = `${upperFirst(name)}${i ? i + 1 : ''}P99LatencyAlarm`;
      resources[id] = latencyAlarm(name, route, limits[name] ?? limits.default);
    }
  }
  return { Resources: resources };
};
