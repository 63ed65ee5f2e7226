// Handler modules also build their deployed handler at load, which reads the configuration once:
// benchmarks that import handlers set these first (the resources named are never reached).
export function prepareHandlerEnvironment(jwtSecret: string): void {
  for (const name of [
    'FNQ_BUCKET',
    'FNQ_QUEUE_URL',
    'FNQ_UPLOADS_TABLE',
    'FNQ_USAGE_TABLE',
    'FNQ_FUNCTIONS_TABLE',
    'FNQ_LANCE_COMMITS_TABLE',
    'FNQ_LANCE_URI',
  ]) {
    process.env[name] ??= 'unused-by-this-benchmark';
  }
  process.env.FNQ_JWT_SECRET ??= jwtSecret;
}
