/**
 * Where a text stops being JSON, and what was expected there: JSON.parse's own messages differ between
 * Node versions and do not always give a position.
 */
export interface JsonSyntaxError {
  offset: number;
  message: string;
}

export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const fail = (message: string): never => {
    throw { offset: i, message } satisfies JsonSyntaxError;
  };
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const found = () => (i >= text.length ? 'end of file' : JSON.stringify(text[i]));
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`expected a value, found ${found()}`);
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\n') fail('unterminated string');
      if (text[i] === '\\') {
        i++;
        if (!'"\\/bfnrtu'.includes(text[i] ?? '')) fail(`bad escape \\${text[i] ?? ''} in string`);
      }
      i++;
    }
    if (i >= text.length) fail('unterminated string');
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail(`expected a value, found ${found()}`);
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a quoted field name, found ${found()}`);
        string();
        ws();
        if (text[i] !== ':') fail(`expected ':' after the field name, found ${found()}`);
        i++;
        value();
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === '}') fail("expected a field after ',' (JSON allows no trailing comma)");
          continue;
        }
        if (text[i] === '}') return void i++;
        fail(`expected ',' or '}', found ${found()}`);
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') {
          i++;
          ws();
          if (text[i] === ']') fail("expected a value after ',' (JSON allows no trailing comma)");
          continue;
        }
        if (text[i] === ']') return void i++;
        fail(`expected ',' or ']', found ${found()}`);
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    return number();
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`expected the end of the file after the top-level value, found ${found()}`);
    return undefined;
  } catch (e) {
    if (e && typeof e === 'object' && 'offset' in e) return e as JsonSyntaxError;
    throw e;
  }
}
