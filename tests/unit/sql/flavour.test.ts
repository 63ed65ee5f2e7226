import { describe, expect, it } from 'vitest';
import { flavourOf } from '../../../lib/sql/connect';

describe('flavourOf', () => {
  it.each([
    ['10.11.19-MariaDB-0+deb12u1', 'MariaDB'],
    ['5.5.5-10.6.16-MariaDB-log', 'MariaDB'],
    ['11.4.2-MariaDB', 'MariaDB'],
    ['8.0.36', 'MySQL'],
    ['8.4.0-commercial', 'MySQL'],
    ['5.7.44-log', 'MySQL'],
  ])('reads %s as %s', (version, flavour) => {
    expect(flavourOf(version)).toBe(flavour);
  });
});
