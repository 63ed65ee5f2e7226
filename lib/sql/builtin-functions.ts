// The functions generated SQL may call: MariaDB/MySQL built-ins that only compute a value from
// their arguments or the statement's rows. Anything else is refused by name, above all stored
// functions and loadable UDFs: with a careless database user they run as their definer and can
// write files or change server variables, and the read-only transaction does not stop them.
// Left out on purpose: LOAD_FILE (reads server files), SLEEP and BENCHMARK (hold a worker), the
// lock functions (locks outlive the statement), the replication waits, NEXTVAL/SETVAL/LASTVAL
// (sequences), LAST_INSERT_ID (it sets a session value when given an argument), and the
// information functions that reveal the server (USER, VERSION, CONNECTION_ID, DATABASE …).
// docs/sql.md lists the same groups.

const AGGREGATE = [
  'avg', 'bit_and', 'bit_or', 'bit_xor', 'count', 'group_concat', 'json_arrayagg', 'json_objectagg', 'max', 'median', 'min',
  'std', 'stddev', 'stddev_pop', 'stddev_samp', 'sum', 'var_pop', 'var_samp', 'variance', 'any_value', 'percentile_cont', 'percentile_disc',
];

const WINDOW = ['cume_dist', 'dense_rank', 'first_value', 'lag', 'last_value', 'lead', 'nth_value', 'ntile', 'percent_rank', 'rank', 'row_number'];

const CONTROL_FLOW = ['coalesce', 'greatest', 'if', 'ifnull', 'isnull', 'least', 'nullif', 'nvl', 'nvl2', 'decode_oracle'];

const STRING = [
  'ascii', 'bin', 'bit_length', 'char', 'char_length', 'character_length', 'chr', 'concat', 'concat_ws', 'elt', 'export_set', 'field',
  'find_in_set', 'format', 'from_base64', 'hex', 'insert', 'instr', 'lcase', 'left', 'length', 'lengthb', 'locate', 'lower', 'lpad',
  'ltrim', 'make_set', 'mid', 'oct', 'octet_length', 'ord', 'position', 'quote', 'regexp_instr', 'regexp_like', 'regexp_replace',
  'regexp_substr', 'repeat', 'replace', 'reverse', 'right', 'rpad', 'rtrim', 'sformat', 'soundex', 'space', 'strcmp', 'substr',
  'substring', 'substring_index', 'to_base64', 'to_char', 'trim', 'ucase', 'unhex', 'upper', 'weight_string', 'natural_sort_key',
  'collation', 'charset', 'coercibility', 'convert', 'cast', 'binary',
];

const NUMERIC = [
  'abs', 'acos', 'asin', 'atan', 'atan2', 'ceil', 'ceiling', 'conv', 'cos', 'cot', 'crc32', 'crc32c', 'degrees', 'div', 'exp', 'floor',
  'ln', 'log', 'log10', 'log2', 'mod', 'pi', 'pow', 'power', 'radians', 'rand', 'round', 'sign', 'sin', 'sqrt', 'tan', 'truncate',
  'bit_count',
];

const DATE_TIME = [
  'adddate', 'addtime', 'convert_tz', 'curdate', 'current_date', 'current_time', 'current_timestamp', 'curtime', 'date', 'date_add',
  'date_format', 'date_sub', 'datediff', 'day', 'dayname', 'dayofmonth', 'dayofweek', 'dayofyear', 'extract', 'from_days',
  'from_unixtime', 'get_format', 'hour', 'last_day', 'localtime', 'localtimestamp', 'makedate', 'maketime', 'microsecond', 'minute',
  'month', 'monthname', 'now', 'period_add', 'period_diff', 'quarter', 'sec_to_time', 'second', 'str_to_date', 'subdate', 'subtime',
  'sysdate', 'time', 'time_format', 'time_to_sec', 'timediff', 'timestamp', 'timestampadd', 'timestampdiff', 'to_days', 'to_seconds',
  'unix_timestamp', 'utc_date', 'utc_time', 'utc_timestamp', 'week', 'weekday', 'weekofyear', 'year', 'yearweek', 'add_months', 'trunc',
];

const JSON_FUNCTIONS = [
  'json_array', 'json_array_append', 'json_array_insert', 'json_array_intersect', 'json_compact', 'json_contains', 'json_contains_path',
  'json_depth', 'json_detailed', 'json_equals', 'json_exists', 'json_extract', 'json_insert', 'json_keys', 'json_length', 'json_loose',
  'json_merge', 'json_merge_patch', 'json_merge_preserve', 'json_normalize', 'json_object', 'json_object_filter_keys',
  'json_object_to_array', 'json_overlaps', 'json_pretty', 'json_query', 'json_quote', 'json_remove', 'json_replace', 'json_schema_valid',
  'json_search', 'json_set', 'json_type', 'json_unquote', 'json_valid', 'json_value', 'json_storage_size',
];

const HASH_AND_CONVERSION = ['md5', 'sha', 'sha1', 'sha2', 'uuid', 'uuid_short', 'inet_aton', 'inet_ntoa', 'inet6_aton', 'inet6_ntoa', 'is_ipv4', 'is_ipv6', 'bin_to_uuid', 'uuid_to_bin'];

/** Lower-case names; the server matches built-in names without case. */
export const BUILTIN_FUNCTIONS: ReadonlySet<string> = new Set([
  ...AGGREGATE, ...WINDOW, ...CONTROL_FLOW, ...STRING, ...NUMERIC, ...DATE_TIME, ...JSON_FUNCTIONS, ...HASH_AND_CONVERSION,
]);

/**
 * Keywords that the grammar puts before `(` without calling anything: subqueries, lists,
 * CTE bodies, window specifications, index hints, operators written as words.
 */
export const KEYWORDS_BEFORE_PARENTHESIS: ReadonlySet<string> = new Set([
  'select', 'from', 'join', 'on', 'using', 'in', 'exists', 'as', 'and', 'or', 'not', 'xor', 'where', 'having', 'when', 'then', 'else',
  'case', 'over', 'union', 'all', 'any', 'some', 'distinct', 'distinctrow', 'by', 'like', 'rlike', 'regexp', 'between', 'is',
  'index', 'key', 'values', 'with', 'recursive', 'lateral', 'row', 'except', 'intersect', 'minus', 'partition', 'window', 'escape',
  'limit', 'offset', 'straight_join', 'group',
  // Type names of CAST and CONVERT; reserved words, so no stored function can be called by them unquoted.
  'char', 'decimal', 'dec', 'numeric', 'float', 'double', 'binary', 'varchar', 'nchar', 'time', 'datetime', 'timestamp', 'div', 'mod', 'asc', 'desc', 'interval', 'match', 'against', 'for',
]);
