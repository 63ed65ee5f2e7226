// LanceDB filters are SQL (DataFusion) text. Every value put into one goes through here: a string
// literal only needs its quotes doubled (backslashes are not escapes in standard SQL strings).
// NUL is refused because it cannot be stored in our ids anyway and some parsers stop at it.

export function sqlString(value: string): string {
  if (value.includes('\0')) throw new Error('NUL is not allowed in a filter value');
  return `'${value.replaceAll("'", "''")}'`;
}
