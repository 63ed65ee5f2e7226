import { describe, expect, it } from 'vitest';
import { RUNTIMES, runtimeInfo } from '../../../lib/spec/index';

// INTERFACE.md "Allowed runtime values", verbatim.
const INTERFACE_VALUES = `nodejs20, nodejs18, nodejs16, nodejs14, nodejs12, nodejs10, nodejs8, nodejs6
python312, python311, python310, python39, python38, python37
go122, go121, go120, go119, go118, go116, go113, go112, go111
java21, java17, java11
ruby32, ruby30, ruby27, ruby26
php82, php81, php74
dotnet8, dotnet6`.split(/[\s,]+/);

const SUPPORTED_LAMBDA = new Set([
  'nodejs18.x', 'nodejs20.x', 'nodejs22.x', 'python3.9', 'python3.10', 'python3.11', 'python3.12', 'python3.13',
  'java11', 'java17', 'java21', 'ruby3.2', 'ruby3.3', 'dotnet8', 'provided.al2023',
]);

describe('runtime table', () => {
  it('holds exactly the values INTERFACE.md allows', () => {
    expect(RUNTIMES.map((r) => r.id).sort()).toEqual([...INTERFACE_VALUES].sort());
  });

  it('maps every value to a supported Lambda runtime', () => {
    for (const r of RUNTIMES) expect(SUPPORTED_LAMBDA.has(r.lambdaRuntime), r.id).toBe(true);
  });

  it.each([
    ['nodejs20', 'node', '20', 'nodejs20.x', false],
    ['nodejs8', 'node', '8', 'nodejs18.x', true],
    ['python312', 'python', '3.12', 'python3.12', false],
    ['python37', 'python', '3.7', 'python3.9', true],
    ['go122', 'go', '1.22', 'provided.al2023', false],
    ['java11', 'java', '11', 'java11', false],
    ['ruby27', 'ruby', '2.7', 'ruby3.2', true],
    ['php74', 'php', '7.4', 'provided.al2023', false],
    ['dotnet6', 'dotnet', '6', 'dotnet8', true],
  ])('%s is %s %s on %s (retired: %s)', (id, family, version, lambdaRuntime, retired) => {
    expect(runtimeInfo(id)).toMatchObject({ id, family, version, lambdaRuntime, retired });
  });

  it('warns exactly for retired values, naming the runtime used instead', () => {
    for (const r of RUNTIMES) {
      if (r.retired) expect(r.warning).toContain(r.lambdaRuntime);
      else expect(r.warning).toBeUndefined();
    }
  });

  it('knows nothing else', () => {
    expect(runtimeInfo('nodejs22')).toBeUndefined();
    expect(runtimeInfo('toString')).toBeUndefined();
  });
});
