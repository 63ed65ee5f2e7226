// Tabular and structured data as text a retriever can match: each CSV row as "column: value; …" (the
// header repeated on every row, so a chunk holding one row still says what each value is), each
// JSON leaf as "path: value".

/**
 * RFC 4180: quoted fields may hold delimiters, line breaks and doubled quotes. Lenient at EOF.
 * `onRow` sees the count of rows so far as each one ends, so a budget can stop a huge file early.
 */
export function parseCsv(text: string, delimiter = sniffDelimiter(text), onRow?: (rows: number) => void): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStart = true;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') {
      rows.push(row);
      onRow?.(rows.length);
    }
    row = [];
    field = '';
    fieldStart = true;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[i++];
      else quoted = false;
    } else if (c === '"' && fieldStart) {
      quoted = true;
      fieldStart = false;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
      fieldStart = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      field += c;
      fieldStart = false;
    }
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Comma unless the first line has more semicolons or tabs (spreadsheets in many locales export those). */
function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const count = (d: string) => firstLine.split(d).length - 1;
  return [';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** `onRow` as in parseCsv (the header counts as a row). */
export function csvText(text: string, onRow?: (rows: number) => void): string {
  const [header = [], ...records] = parseCsv(text, undefined, onRow);
  const names = header.map((name, i) => name.trim() || `column ${i + 1}`);
  return records
    .map((cells) =>
      cells
        .map((value, i) => ({ name: names[i] ?? `column ${i + 1}`, value: value.replace(/\s+/g, ' ').trim() }))
        .filter((cell) => cell.value)
        .map((cell) => `${cell.name}: ${cell.value}`)
        .join('; '),
    )
    .filter(Boolean)
    .join('\n');
}

/** One line per leaf, depth-first in document order; iterative, so deep nesting cannot overflow. */
export function jsonText(value: unknown): string {
  const lines: string[] = [];
  const stack: [string, unknown][] = [['', value]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [path, node] = next;
    if (node !== null && typeof node === 'object') {
      const children = Array.isArray(node)
        ? node.map((child, i): [string, unknown] => [`${path}[${i}]`, child])
        : Object.entries(node).map(([key, child]): [string, unknown] => [path ? `${path}.${key}` : key, child]);
      stack.push(...children.reverse());
    } else if (node !== '') {
      lines.push(path ? `${path}: ${String(node)}` : String(node));
    }
  }
  return lines.join('\n');
}
