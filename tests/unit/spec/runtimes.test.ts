import { describe, expect, it } from 'vitest';
import { RUNTIMES, runtimeInfo } from '../../../lib/spec/index';
import { LAMBDA_RUNTIMES, lambdaRuntimeFor, runtimesOn } from '../../../lib/spec/runtimes';

// docs/interface.md "Allowed runtime values", verbatim.
const INTERFACE_VALUES = `nodejs20, nodejs18, nodejs16, nodejs14, nodejs12, nodejs10, nodejs8, nodejs6
python312, python311, python310, python39, python38, python37
go122, go121, go120, go119, go118, go116, go113, go112, go111
java21, java17, java11
ruby32, ruby30, ruby27, ruby26
php82, php81, php74
dotnet8, dotnet6`.split(/[\s,]+/);

const today = new Date().toISOString().slice(0, 10);
/** The day LAMBDA_RUNTIMES was read from AWS's runtime page. */
const READ_ON = '2026-11-23';

describe('runtime table', () => {
  it('holds every value docs/interface.md allows, and newer ones marked as the extension', () => {
    const ids = RUNTIMES.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(INTERFACE_VALUES));
    const extension = RUNTIMES.filter((r) => r.extension).map((r) => r.id);
    expect(extension.sort()).toEqual(ids.filter((id) => !INTERFACE_VALUES.includes(id)).sort());
    expect(extension).toEqual(expect.arrayContaining(['nodejs22', 'python313', 'java25', 'go126']));
  });

  // Fails once a runtime we deploy to passes its deprecation date: then update LAMBDA_RUNTIMES.
  it('maps no value to a runtime Lambda has retired today', () => {
    for (const r of RUNTIMES) {
      if (r.lambdaRuntime === 'provided.al2023') continue;
      expect(LAMBDA_RUNTIMES[r.lambdaRuntime], r.id).toBeDefined();
      expect(LAMBDA_RUNTIMES[r.lambdaRuntime]!.deprecated > today, `${r.id} → ${r.lambdaRuntime}`).toBe(true);
    }
  });

  it.each([
    ['nodejs20', 'node', '20', 'nodejs22.x', true],
    ['nodejs8', 'node', '8', 'nodejs22.x', true],
    ['python312', 'python', '3.12', 'python3.12', false],
    ['python311', 'python', '3.11', 'python3.12', true],
    ['python38', 'python', '3.8', 'python3.12', true],
    ['go122', 'go', '1.22', 'provided.al2023', false],
    ['java21', 'java', '21', 'java21', false],
    ['java11', 'java', '11', 'java21', true],
    ['ruby32', 'ruby', '3.2', 'ruby3.3', true],
    ['ruby27', 'ruby', '2.7', 'ruby3.3', true],
    ['php74', 'php', '7.4', 'provided.al2023', false],
    ['dotnet8', 'dotnet', '8', 'dotnet10', true],
  ])('on %s: %s %s deploys to %s (retired: %s)', (id, family, version, lambdaRuntime, retired) => {
    expect(runtimesOn(READ_ON).find((r) => r.id === id)).toMatchObject({ id, family, version, lambdaRuntime, retired });
  });

  it('takes the smallest supported step up, and follows the dates as they pass', () => {
    expect(lambdaRuntimeFor('node', '20', '2026-01-15')).toBe('nodejs20.x');
    expect(lambdaRuntimeFor('node', '20', '2026-05-01')).toBe('nodejs22.x');
    expect(lambdaRuntimeFor('node', '20', '2027-05-01')).toBe('nodejs24.x');
    expect(lambdaRuntimeFor('python', '3.9', '2025-12-01')).toBe('python3.9');
    expect(lambdaRuntimeFor('python', '3.9', '2026-07-01')).toBe('python3.12');
  });

  it('warns exactly for retired values, naming the runtime used instead', () => {
    for (const r of RUNTIMES) {
      if (r.retired) expect(r.warning).toContain(r.lambdaRuntime);
      else expect(r.warning).toBeUndefined();
    }
    expect(runtimeInfo('python38')!.warning).toMatch(
      /^python38 runs on Lambda's python3\.1\d: AWS no longer runs Python 3\.8\. Test the function on Python 3\.1\d; runtime "python31\d" says so/,
    );
  });

  it('advises only values the validator accepts, each naming the runtime the retired one runs on', () => {
    for (const r of RUNTIMES.filter((x) => x.retired)) {
      const advised = /runtime "([a-z0-9]+)"/.exec(r.warning!)?.[1];
      expect(advised, r.id).toBeDefined();
      expect(runtimeInfo(advised!), `${r.id} advises ${advised}`).toMatchObject({
        retired: false,
        lambdaRuntime: r.lambdaRuntime,
      });
    }
  });

  it('knows nothing else', () => {
    expect(runtimeInfo('nodejs23')).toBeUndefined();
    expect(runtimeInfo('python315')).toBeUndefined();
    expect(runtimeInfo('toString')).toBeUndefined();
  });
});
