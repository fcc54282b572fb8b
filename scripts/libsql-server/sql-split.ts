// A tiny SQL scanner, just enough to split a script into statements the way
// SQLite would (respecting quotes, comments and CREATE TRIGGER ... BEGIN ... END
// bodies). The native `libsql` binding silently ignores everything after the
// first statement in `prepare()`, so we need this both to reject multi-statement
// `execute` requests (as sqld does) and to run `sequence` requests one statement
// at a time (so a busy statement can be retried without re-running earlier ones).

type Token = { kind: "word" | "semi" | "other"; text: string; end: number };

const WORD = /[A-Za-z_\u0080-\uFFFF][A-Za-z0-9_$\u0080-\uFFFF]*/y;
const NUMBER = /[0-9.][0-9A-Za-z_.]*/y;

function* tokenize(sql: string): Generator<Token> {
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f") {
      i++;
    } else if (c === "-" && sql[i + 1] === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (c === "/" && sql[i + 1] === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close < 0 ? sql.length : close + 2;
    } else if (c === "'" || c === '"' || c === "`" || c === "[") {
      const quote = c === "[" ? "]" : c;
      let j = i + 1;
      for (;;) {
        const k = sql.indexOf(quote, j);
        if (k < 0) {
          j = sql.length;
          break;
        }
        // A doubled quote is an escaped quote (not for [brackets]).
        if (quote !== "]" && sql[k + 1] === quote) {
          j = k + 2;
          continue;
        }
        j = k + 1;
        break;
      }
      yield { kind: "other", text: sql.slice(i, j), end: j };
      i = j;
    } else if (c === ";") {
      yield { kind: "semi", text: c, end: i + 1 };
      i++;
    } else {
      const re = /[0-9.]/.test(c) ? NUMBER : WORD;
      re.lastIndex = i;
      const m = re.exec(sql);
      const end = m ? i + m[0].length : i + 1;
      yield { kind: m && re === WORD ? "word" : "other", text: sql.slice(i, end), end };
      i = end;
    }
  }
}

function isCreateTrigger(words: string[]): boolean {
  if (words[0] !== "CREATE") return false;
  if (words[1] === "TRIGGER") return true;
  return (words[1] === "TEMP" || words[1] === "TEMPORARY") && words[2] === "TRIGGER";
}

/** Splits `sql` into statements (each keeps its trailing `;`); empty statements are dropped. */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let words: string[] = [];
  let depth = 0; // BEGIN/CASE ... END nesting, only meaningful inside CREATE TRIGGER
  let hasContent = false;
  for (const tok of tokenize(sql)) {
    if (tok.kind === "semi") {
      if (isCreateTrigger(words) && depth > 0) continue;
      if (hasContent) out.push(sql.slice(start, tok.end));
      start = tok.end;
      words = [];
      depth = 0;
      hasContent = false;
      continue;
    }
    hasContent = true;
    if (tok.kind === "word") {
      const word = tok.text.toUpperCase();
      if (words.length < 3) words.push(word);
      if (word === "BEGIN" || word === "CASE") depth++;
      else if (word === "END") depth--;
    }
  }
  if (hasContent) out.push(sql.slice(start));
  return out;
}

/** The first keyword of `sql` (upper-cased), skipping whitespace and comments. */
export function leadingKeyword(sql: string): string {
  for (const tok of tokenize(sql)) {
    return tok.kind === "word" ? tok.text.toUpperCase() : "";
  }
  return "";
}
